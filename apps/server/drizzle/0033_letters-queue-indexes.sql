-- The letters' queue read from its index alone: its order, then every column its filters read (decision 078).
DROP INDEX "messages_queue_idx";--> statement-breakpoint
CREATE INDEX "messages_queue_idx" ON "messages" USING btree ("partners_id","status","submitted_at","id","sponsoreds_id","direction","open_flags","assignee_users_id","flag_kinds");