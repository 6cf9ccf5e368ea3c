-- Watt-hour meter readings (iot/families/whm): partitioned from the start, as 0009 made env_readings —
-- readings by day, hourly and daily rollups by month, each with a default partition; the retention job
-- creates the partitions ahead and drops them past retention (iot/telemetry/partitions.ts).
CREATE TABLE "whm_readings" (
	"id" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reading" real,
	"energy" real,
	"power" real,
	"voltage" real,
	"current" real,
	"power_factor" real
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "whm_readings_daily" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"reading_min" real,
	"reading_max" real,
	"reading_sum" double precision,
	"reading_n" integer,
	"energy_min" real,
	"energy_max" real,
	"energy_sum" double precision,
	"energy_n" integer,
	"power_min" real,
	"power_max" real,
	"power_sum" double precision,
	"power_n" integer,
	"voltage_min" real,
	"voltage_max" real,
	"voltage_sum" double precision,
	"voltage_n" integer,
	"current_min" real,
	"current_max" real,
	"current_sum" double precision,
	"current_n" integer,
	"power_factor_min" real,
	"power_factor_max" real,
	"power_factor_sum" double precision,
	"power_factor_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "whm_readings_hourly" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"reading_min" real,
	"reading_max" real,
	"reading_sum" double precision,
	"reading_n" integer,
	"energy_min" real,
	"energy_max" real,
	"energy_sum" double precision,
	"energy_n" integer,
	"power_min" real,
	"power_max" real,
	"power_sum" double precision,
	"power_n" integer,
	"voltage_min" real,
	"voltage_max" real,
	"voltage_sum" double precision,
	"voltage_n" integer,
	"current_min" real,
	"current_max" real,
	"current_sum" double precision,
	"current_n" integer,
	"power_factor_min" real,
	"power_factor_max" real,
	"power_factor_sum" double precision,
	"power_factor_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE INDEX "whm_readings_device_at_idx" ON "whm_readings" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "whm_readings_daily_device_bucket_idx" ON "whm_readings_daily" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "whm_readings_daily_project_bucket_idx" ON "whm_readings_daily" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "whm_readings_hourly_device_bucket_idx" ON "whm_readings_hourly" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "whm_readings_hourly_project_bucket_idx" ON "whm_readings_hourly" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE TABLE "whm_readings_default" PARTITION OF "whm_readings" DEFAULT;--> statement-breakpoint
CREATE TABLE "whm_readings_hourly_default" PARTITION OF "whm_readings_hourly" DEFAULT;--> statement-breakpoint
CREATE TABLE "whm_readings_daily_default" PARTITION OF "whm_readings_daily" DEFAULT;
