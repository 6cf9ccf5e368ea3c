-- The latest values as the writer's compact JSON text (json, not jsonb): a project's latest values go
-- out as stored, with no jsonb-to-text conversion of every row (iot/telemetry/latest.ts).
ALTER TABLE "readings_latest" ALTER COLUMN "values" SET DATA TYPE json USING json_strip_nulls("values"::json);
