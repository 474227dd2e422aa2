ALTER TABLE "sponsoreds" ADD COLUMN "sort_monthly_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsoreds" ADD COLUMN "sort_program" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "sponsoreds" s SET
  "sort_monthly_amount" = coalesce(s."monthly_amount", (SELECT p."monthly_amount" FROM "sponsored_type_plans" p WHERE p."partner_sponsored_types_id" = s."partner_sponsored_types_id" AND p."current" = true ORDER BY p."id" DESC LIMIT 1), 0),
  "sort_program" = e."name"
FROM "entities" e WHERE e."id" = s."entities_id";--> statement-breakpoint
CREATE FUNCTION "sponsoreds_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."sort_monthly_amount" := coalesce(NEW."monthly_amount",
    (SELECT p."monthly_amount" FROM "sponsored_type_plans" p
     WHERE p."partner_sponsored_types_id" = NEW."partner_sponsored_types_id" AND p."current" = true
     ORDER BY p."id" DESC LIMIT 1), 0);
  NEW."sort_program" := coalesce((SELECT e."name" FROM "entities" e WHERE e."id" = NEW."entities_id"), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "sponsoreds_sort_keys" BEFORE INSERT OR UPDATE OF "monthly_amount", "partner_sponsored_types_id", "entities_id" ON "sponsoreds" FOR EACH ROW EXECUTE FUNCTION "sponsoreds_sort_keys"();--> statement-breakpoint
CREATE FUNCTION "sponsoreds_resort_amounts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "partner_sponsored_types_id") INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "partner_sponsored_types_id") INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT k) INTO changed
    FROM (SELECT "partner_sponsored_types_id" FROM new_rows UNION SELECT "partner_sponsored_types_id" FROM old_rows) u(k);
  END IF;
  -- The records of those types that have no amount of their own follow the type's current plan.
  UPDATE "sponsoreds" s SET "sort_monthly_amount" = t.amount
  FROM (
    SELECT k AS id, coalesce((SELECT p."monthly_amount" FROM "sponsored_type_plans" p
      WHERE p."partner_sponsored_types_id" = k AND p."current" = true ORDER BY p."id" DESC LIMIT 1), 0) AS amount
    FROM unnest(changed) k
  ) t
  WHERE s."partner_sponsored_types_id" = t.id AND s."monthly_amount" IS NULL AND s."sort_monthly_amount" <> t.amount;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sponsored_type_plans_sort_insert" AFTER INSERT ON "sponsored_type_plans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_resort_amounts"();--> statement-breakpoint
CREATE TRIGGER "sponsored_type_plans_sort_update" AFTER UPDATE ON "sponsored_type_plans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_resort_amounts"();--> statement-breakpoint
CREATE TRIGGER "sponsored_type_plans_sort_delete" AFTER DELETE ON "sponsored_type_plans" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_resort_amounts"();--> statement-breakpoint
CREATE FUNCTION "sponsoreds_resort_programs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sponsoreds" s SET "sort_program" = n."name"
  FROM new_rows n WHERE s."entities_id" = n."id" AND s."sort_program" <> n."name";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "entities_sort_update" AFTER UPDATE ON "entities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sponsoreds_resort_programs"();--> statement-breakpoint
CREATE INDEX "sponsoreds_records_sort_monthly_amount_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","sort_monthly_amount","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_sort_program_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","sort_program","id");--> statement-breakpoint
CREATE INDEX "sponsoreds_records_with_pictures_idx" ON "sponsoreds" USING btree ("partners_id","partner_sponsored_types_id","code","id") WHERE "sponsoreds"."pictures_count" > 0;
