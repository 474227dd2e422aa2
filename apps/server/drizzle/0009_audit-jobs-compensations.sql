CREATE TABLE "job_progress" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"partners_id" integer NOT NULL,
	"users_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_progress_state" CHECK ("job_progress"."state" IN ('queued', 'running', 'retrying', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_compensations" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer NOT NULL,
	"orders_id" integer,
	"action" text NOT NULL,
	"gateway_object_id" text NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_compensations_action" CHECK ("payment_compensations"."action" IN ('cancel_subscription', 'refund_charge', 'detach_payment_method')),
	CONSTRAINT "payment_compensations_status" CHECK ("payment_compensations"."status" IN ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "auth_user_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "roles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "kind" text DEFAULT 'receipt' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_progress" ADD CONSTRAINT "job_progress_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_progress" ADD CONSTRAINT "job_progress_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_compensations" ADD CONSTRAINT "payment_compensations_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_compensations" ADD CONSTRAINT "payment_compensations_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_progress_partner_idx" ON "job_progress" USING btree ("partners_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_compensations_partner_idx" ON "payment_compensations" USING btree ("partners_id","status","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind" CHECK ("audit_log"."actor_kind" IN ('person', 'visitor', 'gateway', 'system'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind" CHECK ("email_outbox"."kind" IN ('receipt', 'update_notice', 'invitation', 'reminder', 'webhook_delivery'));