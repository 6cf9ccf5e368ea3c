-- The device search indexes write new entries straight into the index. With the default fast update,
-- new rows wait in an unsorted pending list that every search reads in full until a vacuum merges it:
-- after a bulk load, 11 ms per search on PostgreSQL and 200 ms on PGlite, which has no autovacuum.
-- Devices are created one by one or by the thousand, rarely enough for the slower insert not to matter.
ALTER INDEX "devices_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "devices_no_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "devices_equipment_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "devices_ip_trgm_idx" SET (fastupdate = off);
