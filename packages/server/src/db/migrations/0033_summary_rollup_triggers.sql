-- The summary's counts kept as devices and events change (db/schema/summary.ts `deviceCounts`,
-- `deviceEventHours`): triggers add a row of +n or -n to a ledger and never update one, so writers on
-- several instances take no lock on it; summary.repository.ts sums a subtree's rows and folds them.
-- Devices: added and removed per statement (a seed or import of 100,000 is one row per key); a change
-- of project, type or active state per row, only when one of them changed (the ingest's updates of
-- last_active_at do not call it).
CREATE FUNCTION "device_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "device_counts" ("project_id", "type", "active_state", "n")
  SELECT "project_id", "type", "active_state", count(*)::int FROM "added_rows" GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "device_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "device_counts" ("project_id", "type", "active_state", "n")
  SELECT "project_id", "type", "active_state", -count(*)::int FROM "removed_rows" GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "device_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "device_counts" ("project_id", "type", "active_state", "n")
  VALUES (OLD."project_id", OLD."type", OLD."active_state", -1), (NEW."project_id", NEW."type", NEW."active_state", 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "device_counts_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "device_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_counts_insert" AFTER INSERT ON "devices" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "devices_counts_delete" AFTER DELETE ON "devices" REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "devices_counts_update" AFTER UPDATE OF "project_id", "type", "active_state" ON "devices"
  FOR EACH ROW WHEN (OLD."project_id" IS DISTINCT FROM NEW."project_id" OR OLD."type" IS DISTINCT FROM NEW."type"
    OR OLD."active_state" IS DISTINCT FROM NEW."active_state")
  EXECUTE FUNCTION "device_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "devices_counts_truncate" AFTER TRUNCATE ON "devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_cleared"();
--> statement-breakpoint
INSERT INTO "device_counts" ("project_id", "type", "active_state", "n")
SELECT "project_id", "type", "active_state", count(*)::int FROM "devices" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Events by UTC hour (the hour buckets of the readings' rollups), per statement: an alarm is an event of
-- level alarm or warning. Events leave by their partitions (retention) without a trigger: the summary
-- reads the last week only and the fold forgets hours older than 8 days.
CREATE FUNCTION "device_event_hours_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "device_event_hours" ("hour", "project_id", "event_type", "alarm", "n")
  SELECT date_bin('1 hour', "at", timestamptz '2000-01-01 00:00:00+00'), "project_id", "event_type",
    "level" IN ('alarm', 'warning'), count(*)::int
  FROM "added_rows" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "device_event_hours_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "device_event_hours" ("hour", "project_id", "event_type", "alarm", "n")
  SELECT date_bin('1 hour', "at", timestamptz '2000-01-01 00:00:00+00'), "project_id", "event_type",
    "level" IN ('alarm', 'warning'), -count(*)::int
  FROM "removed_rows" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "device_event_hours_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "device_event_hours";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "device_events_hours_insert" AFTER INSERT ON "device_events" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_event_hours_added"();
--> statement-breakpoint
CREATE TRIGGER "device_events_hours_delete" AFTER DELETE ON "device_events" REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_event_hours_removed"();
--> statement-breakpoint
CREATE TRIGGER "device_events_hours_truncate" AFTER TRUNCATE ON "device_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_event_hours_cleared"();
--> statement-breakpoint
INSERT INTO "device_event_hours" ("hour", "project_id", "event_type", "alarm", "n")
SELECT date_bin('1 hour', "at", timestamptz '2000-01-01 00:00:00+00'), "project_id", "event_type",
  "level" IN ('alarm', 'warning'), count(*)::int
FROM "device_events" WHERE "at" >= now() - interval '8 days' GROUP BY 1, 2, 3, 4;
