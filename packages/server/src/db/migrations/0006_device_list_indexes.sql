DROP INDEX "devices_area_idx";--> statement-breakpoint
DROP INDEX "devices_group_idx";--> statement-breakpoint
DROP INDEX "devices_model_idx";--> statement-breakpoint
DROP INDEX "devices_parent_idx";--> statement-breakpoint
CREATE INDEX "devices_type_idx" ON "devices" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "devices_state_idx" ON "devices" USING btree ("active_state","id");--> statement-breakpoint
CREATE INDEX "devices_area_idx" ON "devices" USING btree ("area_id","id");--> statement-breakpoint
CREATE INDEX "devices_group_idx" ON "devices" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "devices_model_idx" ON "devices" USING btree ("model_id","id");--> statement-breakpoint
CREATE INDEX "devices_parent_idx" ON "devices" USING btree ("parent_id","id");