CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "sponsoreds_records_code_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","code","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_first_name_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","first_name","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_last_name_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","last_name","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_title_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","title","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_birthday_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","birthday","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_grades_id_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","grades_id","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_slots_filled_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","slots_filled","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_entities_id_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","entities_id","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_search_trgm_idx" ON "sponsoreds" USING gin ((coalesce("code", '') || chr(31) || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || chr(31) || coalesce("title", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD COLUMN "sponsors_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD COLUMN "pictures_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sponsoreds_records_sponsors_count_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","sponsors_count","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_pictures_count_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","pictures_count","id");--> statement-breakpoint
UPDATE "sponsoreds" s SET "pictures_count" = c.n FROM (SELECT "sponsoreds_id", count(*)::int AS n FROM "sponsored_images" GROUP BY "sponsoreds_id") c WHERE c."sponsoreds_id" = s."id";--> statement-breakpoint
UPDATE "sponsoreds" s SET "sponsors_count" = c.n FROM (SELECT "sponsoreds_id", count(*)::int AS n FROM "user_sponsoreds" WHERE "date_ended" IS NULL GROUP BY "sponsoreds_id") c WHERE c."sponsoreds_id" = s."id";--> statement-breakpoint
CREATE FUNCTION "sponsoreds_recount_pictures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "sponsoreds" s SET "pictures_count" = (SELECT count(*) FROM "sponsored_images" i WHERE i."sponsoreds_id" = s."id")
    WHERE s."id" IN (SELECT "sponsoreds_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "sponsoreds" s SET "pictures_count" = (SELECT count(*) FROM "sponsored_images" i WHERE i."sponsoreds_id" = s."id")
    WHERE s."id" IN (SELECT "sponsoreds_id" FROM old_rows);
  ELSE
    UPDATE "sponsoreds" s SET "pictures_count" = (SELECT count(*) FROM "sponsored_images" i WHERE i."sponsoreds_id" = s."id")
    WHERE s."id" IN (SELECT "sponsoreds_id" FROM new_rows UNION SELECT "sponsoreds_id" FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sponsored_images_count_insert" AFTER INSERT ON "sponsored_images" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_recount_pictures"();--> statement-breakpoint
CREATE TRIGGER "sponsored_images_count_update" AFTER UPDATE ON "sponsored_images" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_recount_pictures"();--> statement-breakpoint
CREATE TRIGGER "sponsored_images_count_delete" AFTER DELETE ON "sponsored_images" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_recount_pictures"();--> statement-breakpoint
CREATE FUNCTION "sponsoreds_recount_sponsors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "sponsoreds" s SET "sponsors_count" = (SELECT count(*) FROM "user_sponsoreds" u WHERE u."sponsoreds_id" = s."id" AND u."date_ended" IS NULL)
    WHERE s."id" IN (SELECT "sponsoreds_id" FROM new_rows WHERE "date_ended" IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "sponsoreds" s SET "sponsors_count" = (SELECT count(*) FROM "user_sponsoreds" u WHERE u."sponsoreds_id" = s."id" AND u."date_ended" IS NULL)
    WHERE s."id" IN (SELECT "sponsoreds_id" FROM old_rows WHERE "date_ended" IS NULL);
  ELSE
    UPDATE "sponsoreds" s SET "sponsors_count" = (SELECT count(*) FROM "user_sponsoreds" u WHERE u."sponsoreds_id" = s."id" AND u."date_ended" IS NULL)
    WHERE s."id" IN (
      SELECT n."sponsoreds_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."sponsoreds_id" IS DISTINCT FROM o."sponsoreds_id" OR (n."date_ended" IS NULL) <> (o."date_ended" IS NULL)
      UNION
      SELECT o."sponsoreds_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."sponsoreds_id" IS DISTINCT FROM o."sponsoreds_id" OR (n."date_ended" IS NULL) <> (o."date_ended" IS NULL));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_sponsoreds_count_insert" AFTER INSERT ON "user_sponsoreds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_recount_sponsors"();--> statement-breakpoint
CREATE TRIGGER "user_sponsoreds_count_update" AFTER UPDATE ON "user_sponsoreds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_recount_sponsors"();--> statement-breakpoint
CREATE TRIGGER "user_sponsoreds_count_delete" AFTER DELETE ON "user_sponsoreds" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_recount_sponsors"();
