CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_setting_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intervals" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"multiplier" double precision NOT NULL,
	CONSTRAINT "payment_intervals_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsored_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"countries_id" integer,
	"image_url" text,
	"description" text,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "entities_id_partner" UNIQUE("id","partners_id"),
	CONSTRAINT "entities_latitude_range" CHECK ("entities"."latitude" IS NULL OR ("entities"."latitude" BETWEEN -90 AND 90)),
	CONSTRAINT "entities_longitude_range" CHECK ("entities"."longitude" IS NULL OR ("entities"."longitude" BETWEEN -180 AND 180))
);
--> statement-breakpoint
CREATE TABLE "partner_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"domain" text NOT NULL,
	CONSTRAINT "partner_domains_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "partner_features" (
	"partners_id" integer NOT NULL,
	"features_id" integer NOT NULL,
	CONSTRAINT "partner_features_partners_id_features_id_pk" PRIMARY KEY("partners_id","features_id")
);
--> statement-breakpoint
CREATE TABLE "partner_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"integration_type" text NOT NULL,
	"config" text,
	CONSTRAINT "partner_integrations_partners_id_integration_type_unique" UNIQUE("partners_id","integration_type")
);
--> statement-breakpoint
CREATE TABLE "partner_settings" (
	"partners_id" integer NOT NULL,
	"partner_setting_types_id" integer NOT NULL,
	"value" text,
	CONSTRAINT "partner_settings_partners_id_partner_setting_types_id_pk" PRIMARY KEY("partners_id","partner_setting_types_id")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"subdomain" text NOT NULL,
	"name" text NOT NULL,
	"countries_id" integer,
	"ein" text,
	"tagline" text,
	"description" text,
	"support_email" text,
	"image_url" text,
	"logo" text,
	"header_image" text,
	"brand_color" text DEFAULT '#1c7ed6' NOT NULL,
	"website" text,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"sponsor_proc_fee" double precision DEFAULT 0 NOT NULL,
	"general_proc_fee" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"demo_mode" boolean DEFAULT false NOT NULL,
	"private_demo" boolean DEFAULT false NOT NULL,
	"is_support_site" boolean DEFAULT false NOT NULL,
	"allow_banks" boolean DEFAULT false NOT NULL,
	"stripe_user_id" text,
	"stripe_client_id" text,
	"auth0_client_id" text,
	"principal_contact_name" text,
	"principal_contact_email" text,
	"principal_contact_title" text,
	"account_manager_name" text,
	"account_manager_email" text,
	"landing_page_templates_id" integer DEFAULT 2 NOT NULL,
	"products_id" integer,
	"application_fee_model" text DEFAULT 'tip' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_subdomain_unique" UNIQUE("subdomain"),
	CONSTRAINT "partners_subdomain_format" CHECK ("partners"."subdomain" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'),
	CONSTRAINT "partners_fees_non_negative" CHECK ("partners"."sponsor_proc_fee" >= 0 AND "partners"."general_proc_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "custom_column_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsoreds_id" integer NOT NULL,
	"column_name" text NOT NULL,
	"value" text,
	CONSTRAINT "custom_column_values_sponsoreds_id_column_name_unique" UNIQUE("sponsoreds_id","column_name")
);
--> statement-breakpoint
CREATE TABLE "filter_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"filter_types_id" integer NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filter_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsored_types_id" integer NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"filter_field" text NOT NULL,
	"filter_option_kind" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_sponsored_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"sponsored_types_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"custom_label_singular" text NOT NULL,
	"custom_label_plural" text NOT NULL,
	"custom_slot_name" text DEFAULT 'Slot' NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"show_slots" boolean DEFAULT true NOT NULL,
	"visible_slots" integer DEFAULT 1 NOT NULL,
	"max_slots" integer DEFAULT 1 NOT NULL,
	"mask_profiles" boolean DEFAULT false NOT NULL,
	"show_birthday" boolean DEFAULT false NOT NULL,
	"show_age" boolean DEFAULT true NOT NULL,
	"show_last_name" boolean DEFAULT false NOT NULL,
	"grid_layout" text DEFAULT 'column' NOT NULL,
	"custom_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "partner_sponsored_types_identifier" UNIQUE("partners_id","identifier"),
	CONSTRAINT "partner_sponsored_types_id_partner" UNIQUE("id","partners_id"),
	CONSTRAINT "pst_grid_layout" CHECK ("partner_sponsored_types"."grid_layout" IN ('column', 'deck', 'deck-cropped')),
	CONSTRAINT "pst_slots_positive" CHECK ("partner_sponsored_types"."visible_slots" >= 1 AND "partner_sponsored_types"."max_slots" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sponsored_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsoreds_id" integer NOT NULL,
	"description" text NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsored_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsoreds_id" integer NOT NULL,
	"image_path" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsored_type_plan_intervals" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsored_type_plans_id" integer NOT NULL,
	"payment_intervals_id" integer NOT NULL,
	CONSTRAINT "sponsored_type_plan_intervals_sponsored_type_plans_id_payment_intervals_id_unique" UNIQUE("sponsored_type_plans_id","payment_intervals_id")
);
--> statement-breakpoint
CREATE TABLE "sponsored_type_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_sponsored_types_id" integer NOT NULL,
	"monthly_amount" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_amount_positive" CHECK ("sponsored_type_plans"."monthly_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sponsoreds" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"partner_sponsored_types_id" integer NOT NULL,
	"sponsored_types_id" integer NOT NULL,
	"entities_id" integer NOT NULL,
	"code" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"gender" text,
	"birthday" date,
	"title" text,
	"bio" text,
	"grades_id" integer,
	"homeroom" text,
	"monthly_amount" integer,
	"max_slots" integer DEFAULT 1 NOT NULL,
	"slots_filled" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"show_birthday" boolean,
	"show_age" boolean,
	"show_last_name" boolean,
	"profile_image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsoreds_code_per_partner" UNIQUE("partners_id","code"),
	CONSTRAINT "sponsoreds_slots_within_max" CHECK ("sponsoreds"."slots_filled" >= 0 AND "sponsoreds"."slots_filled" <= "sponsoreds"."max_slots"),
	CONSTRAINT "sponsoreds_max_slots_positive" CHECK ("sponsoreds"."max_slots" >= 1),
	CONSTRAINT "sponsoreds_status" CHECK ("sponsoreds"."status" IN ('active', 'reserved', 'inactive', 'archived')),
	CONSTRAINT "sponsoreds_gender" CHECK ("sponsoreds"."gender" IS NULL OR "sponsoreds"."gender" IN ('Male', 'Female')),
	CONSTRAINT "sponsoreds_amount_positive" CHECK ("sponsoreds"."monthly_amount" IS NULL OR "sponsoreds"."monthly_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"sponsoreds_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"distribution_date" date NOT NULL,
	"update_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "updates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_user_entities" (
	"partner_users_id" integer NOT NULL,
	"entities_id" integer NOT NULL,
	CONSTRAINT "partner_user_entities_partner_users_id_entities_id_pk" PRIMARY KEY("partner_users_id","entities_id")
);
--> statement-breakpoint
CREATE TABLE "partner_user_roles" (
	"partner_users_id" integer NOT NULL,
	"roles_id" integer NOT NULL,
	CONSTRAINT "partner_user_roles_partner_users_id_roles_id_pk" PRIMARY KEY("partner_users_id","roles_id")
);
--> statement-breakpoint
CREATE TABLE "partner_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer NOT NULL,
	CONSTRAINT "partner_users_partners_id_users_id_unique" UNIQUE("partners_id","users_id")
);
--> statement-breakpoint
CREATE TABLE "user_sponsoreds" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer NOT NULL,
	"sponsoreds_id" integer NOT NULL,
	"num_slots" integer DEFAULT 1 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"interval" text,
	"subscriptions_id" integer,
	"is_manual" boolean DEFAULT false NOT NULL,
	"date_started" timestamp with time zone DEFAULT now() NOT NULL,
	"date_ended" timestamp with time zone,
	CONSTRAINT "user_sponsoreds_slots_positive" CHECK ("user_sponsoreds"."num_slots" >= 1),
	CONSTRAINT "user_sponsoreds_interval" CHECK ("user_sponsoreds"."interval" IS NULL OR "user_sponsoreds"."interval" IN ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"auth_user_id" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"phone" text,
	"temp_account" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone,
	CONSTRAINT "users_auth_user_id_unique" UNIQUE("auth_user_id")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer,
	"orders_id" integer,
	"first_name" text,
	"last_name" text,
	"email" text,
	"amount" integer NOT NULL,
	"initiative" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_minimum" CHECK ("donations"."amount" >= 100),
	CONSTRAINT "donations_note_length" CHECK ("donations"."note" IS NULL OR char_length("donations"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"code" text NOT NULL,
	"purchaser_users_id" integer,
	"orders_id" integer,
	"recipient_name" text,
	"recipient_email" text,
	"partner_sponsored_types_id" integer,
	"months" integer DEFAULT 12 NOT NULL,
	"amount" integer NOT NULL,
	"redeemed_by_users_id" integer,
	"redeemed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"interval" text,
	"base_amount" integer NOT NULL,
	"additional_amount" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"idempotency_key" text,
	"receipt_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_receipt_code_unique" UNIQUE("receipt_code"),
	CONSTRAINT "orders_idempotency" UNIQUE("partners_id","idempotency_key"),
	CONSTRAINT "orders_kind" CHECK ("orders"."kind" IN ('subscription', 'donation', 'gift')),
	CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."base_amount" >= 0 AND "orders"."additional_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer NOT NULL,
	"gateway_payment_method_id" text NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"bank_name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_gateway_payment_method_id_unique" UNIQUE("gateway_payment_method_id"),
	CONSTRAINT "payment_methods_type" CHECK ("payment_methods"."type" IN ('card', 'us_bank_account', 'acss_debit'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"orders_id" integer,
	"subscriptions_id" integer,
	"donations_id" integer,
	"gateway_charge_id" text,
	"amount" integer NOT NULL,
	"application_fee" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"receipt_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_gateway_charge_id_unique" UNIQUE("gateway_charge_id"),
	CONSTRAINT "payments_receipt_code_unique" UNIQUE("receipt_code"),
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('succeeded', 'failed', 'refunded', 'pending')),
	CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refunded_amount" >= 0 AND "payments"."refunded_amount" <= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "slot_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"sponsoreds_id" integer NOT NULL,
	"users_id" integer,
	"orders_id" integer,
	"num_slots" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_holds_positive" CHECK ("slot_holds"."num_slots" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer NOT NULL,
	"orders_id" integer,
	"gateway_subscription_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"interval" text NOT NULL,
	"base_amount" integer NOT NULL,
	"additional_amount" integer DEFAULT 0 NOT NULL,
	"payment_methods_id" integer,
	"current_period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "subscriptions_gateway_subscription_id_unique" UNIQUE("gateway_subscription_id"),
	CONSTRAINT "subscriptions_interval" CHECK ("subscriptions"."interval" IN ('month', 'year')),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" IN ('active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired'))
);
--> statement-breakpoint
CREATE TABLE "trial_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"code" text NOT NULL,
	"sponsoreds_id" integer,
	"days" integer DEFAULT 30 NOT NULL,
	"redeemed_by_users_id" integer,
	"redeemed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"sponsoreds_id" integer,
	"from_users_id" integer,
	"to_users_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "occasions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"sponsoreds_id" integer,
	"users_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"occasion_date" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer,
	"users_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer,
	"dedupe_key" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_countries_id_countries_id_fk" FOREIGN KEY ("countries_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_domains" ADD CONSTRAINT "partner_domains_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_features" ADD CONSTRAINT "partner_features_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_features" ADD CONSTRAINT "partner_features_features_id_features_id_fk" FOREIGN KEY ("features_id") REFERENCES "public"."features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_integrations" ADD CONSTRAINT "partner_integrations_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settings" ADD CONSTRAINT "partner_settings_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settings" ADD CONSTRAINT "partner_settings_partner_setting_types_id_partner_setting_types_id_fk" FOREIGN KEY ("partner_setting_types_id") REFERENCES "public"."partner_setting_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_countries_id_countries_id_fk" FOREIGN KEY ("countries_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_column_values" ADD CONSTRAINT "custom_column_values_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_options" ADD CONSTRAINT "filter_options_filter_types_id_filter_types_id_fk" FOREIGN KEY ("filter_types_id") REFERENCES "public"."filter_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_types" ADD CONSTRAINT "filter_types_sponsored_types_id_sponsored_types_id_fk" FOREIGN KEY ("sponsored_types_id") REFERENCES "public"."sponsored_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sponsored_types" ADD CONSTRAINT "partner_sponsored_types_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sponsored_types" ADD CONSTRAINT "partner_sponsored_types_sponsored_types_id_sponsored_types_id_fk" FOREIGN KEY ("sponsored_types_id") REFERENCES "public"."sponsored_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_attributes" ADD CONSTRAINT "sponsored_attributes_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_images" ADD CONSTRAINT "sponsored_images_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_type_plan_intervals" ADD CONSTRAINT "sponsored_type_plan_intervals_sponsored_type_plans_id_sponsored_type_plans_id_fk" FOREIGN KEY ("sponsored_type_plans_id") REFERENCES "public"."sponsored_type_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_type_plan_intervals" ADD CONSTRAINT "sponsored_type_plan_intervals_payment_intervals_id_payment_intervals_id_fk" FOREIGN KEY ("payment_intervals_id") REFERENCES "public"."payment_intervals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_type_plans" ADD CONSTRAINT "sponsored_type_plans_partner_sponsored_types_id_partner_sponsored_types_id_fk" FOREIGN KEY ("partner_sponsored_types_id") REFERENCES "public"."partner_sponsored_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD CONSTRAINT "sponsoreds_sponsored_types_id_sponsored_types_id_fk" FOREIGN KEY ("sponsored_types_id") REFERENCES "public"."sponsored_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD CONSTRAINT "sponsoreds_grades_id_grades_id_fk" FOREIGN KEY ("grades_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD CONSTRAINT "sponsoreds_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD CONSTRAINT "sponsoreds_partner_sponsored_types_id_partners_id_partner_sponsored_types_id_partners_id_fk" FOREIGN KEY ("partner_sponsored_types_id","partners_id") REFERENCES "public"."partner_sponsored_types"("id","partners_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD CONSTRAINT "sponsoreds_entities_id_partners_id_entities_id_partners_id_fk" FOREIGN KEY ("entities_id","partners_id") REFERENCES "public"."entities"("id","partners_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user_entities" ADD CONSTRAINT "partner_user_entities_partner_users_id_partner_users_id_fk" FOREIGN KEY ("partner_users_id") REFERENCES "public"."partner_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user_entities" ADD CONSTRAINT "partner_user_entities_entities_id_entities_id_fk" FOREIGN KEY ("entities_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user_roles" ADD CONSTRAINT "partner_user_roles_partner_users_id_partner_users_id_fk" FOREIGN KEY ("partner_users_id") REFERENCES "public"."partner_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user_roles" ADD CONSTRAINT "partner_user_roles_roles_id_roles_id_fk" FOREIGN KEY ("roles_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sponsoreds" ADD CONSTRAINT "user_sponsoreds_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sponsoreds" ADD CONSTRAINT "user_sponsoreds_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sponsoreds" ADD CONSTRAINT "user_sponsoreds_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_auth_user_id_auth_user_id_fk" FOREIGN KEY ("auth_user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_purchaser_users_id_users_id_fk" FOREIGN KEY ("purchaser_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_partner_sponsored_types_id_partner_sponsored_types_id_fk" FOREIGN KEY ("partner_sponsored_types_id") REFERENCES "public"."partner_sponsored_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_redeemed_by_users_id_users_id_fk" FOREIGN KEY ("redeemed_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscriptions_id_subscriptions_id_fk" FOREIGN KEY ("subscriptions_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_donations_id_donations_id_fk" FOREIGN KEY ("donations_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_redeemed_by_users_id_users_id_fk" FOREIGN KEY ("redeemed_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_from_users_id_users_id_fk" FOREIGN KEY ("from_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_to_users_id_users_id_fk" FOREIGN KEY ("to_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occasions" ADD CONSTRAINT "occasions_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occasions" ADD CONSTRAINT "occasions_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occasions" ADD CONSTRAINT "occasions_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entities_partner_idx" ON "entities" USING btree ("partners_id");--> statement-breakpoint
CREATE INDEX "sponsored_attributes_sponsored_idx" ON "sponsored_attributes" USING btree ("sponsoreds_id");--> statement-breakpoint
CREATE INDEX "sponsored_images_sponsored_idx" ON "sponsored_images" USING btree ("sponsoreds_id");--> statement-breakpoint
CREATE INDEX "plans_type_idx" ON "sponsored_type_plans" USING btree ("partner_sponsored_types_id");--> statement-breakpoint
CREATE INDEX "sponsoreds_listing_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","status","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_entity_idx" ON "sponsoreds" USING btree ("entities_id");--> statement-breakpoint
CREATE INDEX "updates_sponsored_idx" ON "updates" USING btree ("sponsoreds_id");--> statement-breakpoint
CREATE INDEX "auth_account_user_idx" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verification_identifier_idx" ON "auth_verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "partner_users_user_idx" ON "partner_users" USING btree ("users_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_sponsoreds_one_active" ON "user_sponsoreds" USING btree ("users_id","sponsoreds_id") WHERE "user_sponsoreds"."date_ended" IS NULL;--> statement-breakpoint
CREATE INDEX "user_sponsoreds_sponsored_idx" ON "user_sponsoreds" USING btree ("sponsoreds_id");--> statement-breakpoint
CREATE INDEX "user_sponsoreds_user_idx" ON "user_sponsoreds" USING btree ("users_id","partners_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("users_id");--> statement-breakpoint
CREATE INDEX "slot_holds_sponsored_idx" ON "slot_holds" USING btree ("sponsoreds_id","expires_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("users_id");--> statement-breakpoint
CREATE INDEX "messages_partner_idx" ON "messages" USING btree ("partners_id","created_at");--> statement-breakpoint
CREATE INDEX "occasions_partner_date_idx" ON "occasions" USING btree ("partners_id","occasion_date");--> statement-breakpoint
CREATE INDEX "audit_log_partner_idx" ON "audit_log" USING btree ("partners_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("status","created_at");