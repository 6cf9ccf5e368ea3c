ALTER TABLE "lighting_lamps" ADD COLUMN "policy_set" text;--> statement-breakpoint
CREATE INDEX "lighting_lamps_project_set_idx" ON "lighting_lamps" USING btree ("project_id","policy_set");--> statement-breakpoint
-- Backfill: each lamp that runs policies gets the key of its set (policy ids in order).
INSERT INTO "lighting_lamps" ("device_id", "project_id", "policy_set")
SELECT pl.device_id, d.project_id, string_agg(pl.policy_id::text, ',' ORDER BY pl.policy_id)
FROM "lighting_policy_lamps" pl JOIN "devices" d ON d.id = pl.device_id
GROUP BY pl.device_id, d.project_id
ON CONFLICT ("device_id") DO UPDATE SET "policy_set" = excluded."policy_set";
