ALTER TABLE "partners" ADD COLUMN "default_locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "locales" text[] DEFAULT ARRAY['en-US']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
UPDATE "partners" SET "default_locale" = 'en-CA', "locales" = ARRAY['en-CA']::text[] WHERE "countries_id" = 8;
