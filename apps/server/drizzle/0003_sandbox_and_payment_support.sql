CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"customer_id" text,
	"payment_method_id" text NOT NULL,
	"subscription_id" text,
	"amount" integer NOT NULL,
	"application_fee_amount" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency" UNIQUE("account_id","idempotency_key"),
	CONSTRAINT "sandbox_charges_status" CHECK ("sandbox_charges"."status" IN ('succeeded', 'failed')),
	CONSTRAINT "sandbox_charges_refund_within_amount" CHECK ("sandbox_charges"."refunded_amount" >= 0 AND "sandbox_charges"."refunded_amount" <= "sandbox_charges"."amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"default_payment_method_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_customers_idempotency" UNIQUE("account_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"customer_id" text,
	"type" text NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"bank_name" text,
	"routing_number" text,
	"account_type" text,
	"behaviour" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone,
	CONSTRAINT "sandbox_payment_methods_idempotency" UNIQUE("account_id","idempotency_key"),
	CONSTRAINT "sandbox_payment_methods_type" CHECK ("sandbox_payment_methods"."type" IN ('card', 'us_bank_account', 'acss_debit'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency" UNIQUE("account_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"interval" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"quantity" integer NOT NULL,
	"application_fee_percent" double precision DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"latest_charge_id" text,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "sandbox_subscriptions_idempotency" UNIQUE("account_id","idempotency_key"),
	CONSTRAINT "sandbox_subscriptions_interval" CHECK ("sandbox_subscriptions"."interval" IN ('month', 'year')),
	CONSTRAINT "sandbox_subscriptions_quantity" CHECK ("sandbox_subscriptions"."quantity" >= 1 AND "sandbox_subscriptions"."unit_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer NOT NULL,
	"gateway_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_customers_gateway_customer_id_unique" UNIQUE("gateway_customer_id"),
	CONSTRAINT "gateway_customers_person" UNIQUE("partners_id","users_id")
);
--> statement-breakpoint
CREATE TABLE "order_payment_requests" (
	"orders_id" integer PRIMARY KEY NOT NULL,
	"gateway_payment_method_id" text NOT NULL,
	"gateway_customer_id" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_form_guards" (
	"partners_id" integer PRIMARY KEY NOT NULL,
	"strict_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_rate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"form" text NOT NULL,
	"outcome" text NOT NULL,
	"client_address" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_rate_events_form" CHECK ("payment_rate_events"."form" IN ('checkout', 'donation', 'billing')),
	CONSTRAINT "payment_rate_events_outcome" CHECK ("payment_rate_events"."outcome" IN ('attempt', 'failure'))
);
--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_requests" ADD CONSTRAINT "order_payment_requests_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_form_guards" ADD CONSTRAINT "payment_form_guards_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_charges_subscription_idx" ON "sandbox_charges" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_customer_idx" ON "sandbox_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_due_idx" ON "sandbox_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "payment_rate_events_address_idx" ON "payment_rate_events" USING btree ("client_address","outcome","created_at");--> statement-breakpoint
CREATE INDEX "payment_rate_events_email_idx" ON "payment_rate_events" USING btree ("email","outcome","created_at");--> statement-breakpoint
CREATE INDEX "payment_rate_events_form_idx" ON "payment_rate_events" USING btree ("partners_id","form","outcome","created_at");