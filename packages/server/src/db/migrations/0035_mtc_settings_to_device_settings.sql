-- A cabinet's stored settings and firmware upgrades move to the kit's tables (device_settings,
-- device_upgrades), which power-line gateways share; the error keys of upgrades follow the kit's texts.
INSERT INTO "device_settings" ("device_id", "part", "project_id", "value", "updated_at")
SELECT "device_id", 'config', "project_id", "config", COALESCE("config_at", now()) FROM "mtc_cabinets" WHERE "config" IS NOT NULL
UNION ALL
SELECT "device_id", 'comm', "project_id", "comm", COALESCE("comm_at", now()) FROM "mtc_cabinets" WHERE "comm" IS NOT NULL
UNION ALL
SELECT "device_id", 'peripherals', "project_id", "peripherals", COALESCE("peripherals_at", now()) FROM "mtc_cabinets" WHERE "peripherals" IS NOT NULL
UNION ALL
SELECT "device_id", 'alarm_config', "project_id", "alarm_config", COALESCE("alarm_at", now()) FROM "mtc_cabinets" WHERE "alarm_config" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "device_upgrades" ("id", "project_id", "device_id", "file_name", "version", "size", "sent", "total", "state", "error", "started_at", "finished_at")
SELECT "id", "project_id", "device_id", "file_name", "version", "size", "sent", "total", "state",
  CASE WHEN "error" LIKE 'mtc.firmware.%' THEN 'firmware.' || substr("error", 14) ELSE "error" END,
  "started_at", "finished_at"
FROM "mtc_upgrades"
ON CONFLICT DO NOTHING;
