CREATE TABLE "device_counts" (
	"project_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"active_state" smallint NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_event_hours" (
	"hour" timestamp with time zone NOT NULL,
	"project_id" integer NOT NULL,
	"event_type" varchar(16) NOT NULL,
	"alarm" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_counts_project_idx" ON "device_counts" USING btree ("project_id","type","active_state");--> statement-breakpoint
CREATE INDEX "device_event_hours_hour_idx" ON "device_event_hours" USING btree ("hour","project_id");--> statement-breakpoint
CREATE INDEX "device_events_at_idx" ON "device_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "readings_latest_source_at_idx" ON "readings_latest" USING btree ("source","at");