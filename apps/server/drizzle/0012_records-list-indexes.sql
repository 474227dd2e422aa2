CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "sponsoreds_records_code_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","code","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_first_name_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","first_name","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_last_name_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","last_name","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_title_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","title","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_birthday_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","birthday","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_grades_id_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","grades_id","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_slots_filled_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","slots_filled","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_entities_id_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","entities_id","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_search_trgm_idx" ON "sponsoreds" USING gin ((coalesce("code", '') || chr(31) || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || chr(31) || coalesce("title", '')) gin_trgm_ops);