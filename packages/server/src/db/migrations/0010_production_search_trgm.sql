-- The production library's search (name and number by substring, a key whole) read every row of
-- 100,000 imported items (400 ms on PGlite): trigram indexes serve ILIKE '%word%', a b-tree the key.
-- Imports add thousands of rows at once, so new entries wait in the indexes' pending list, merged after each import (db/statistics.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "production_items_name_trgm_idx" ON "production_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "production_items_no_trgm_idx" ON "production_items" USING gin ("no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "production_items_key1_idx" ON "production_items" USING btree ("key1");
