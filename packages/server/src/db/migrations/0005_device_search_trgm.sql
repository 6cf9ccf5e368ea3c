-- Substring search over device names, numbers, equipment ids and addresses (up to 10 words, spec 000 §5)
-- uses trigram indexes: a b-tree cannot serve ILIKE '%word%' on 100,000 devices.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_no_trgm_idx" ON "devices" USING gin ("no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_equipment_trgm_idx" ON "devices" USING gin ("equipment_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_ip_trgm_idx" ON "devices" USING gin ("ip" gin_trgm_ops);
