ALTER TABLE "partners" ADD COLUMN "stripe_charges_enabled" boolean;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "event_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_events_subject_idx" ON "webhook_events" USING btree ("subject_id","event_created_at");