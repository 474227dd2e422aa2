CREATE TABLE "email_templates" (
	"partners_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_partners_id_kind_pk" PRIMARY KEY("partners_id","kind"),
	CONSTRAINT "email_templates_kind" CHECK ("email_templates"."kind" IN ('receipt', 'update_notice', 'invitation', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;