-- Smart dustbin reports (iot/families/scd): partitioned from the start as whm_readings — reports by
-- day, hourly and daily rollups by month, each with a default partition; the retention job creates the
-- partitions ahead and drops them past retention (iot/telemetry/partitions.ts).
CREATE TABLE "scd_readings" (
	"id" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"distance" real,
	"fill" real,
	"weight" real,
	"battery" real
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "scd_readings_daily" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"distance_min" real,
	"distance_max" real,
	"distance_sum" double precision,
	"distance_n" integer,
	"fill_min" real,
	"fill_max" real,
	"fill_sum" double precision,
	"fill_n" integer,
	"weight_min" real,
	"weight_max" real,
	"weight_sum" double precision,
	"weight_n" integer,
	"battery_min" real,
	"battery_max" real,
	"battery_sum" double precision,
	"battery_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "scd_readings_hourly" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"distance_min" real,
	"distance_max" real,
	"distance_sum" double precision,
	"distance_n" integer,
	"fill_min" real,
	"fill_max" real,
	"fill_sum" double precision,
	"fill_n" integer,
	"weight_min" real,
	"weight_max" real,
	"weight_sum" double precision,
	"weight_n" integer,
	"battery_min" real,
	"battery_max" real,
	"battery_sum" double precision,
	"battery_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE INDEX "scd_readings_device_at_idx" ON "scd_readings" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scd_readings_daily_device_bucket_idx" ON "scd_readings_daily" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "scd_readings_daily_project_bucket_idx" ON "scd_readings_daily" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "scd_readings_hourly_device_bucket_idx" ON "scd_readings_hourly" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "scd_readings_hourly_project_bucket_idx" ON "scd_readings_hourly" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE TABLE "scd_readings_default" PARTITION OF "scd_readings" DEFAULT;--> statement-breakpoint
CREATE TABLE "scd_readings_hourly_default" PARTITION OF "scd_readings_hourly" DEFAULT;--> statement-breakpoint
CREATE TABLE "scd_readings_daily_default" PARTITION OF "scd_readings_daily" DEFAULT;
