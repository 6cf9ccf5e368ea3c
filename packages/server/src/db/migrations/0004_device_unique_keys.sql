DROP INDEX "devices_equipment_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "devices_project_no_idx" ON "devices" USING btree ("project_id","no");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_equipment_idx" ON "devices" USING btree ("equipment_id") WHERE "devices"."equipment_id" is not null;