ALTER TABLE "payment_methods" ADD COLUMN "last_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "last_failed_at" timestamp with time zone;