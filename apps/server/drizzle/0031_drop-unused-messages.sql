-- The first schema's placeholder "messages" table (never written) gives way to the letters of issue 24 (0032).
DROP TABLE "messages" CASCADE;