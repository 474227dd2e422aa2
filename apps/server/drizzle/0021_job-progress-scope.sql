ALTER TABLE "job_progress" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "job_progress" ADD COLUMN "program_scope" jsonb;--> statement-breakpoint
UPDATE "job_progress" SET "action" = 'donations.manage' WHERE "name" = 'reports.year_end_statements';--> statement-breakpoint
UPDATE "job_progress" AS jp SET "action" = 'records.manage', "program_scope" = ri."program_scope"
  FROM "record_imports" AS ri WHERE ri."job_id" = jp."id" AND jp."name" = 'records.import';
