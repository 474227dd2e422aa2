ALTER TABLE "lightning_links" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lightning_links" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "lightning_links" ADD COLUMN "closed_by_users_id" integer;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD COLUMN "closed_by_users_id" integer;--> statement-breakpoint
ALTER TABLE "lightning_links" ADD CONSTRAINT "lightning_links_closed_by_users_id_users_id_fk" FOREIGN KEY ("closed_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_closed_by_users_id_users_id_fk" FOREIGN KEY ("closed_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;