ALTER TABLE "email_templates" ADD COLUMN "locale" text;--> statement-breakpoint
UPDATE "email_templates" SET "locale" = "partners"."default_locale" FROM "partners" WHERE "partners"."id" = "email_templates"."partners_id";--> statement-breakpoint
ALTER TABLE "email_templates" ALTER COLUMN "locale" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_partners_id_kind_pk";--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_partners_id_kind_locale_pk" PRIMARY KEY("partners_id","kind","locale");
