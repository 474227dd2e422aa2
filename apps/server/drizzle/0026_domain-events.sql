CREATE TABLE "domain_event_deliveries" (
	"events_id" integer NOT NULL,
	"subscriber" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_deliveries_events_id_subscriber_pk" PRIMARY KEY("events_id","subscriber")
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"partners_id" integer,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "domain_events_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "domain_events_status" CHECK ("domain_events"."status" IN ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" ADD CONSTRAINT "domain_event_deliveries_events_id_domain_events_id_fk" FOREIGN KEY ("events_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_partners_id_partners_id_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_due_idx" ON "domain_events" USING btree ("status","next_attempt_at");