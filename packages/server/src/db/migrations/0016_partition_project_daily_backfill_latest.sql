-- readings_project_daily: partitioned by month like the device rollups (drizzle-kit created it plain and
-- empty). The partitions themselves are created ahead by the retention job (iot/telemetry/partitions.ts).
DROP TABLE "readings_project_daily";
--> statement-breakpoint
CREATE TABLE "readings_project_daily" (
	"project_id" integer NOT NULL,
	"source" varchar(64) NOT NULL,
	"reading" varchar(64) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sum" double precision NOT NULL,
	"n" integer NOT NULL
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "readings_project_daily_default" PARTITION OF "readings_project_daily" DEFAULT;
--> statement-breakpoint
CREATE UNIQUE INDEX "readings_project_daily_key_idx" ON "readings_project_daily" USING btree ("project_id","source","reading","bucket");
--> statement-breakpoint
-- Every batch updates its devices' rows: room on each page lets an update stay on its page (HOT), with
-- no index entry to add.
ALTER TABLE "readings_latest" SET (fillfactor = 50);
--> statement-breakpoint
-- The latest values of the readings stored so far, and the project totals of the energy-like ones
-- (whm's energy, lighting's energy and energySaved), for every readings table there is.
INSERT INTO "readings_latest" ("device_id", "source", "project_id", "at", "values")
SELECT DISTINCT ON ("device_id") "device_id", 'env_readings', "project_id", "at", jsonb_strip_nulls(jsonb_build_object('temperature', "temperature", 'humidity', "humidity", 'pm25', "pm25", 'pm10', "pm10", 'soilTemperature', "soil_temperature", 'soilHumidity', "soil_humidity", 'co2', "co2", 'gas', "gas", 'light', "light", 'atmosphere', "atmosphere", 'noise', "noise"))
FROM "env_readings" ORDER BY "device_id", "at" DESC;
--> statement-breakpoint
INSERT INTO "readings_latest" ("device_id", "source", "project_id", "at", "values")
SELECT DISTINCT ON ("device_id") "device_id", 'whm_readings', "project_id", "at", jsonb_strip_nulls(jsonb_build_object('reading', "reading", 'energy', "energy", 'power', "power", 'voltage', "voltage", 'current', "current", 'powerFactor', "power_factor"))
FROM "whm_readings" ORDER BY "device_id", "at" DESC;
--> statement-breakpoint
INSERT INTO "readings_project_daily" ("project_id", "source", "reading", "bucket", "sum", "n")
SELECT "project_id", 'whm_readings', 'energy', "bucket", sum("energy_sum"), sum("energy_n")
FROM "whm_readings_daily" WHERE "energy_n" > 0 GROUP BY "project_id", "bucket";
--> statement-breakpoint
INSERT INTO "readings_latest" ("device_id", "source", "project_id", "at", "values")
SELECT DISTINCT ON ("device_id") "device_id", 'illum_readings', "project_id", "at", jsonb_strip_nulls(jsonb_build_object('illuminance', "illuminance"))
FROM "illum_readings" ORDER BY "device_id", "at" DESC;
--> statement-breakpoint
INSERT INTO "readings_latest" ("device_id", "source", "project_id", "at", "values")
SELECT DISTINCT ON ("device_id") "device_id", 'lighting_readings', "project_id", "at", jsonb_strip_nulls(jsonb_build_object('on', "on", 'level', "level", 'runStatus', "run_status", 'voltage', "voltage", 'current', "current", 'activePower', "active_power", 'powerFactor', "power_factor", 'leakageCurrent', "leakage_current", 'reactivePower', "reactive_power", 'ambientBrightness', "ambient_brightness", 'energyTotal', "energy_total", 'onDuration', "on_duration", 'energy', "energy", 'energySaved', "energy_saved", 'dailyEnergy', "daily_energy", 'dailyDuration', "daily_duration", 'colorTemperature', "color_temperature", 'temperature', "temperature", 'tilt', "tilt"))
FROM "lighting_readings" ORDER BY "device_id", "at" DESC;
--> statement-breakpoint
INSERT INTO "readings_project_daily" ("project_id", "source", "reading", "bucket", "sum", "n")
SELECT "project_id", 'lighting_readings', 'energy', "bucket", sum("energy_sum"), sum("energy_n")
FROM "lighting_readings_daily" WHERE "energy_n" > 0 GROUP BY "project_id", "bucket";
--> statement-breakpoint
INSERT INTO "readings_project_daily" ("project_id", "source", "reading", "bucket", "sum", "n")
SELECT "project_id", 'lighting_readings', 'energySaved', "bucket", sum("energy_saved_sum"), sum("energy_saved_n")
FROM "lighting_readings_daily" WHERE "energy_saved_n" > 0 GROUP BY "project_id", "bucket";
