CREATE TABLE "update_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"updates_id" integer NOT NULL,
	"users_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "update_notices_update_person_unique" UNIQUE("updates_id","users_id")
);
--> statement-breakpoint
CREATE TABLE "update_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"title" text NOT NULL,
	"update_message" text NOT NULL,
	"audience" jsonb NOT NULL,
	"sponsoreds_ids" integer[] NOT NULL,
	"entity_ids" integer[] NOT NULL,
	"picture_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"distribute_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_by_users_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_posts_status" CHECK ("update_posts"."status" IN ('draft', 'scheduled', 'sent')),
	CONSTRAINT "update_posts_scheduled_has_time" CHECK ("update_posts"."status" = 'draft' OR "update_posts"."distribute_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "update_posts_id" integer;--> statement-breakpoint
ALTER TABLE "update_notices" ADD CONSTRAINT "update_notices_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_notices" ADD CONSTRAINT "update_notices_updates_id_updates_id_fk" FOREIGN KEY ("updates_id") REFERENCES "public"."updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_notices" ADD CONSTRAINT "update_notices_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_posts" ADD CONSTRAINT "update_posts_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_posts" ADD CONSTRAINT "update_posts_created_by_users_id_users_id_fk" FOREIGN KEY ("created_by_users_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "update_posts_partner_idx" ON "update_posts" USING btree ("partners_id","created_at");--> statement-breakpoint
CREATE INDEX "update_posts_due_idx" ON "update_posts" USING btree ("distribute_at") WHERE "update_posts"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_update_posts_id_update_posts_id_fk" FOREIGN KEY ("update_posts_id") REFERENCES "public"."update_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_post_record_unique" UNIQUE("update_posts_id","sponsoreds_id");