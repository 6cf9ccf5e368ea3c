CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" varchar(64) NOT NULL,
	"event_type" varchar(16) NOT NULL,
	"level" varchar(16) NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "env_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"temperature" real,
	"humidity" real,
	"pm25" real,
	"pm10" real,
	"soil_temperature" real,
	"soil_humidity" real,
	"co2" real,
	"gas" real,
	"light" real,
	"atmosphere" real,
	"noise" real
);
--> statement-breakpoint
CREATE INDEX "device_events_device_at_idx" ON "device_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_events_type_at_idx" ON "device_events" USING btree ("type","at");--> statement-breakpoint
CREATE INDEX "env_readings_device_at_idx" ON "env_readings" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "env_readings_at_idx" ON "env_readings" USING btree ("at");--> statement-breakpoint
CREATE INDEX "manage_logs_project_idx" ON "manage_logs" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "operate_logs_project_idx" ON "operate_logs" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "visit_logs_project_idx" ON "visit_logs" USING btree ("project_id","at");