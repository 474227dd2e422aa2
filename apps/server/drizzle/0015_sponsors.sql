ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind";--> statement-breakpoint
ALTER TABLE "user_sponsoreds" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "user_sponsoreds" ADD COLUMN "link_code" text;--> statement-breakpoint
ALTER TABLE "user_sponsoreds" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_sponsoreds" ADD CONSTRAINT "user_sponsoreds_link_code_unique" UNIQUE("link_code");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind" CHECK ("email_outbox"."kind" IN ('receipt', 'update_notice', 'invitation', 'reminder', 'webhook_delivery', 'sponsorship_notice'));