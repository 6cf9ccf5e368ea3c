CREATE TABLE "rollup_dirty" (
	"source" varchar(64) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "rollup_dirty_source_bucket_pk" PRIMARY KEY("source","bucket")
);
--> statement-breakpoint
CREATE TABLE "rollup_watermarks" (
	"source" varchar(64) PRIMARY KEY NOT NULL,
	"rolled_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Rollups written by the old writer are complete up to now: readers take them before the watermark and the
-- readings from it on. The watermark is the start of the current hour, or past the newest hour folded (the
-- current one, or a device clock ahead); readings of such an hour arriving later show once the job folds it.
INSERT INTO "rollup_watermarks" ("source", "rolled_to") SELECT 'env_readings', greatest(date_bin('1 hour', now(), timestamptz '2000-01-01T00:00:00Z'), max("bucket") + interval '1 hour') FROM "env_readings_hourly" HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO "rollup_watermarks" ("source", "rolled_to") SELECT 'whm_readings', greatest(date_bin('1 hour', now(), timestamptz '2000-01-01T00:00:00Z'), max("bucket") + interval '1 hour') FROM "whm_readings_hourly" HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO "rollup_watermarks" ("source", "rolled_to") SELECT 'illum_readings', greatest(date_bin('1 hour', now(), timestamptz '2000-01-01T00:00:00Z'), max("bucket") + interval '1 hour') FROM "illum_readings_hourly" HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO "rollup_watermarks" ("source", "rolled_to") SELECT 'lighting_readings', greatest(date_bin('1 hour', now(), timestamptz '2000-01-01T00:00:00Z'), max("bucket") + interval '1 hour') FROM "lighting_readings_hourly" HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO "rollup_watermarks" ("source", "rolled_to") SELECT 'mtc_readings', greatest(date_bin('1 hour', now(), timestamptz '2000-01-01T00:00:00Z'), max("bucket") + interval '1 hour') FROM "mtc_readings_hourly" HAVING count(*) > 0;
