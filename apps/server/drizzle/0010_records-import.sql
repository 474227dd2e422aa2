CREATE TABLE "record_import_mappings" (
	"partners_id" integer NOT NULL,
	"partner_sponsored_types_id" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_import_mappings_partners_id_partner_sponsored_types_id_pk" PRIMARY KEY("partners_id","partner_sponsored_types_id")
);
--> statement-breakpoint
CREATE TABLE "record_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer,
	"partner_sponsored_types_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea",
	"pictures_file_name" text,
	"pictures" "bytea",
	"mapping" jsonb NOT NULL,
	"date_order" text DEFAULT 'mdy' NOT NULL,
	"program_scope" jsonb,
	"job_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "record_imports_state" CHECK ("record_imports"."state" IN ('queued', 'running', 'completed', 'failed')),
	CONSTRAINT "record_imports_date_order" CHECK ("record_imports"."date_order" IN ('mdy', 'dmy'))
);
--> statement-breakpoint
ALTER TABLE "record_import_mappings" ADD CONSTRAINT "record_import_mappings_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_import_mappings" ADD CONSTRAINT "record_import_mappings_partner_sponsored_types_id_partner_sponsored_types_id_fk" FOREIGN KEY ("partner_sponsored_types_id") REFERENCES "public"."partner_sponsored_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_imports" ADD CONSTRAINT "record_imports_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_imports" ADD CONSTRAINT "record_imports_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_imports" ADD CONSTRAINT "record_imports_partner_sponsored_types_id_partner_sponsored_types_id_fk" FOREIGN KEY ("partner_sponsored_types_id") REFERENCES "public"."partner_sponsored_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_imports_partner_idx" ON "record_imports" USING btree ("partners_id","created_at");