-- A record's bio has one stored format, sanitised HTML (decision 061). Bios stored as plain text
-- (the records import wrote them so; they are the ones that do not start with a tag) become HTML
-- by the import's own rule (packages/domain rich-text.ts plainTextToHtml): line endings made LF,
-- & < > escaped, a paragraph per run of lines between blank lines (spaces and tabs only), each
-- trimmed of spaces, tabs and line breaks, a line break inside a paragraph written <br />. A bio of
-- blank lines only becomes NULL. Runs on PostgreSQL 15 and PGlite; a second run changes nothing.
WITH "plain" AS (
  SELECT "id",
    replace(replace(replace(replace(replace("bio", E'\r\n', E'\n'), E'\r', E'\n'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;') AS "text"
  FROM "sponsoreds"
  WHERE "bio" IS NOT NULL AND "bio" !~ '^\s*<'
),
"paragraphs" AS (
  SELECT "plain"."id", "part"."n",
    regexp_replace("part"."raw", '^[ \t\n]+|[ \t\n]+$', '', 'g') AS "paragraph"
  FROM "plain"
  CROSS JOIN LATERAL regexp_split_to_table("plain"."text", '\n(?:[ \t]*\n)+') WITH ORDINALITY AS "part"("raw", "n")
),
"converted" AS (
  SELECT "plain"."id",
    (SELECT string_agg('<p>' || regexp_replace("p"."paragraph", '[ \t]*\n[ \t]*', '<br />', 'g') || '</p>', '' ORDER BY "p"."n")
       FROM "paragraphs" "p" WHERE "p"."id" = "plain"."id" AND "p"."paragraph" <> '') AS "html"
  FROM "plain"
)
UPDATE "sponsoreds" SET "bio" = "converted"."html"
FROM "converted"
WHERE "sponsoreds"."id" = "converted"."id";
