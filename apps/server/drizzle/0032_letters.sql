CREATE TABLE "letter_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"picture_path" text NOT NULL,
	"reply_to_id" integer,
	"messages_id" integer,
	"problem" text,
	"created_by_users_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letter_settings" (
	"partners_id" integer PRIMARY KEY NOT NULL,
	"guidelines" text DEFAULT '' NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"messages_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT 'text' NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"decided_by_users_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "message_flags_status" CHECK ("message_flags"."status" IN ('open', 'accepted', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "message_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"messages_id" integer NOT NULL,
	"status" text NOT NULL,
	"by_users_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"user_sponsoreds_id" integer NOT NULL,
	"sponsoreds_id" integer NOT NULL,
	"users_id" integer NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"body" text NOT NULL,
	"original_body" text,
	"language" text NOT NULL,
	"picture_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"scan_path" text,
	"reply_to_id" integer,
	"rejection_reason" text,
	"assignee_users_id" integer,
	"open_flags" integer DEFAULT 0 NOT NULL,
	"flag_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"written_by_users_id" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_direction" CHECK ("messages"."direction" IN ('to_sponsored', 'to_sponsor')),
	CONSTRAINT "messages_status" CHECK ("messages"."status" IN ('draft', 'submitted', 'in_review', 'approved', 'rejected', 'printed', 'sent_to_program', 'delivered')),
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind";--> statement-breakpoint
ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_kind";--> statement-breakpoint
ALTER TABLE "letter_scans" ADD CONSTRAINT "letter_scans_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_scans" ADD CONSTRAINT "letter_scans_reply_to_id_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_scans" ADD CONSTRAINT "letter_scans_messages_id_messages_id_fk" FOREIGN KEY ("messages_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_scans" ADD CONSTRAINT "letter_scans_created_by_users_id_users_id_fk" FOREIGN KEY ("created_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_settings" ADD CONSTRAINT "letter_settings_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_flags" ADD CONSTRAINT "message_flags_messages_id_messages_id_fk" FOREIGN KEY ("messages_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_flags" ADD CONSTRAINT "message_flags_decided_by_users_id_users_id_fk" FOREIGN KEY ("decided_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_steps" ADD CONSTRAINT "message_steps_messages_id_messages_id_fk" FOREIGN KEY ("messages_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_steps" ADD CONSTRAINT "message_steps_by_users_id_users_id_fk" FOREIGN KEY ("by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_sponsoreds_id_user_sponsoreds_id_fk" FOREIGN KEY ("user_sponsoreds_id") REFERENCES "public"."user_sponsoreds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sponsoreds_id_sponsoreds_id_fk" FOREIGN KEY ("sponsoreds_id") REFERENCES "public"."sponsoreds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_to_id_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_assignee_users_id_users_id_fk" FOREIGN KEY ("assignee_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_written_by_users_id_users_id_fk" FOREIGN KEY ("written_by_users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letter_scans_partner_idx" ON "letter_scans" USING btree ("partners_id","created_at");--> statement-breakpoint
CREATE INDEX "message_flags_message_idx" ON "message_flags" USING btree ("messages_id");--> statement-breakpoint
CREATE INDEX "message_steps_message_idx" ON "message_steps" USING btree ("messages_id","at");--> statement-breakpoint
CREATE INDEX "messages_queue_idx" ON "messages" USING btree ("partners_id","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "messages_sponsorship_idx" ON "messages" USING btree ("user_sponsoreds_id","id");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("users_id","id");--> statement-breakpoint
CREATE INDEX "messages_sponsored_idx" ON "messages" USING btree ("sponsoreds_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind" CHECK ("email_outbox"."kind" IN ('receipt', 'update_notice', 'invitation', 'reminder', 'webhook_delivery', 'sponsorship_notice', 'gift', 'letter_notice'));--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_kind" CHECK ("email_templates"."kind" IN ('receipt', 'update_notice', 'invitation', 'reminder', 'letter_notice'));