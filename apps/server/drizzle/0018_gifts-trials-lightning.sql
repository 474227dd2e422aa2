CREATE TABLE "lightning_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"code" text NOT NULL,
	"campaign" text NOT NULL,
	"partner_sponsored_types_id" integer,
	"sponsoreds_id" integer,
	"created_by_users_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lightning_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind";--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "open_ended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "sponsoreds_id" integer;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "giver_name" text;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "giver_email" text;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "deliver_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "manage_code" text;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "user_sponsoreds_id" integer;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "paid_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lightning_links_id" integer;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "partner_sponsored_types_id" integer;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "created_by_users_id" integer;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "user_sponsoreds_id" integer;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lightning_links" ADD CONSTRAINT "lightning_links_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lightning_links" ADD CONSTRAINT "lightning_links_partner_sponsored_types_id_partner_sponsored_types_id_fk" FOREIGN KEY ("partner_sponsored_types_id") REFERENCES "public"."partner_sponsored_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lightning_links" ADD CONSTRAINT "lightning_links_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lightning_links" ADD CONSTRAINT "lightning_links_created_by_users_id_users_id_fk" FOREIGN KEY ("created_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lightning_links_partner_idx" ON "lightning_links" USING btree ("partners_id","created_at");--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_partner_sponsored_types_id_partner_sponsored_types_id_fk" FOREIGN KEY ("partner_sponsored_types_id") REFERENCES "public"."partner_sponsored_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_created_by_users_id_users_id_fk" FOREIGN KEY ("created_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_codes_partner_idx" ON "gift_codes" USING btree ("partners_id","created_at");--> statement-breakpoint
CREATE INDEX "trial_codes_partner_idx" ON "trial_codes" USING btree ("partners_id","created_at");--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_manage_code_unique" UNIQUE("manage_code");--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_months" CHECK ("gift_codes"."months" BETWEEN 1 AND 24);--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_days" CHECK ("trial_codes"."days" BETWEEN 1 AND 365);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind" CHECK ("email_outbox"."kind" IN ('receipt', 'update_notice', 'invitation', 'reminder', 'webhook_delivery', 'sponsorship_notice', 'gift'));