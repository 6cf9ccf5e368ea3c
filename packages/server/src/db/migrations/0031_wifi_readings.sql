-- WiFi access point reports (iot/families/wifi): partitioned from the start as scd_readings — reports
-- by day, hourly and daily rollups by month, each with a default partition; the retention job creates
-- the partitions ahead and drops them past retention (iot/telemetry/partitions.ts).
CREATE TABLE "wifi_readings" (
	"id" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"upload" real,
	"download" real,
	"cpu" real,
	"memory" real,
	"clients" real,
	"uptime" double precision
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "wifi_readings_daily" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"upload_min" real,
	"upload_max" real,
	"upload_sum" double precision,
	"upload_n" integer,
	"download_min" real,
	"download_max" real,
	"download_sum" double precision,
	"download_n" integer,
	"cpu_min" real,
	"cpu_max" real,
	"cpu_sum" double precision,
	"cpu_n" integer,
	"memory_min" real,
	"memory_max" real,
	"memory_sum" double precision,
	"memory_n" integer,
	"clients_min" real,
	"clients_max" real,
	"clients_sum" double precision,
	"clients_n" integer,
	"uptime_min" double precision,
	"uptime_max" double precision,
	"uptime_sum" double precision,
	"uptime_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "wifi_readings_hourly" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"upload_min" real,
	"upload_max" real,
	"upload_sum" double precision,
	"upload_n" integer,
	"download_min" real,
	"download_max" real,
	"download_sum" double precision,
	"download_n" integer,
	"cpu_min" real,
	"cpu_max" real,
	"cpu_sum" double precision,
	"cpu_n" integer,
	"memory_min" real,
	"memory_max" real,
	"memory_sum" double precision,
	"memory_n" integer,
	"clients_min" real,
	"clients_max" real,
	"clients_sum" double precision,
	"clients_n" integer,
	"uptime_min" double precision,
	"uptime_max" double precision,
	"uptime_sum" double precision,
	"uptime_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE INDEX "wifi_readings_device_at_idx" ON "wifi_readings" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "wifi_readings_daily_device_bucket_idx" ON "wifi_readings_daily" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "wifi_readings_daily_project_bucket_idx" ON "wifi_readings_daily" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "wifi_readings_hourly_device_bucket_idx" ON "wifi_readings_hourly" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "wifi_readings_hourly_project_bucket_idx" ON "wifi_readings_hourly" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE TABLE "wifi_readings_default" PARTITION OF "wifi_readings" DEFAULT;--> statement-breakpoint
CREATE TABLE "wifi_readings_hourly_default" PARTITION OF "wifi_readings_hourly" DEFAULT;--> statement-breakpoint
CREATE TABLE "wifi_readings_daily_default" PARTITION OF "wifi_readings_daily" DEFAULT;
