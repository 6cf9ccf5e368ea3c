-- Lighting batches move to the kit's tables: finished ones as they were, unfinished ones (left by a
-- process that stopped while running them) as interrupted, each lamp's stored result as a target row.
INSERT INTO "family_batches" ("id", "project_id", "type", "command", "device_command", "total", "acknowledged", "failed", "state", "lease_until", "started_at", "finished_at")
SELECT "id", "project_id", 'lighting', "command", "command", "total", "acknowledged", "failed",
  CASE WHEN "done" THEN 'done' ELSE 'interrupted' END, "started_at", "started_at", COALESCE("finished_at", "started_at")
FROM "lighting_batches";--> statement-breakpoint
INSERT INTO "family_batch_targets" ("batch_id", "seq", "device_id", "name", "request_id", "ok", "error", "duration_ms")
SELECT b."id", (r.n - 1)::int, (r.v->>'deviceId')::int, LEFT(COALESCE(r.v->>'name', ''), 64), gen_random_uuid()::text,
  (r.v->>'ok')::boolean, r.v->>'error', ROUND((r.v->>'durationMs')::numeric)::int
FROM "lighting_batches" b, jsonb_array_elements(b."results") WITH ORDINALITY AS r(v, n)
WHERE jsonb_typeof(b."results") = 'array';--> statement-breakpoint
DROP TABLE "lighting_batches" CASCADE;
