-- Illumination sensors (iot/families/illum): groups, and readings partitioned as 0009 did for env_readings
-- (readings by day, rollups by month, each with a default partition; the retention job adds the rest).
CREATE TABLE "illum_group_children" (
	"group_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "illum_group_children_group_id_device_id_pk" PRIMARY KEY("group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "illum_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"gateway_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "illum_readings" (
	"id" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"illuminance" real
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "illum_readings_default" PARTITION OF "illum_readings" DEFAULT;
--> statement-breakpoint
CREATE TABLE "illum_readings_daily" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"illuminance_min" real,
	"illuminance_max" real,
	"illuminance_sum" double precision,
	"illuminance_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "illum_readings_daily_default" PARTITION OF "illum_readings_daily" DEFAULT;
--> statement-breakpoint
CREATE TABLE "illum_readings_hourly" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"illuminance_min" real,
	"illuminance_max" real,
	"illuminance_sum" double precision,
	"illuminance_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "illum_readings_hourly_default" PARTITION OF "illum_readings_hourly" DEFAULT;
--> statement-breakpoint
ALTER TABLE "illum_group_children" ADD CONSTRAINT "illum_group_children_group_id_illum_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."illum_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illum_group_children" ADD CONSTRAINT "illum_group_children_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illum_groups" ADD CONSTRAINT "illum_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illum_groups" ADD CONSTRAINT "illum_groups_gateway_id_devices_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illum_groups" ADD CONSTRAINT "illum_groups_sensor_id_devices_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "illum_group_children_device_idx" ON "illum_group_children" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "illum_groups_project_no_idx" ON "illum_groups" USING btree ("project_id","no");--> statement-breakpoint
CREATE INDEX "illum_groups_sensor_idx" ON "illum_groups" USING btree ("sensor_id");--> statement-breakpoint
CREATE INDEX "illum_groups_gateway_idx" ON "illum_groups" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "illum_readings_device_at_idx" ON "illum_readings" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "illum_readings_daily_device_bucket_idx" ON "illum_readings_daily" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "illum_readings_daily_project_bucket_idx" ON "illum_readings_daily" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "illum_readings_hourly_device_bucket_idx" ON "illum_readings_hourly" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "illum_readings_hourly_project_bucket_idx" ON "illum_readings_hourly" USING btree ("project_id","bucket");