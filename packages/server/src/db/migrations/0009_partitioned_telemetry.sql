-- Telemetry partitioned by time (iot/telemetry, docs/architecture.md "Telemetry storage"). Existing rows are kept.
-- env_readings: by day. The primary key on id goes (a partitioned table's keys must hold the partition column).
ALTER TABLE "env_readings" RENAME TO "env_readings_unpartitioned";
--> statement-breakpoint
ALTER TABLE "env_readings_unpartitioned" DROP CONSTRAINT "env_readings_pkey";
--> statement-breakpoint
DROP INDEX "env_readings_device_at_idx";
--> statement-breakpoint
DROP INDEX "env_readings_at_idx";
--> statement-breakpoint
CREATE TABLE "env_readings" (
	"id" bigint DEFAULT nextval('env_readings_id_seq') NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"temperature" real,
	"humidity" real,
	"pm25" real,
	"pm10" real,
	"soil_temperature" real,
	"soil_humidity" real,
	"co2" real,
	"gas" real,
	"light" real,
	"atmosphere" real,
	"noise" real
) PARTITION BY RANGE ("at");
--> statement-breakpoint
ALTER SEQUENCE "env_readings_id_seq" OWNED BY "env_readings"."id";
--> statement-breakpoint
CREATE INDEX "env_readings_device_at_idx" ON "env_readings" USING btree ("device_id","at");
--> statement-breakpoint
CREATE TABLE "env_readings_default" PARTITION OF "env_readings" DEFAULT;
--> statement-breakpoint
DO $$
DECLARE d date;
BEGIN
  FOR d IN SELECT DISTINCT (at AT TIME ZONE 'UTC')::date FROM env_readings_unpartitioned LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF env_readings FOR VALUES FROM (%L) TO (%L)',
      'env_readings_p' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "env_readings" ("id", "device_id", "project_id", "at", "temperature", "humidity", "pm25", "pm10", "soil_temperature", "soil_humidity", "co2", "gas", "light", "atmosphere", "noise") SELECT "id", "device_id", "project_id", "at", "temperature", "humidity", "pm25", "pm10", "soil_temperature", "soil_humidity", "co2", "gas", "light", "atmosphere", "noise" FROM "env_readings_unpartitioned";
--> statement-breakpoint
DROP TABLE "env_readings_unpartitioned";
--> statement-breakpoint
-- device_events: by device type (each family keeps its own retention), then by week.
ALTER TABLE "device_events" RENAME TO "device_events_unpartitioned";
--> statement-breakpoint
ALTER TABLE "device_events_unpartitioned" DROP CONSTRAINT "device_events_pkey";
--> statement-breakpoint
DROP INDEX "device_events_device_at_idx";
--> statement-breakpoint
DROP INDEX "device_events_type_at_idx";
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigint DEFAULT nextval('device_events_id_seq') NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" varchar(64) NOT NULL,
	"event_type" varchar(16) NOT NULL,
	"level" varchar(16) NOT NULL,
	"detail" jsonb
) PARTITION BY LIST ("type");
--> statement-breakpoint
ALTER SEQUENCE "device_events_id_seq" OWNED BY "device_events"."id";
--> statement-breakpoint
CREATE INDEX "device_events_device_at_idx" ON "device_events" USING btree ("device_id","at");
--> statement-breakpoint
DO $$
DECLARE t text; p text; w date;
BEGIN
  FOREACH t IN ARRAY ARRAY['camera','dvr','nsc','lighting','envmonitor','gateway','led','wifi','evse','smartclassifieddustbin','emergencycallequipment','illumination','watthourmeter','mtc','pgw'] LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF device_events FOR VALUES IN (%L) PARTITION BY RANGE (at)', 'device_events_' || t, t);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', 'device_events_' || t || '_default', 'device_events_' || t);
  END LOOP;
  CREATE TABLE device_events_other PARTITION OF device_events DEFAULT PARTITION BY RANGE (at);
  CREATE TABLE device_events_other_default PARTITION OF device_events_other DEFAULT;
  FOR p, w IN SELECT DISTINCT CASE WHEN type = ANY(ARRAY['camera','dvr','nsc','lighting','envmonitor','gateway','led','wifi','evse','smartclassifieddustbin','emergencycallequipment','illumination','watthourmeter','mtc','pgw']) THEN 'device_events_' || type ELSE 'device_events_other' END,
                     date_trunc('week', at AT TIME ZONE 'UTC')::date
              FROM device_events_unpartitioned LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      p || '_p' || to_char(w, 'YYYYMMDD'), p, w::timestamp AT TIME ZONE 'UTC', (w + 7)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "device_events" ("id", "device_id", "project_id", "type", "at", "code", "event_type", "level", "detail") SELECT "id", "device_id", "project_id", "type", "at", "code", "event_type", "level", "detail" FROM "device_events_unpartitioned";
--> statement-breakpoint
DROP TABLE "device_events_unpartitioned";
--> statement-breakpoint
-- Hourly and daily rollups of env_readings, by month.
--> statement-breakpoint
CREATE TABLE "env_readings_daily" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"temperature_min" real,
	"temperature_max" real,
	"temperature_sum" double precision,
	"temperature_n" integer,
	"humidity_min" real,
	"humidity_max" real,
	"humidity_sum" double precision,
	"humidity_n" integer,
	"pm25_min" real,
	"pm25_max" real,
	"pm25_sum" double precision,
	"pm25_n" integer,
	"pm10_min" real,
	"pm10_max" real,
	"pm10_sum" double precision,
	"pm10_n" integer,
	"soil_temperature_min" real,
	"soil_temperature_max" real,
	"soil_temperature_sum" double precision,
	"soil_temperature_n" integer,
	"soil_humidity_min" real,
	"soil_humidity_max" real,
	"soil_humidity_sum" double precision,
	"soil_humidity_n" integer,
	"co2_min" real,
	"co2_max" real,
	"co2_sum" double precision,
	"co2_n" integer,
	"gas_min" real,
	"gas_max" real,
	"gas_sum" double precision,
	"gas_n" integer,
	"light_min" real,
	"light_max" real,
	"light_sum" double precision,
	"light_n" integer,
	"atmosphere_min" real,
	"atmosphere_max" real,
	"atmosphere_sum" double precision,
	"atmosphere_n" integer,
	"noise_min" real,
	"noise_max" real,
	"noise_sum" double precision,
	"noise_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "env_readings_daily_default" PARTITION OF "env_readings_daily" DEFAULT;
--> statement-breakpoint
CREATE TABLE "env_readings_hourly" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"temperature_min" real,
	"temperature_max" real,
	"temperature_sum" double precision,
	"temperature_n" integer,
	"humidity_min" real,
	"humidity_max" real,
	"humidity_sum" double precision,
	"humidity_n" integer,
	"pm25_min" real,
	"pm25_max" real,
	"pm25_sum" double precision,
	"pm25_n" integer,
	"pm10_min" real,
	"pm10_max" real,
	"pm10_sum" double precision,
	"pm10_n" integer,
	"soil_temperature_min" real,
	"soil_temperature_max" real,
	"soil_temperature_sum" double precision,
	"soil_temperature_n" integer,
	"soil_humidity_min" real,
	"soil_humidity_max" real,
	"soil_humidity_sum" double precision,
	"soil_humidity_n" integer,
	"co2_min" real,
	"co2_max" real,
	"co2_sum" double precision,
	"co2_n" integer,
	"gas_min" real,
	"gas_max" real,
	"gas_sum" double precision,
	"gas_n" integer,
	"light_min" real,
	"light_max" real,
	"light_sum" double precision,
	"light_n" integer,
	"atmosphere_min" real,
	"atmosphere_max" real,
	"atmosphere_sum" double precision,
	"atmosphere_n" integer,
	"noise_min" real,
	"noise_max" real,
	"noise_sum" double precision,
	"noise_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "env_readings_hourly_default" PARTITION OF "env_readings_hourly" DEFAULT;
--> statement-breakpoint
CREATE UNIQUE INDEX "env_readings_daily_device_bucket_idx" ON "env_readings_daily" USING btree ("device_id","bucket");
--> statement-breakpoint
CREATE INDEX "env_readings_daily_project_bucket_idx" ON "env_readings_daily" USING btree ("project_id","bucket");
--> statement-breakpoint
CREATE UNIQUE INDEX "env_readings_hourly_device_bucket_idx" ON "env_readings_hourly" USING btree ("device_id","bucket");
--> statement-breakpoint
CREATE INDEX "env_readings_hourly_project_bucket_idx" ON "env_readings_hourly" USING btree ("project_id","bucket");
