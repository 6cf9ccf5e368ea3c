-- Lighting (iot/families/lighting): readings partitioned from the start as 0011 did for whm (readings by
-- day, rollups by month, each with a default partition), the last state per lamp, lamp settings, policies
-- and the lamps using them, LCU groups and their lamps, batches.
CREATE TABLE "lighting_batches" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"command" varchar(32) NOT NULL,
	"total" integer NOT NULL,
	"acknowledged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lighting_group_lamps" (
	"group_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "lighting_group_lamps_group_id_device_id_pk" PRIMARY KEY("group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "lighting_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lighting_lamps" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"config" jsonb,
	"config_at" timestamp with time zone,
	"alarm_config" jsonb,
	"alarm_at" timestamp with time zone,
	"run_mode" varchar(16),
	"policy_mode" varchar(16),
	"unusable_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lighting_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"alias" varchar(32) DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"in_use" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lighting_policy_lamps" (
	"policy_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "lighting_policy_lamps_policy_id_device_id_pk" PRIMARY KEY("policy_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "lighting_readings" (
	"id" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"on" real,
	"level" real,
	"run_status" real,
	"voltage" real,
	"current" real,
	"active_power" real,
	"power_factor" real,
	"leakage_current" real,
	"reactive_power" real,
	"ambient_brightness" real,
	"energy_total" real,
	"on_duration" real,
	"energy" real,
	"energy_saved" real,
	"daily_energy" real,
	"daily_duration" real,
	"color_temperature" real,
	"temperature" real,
	"tilt" real
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "lighting_readings_daily" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"on_min" real,
	"on_max" real,
	"on_sum" double precision,
	"on_n" integer,
	"level_min" real,
	"level_max" real,
	"level_sum" double precision,
	"level_n" integer,
	"run_status_min" real,
	"run_status_max" real,
	"run_status_sum" double precision,
	"run_status_n" integer,
	"voltage_min" real,
	"voltage_max" real,
	"voltage_sum" double precision,
	"voltage_n" integer,
	"current_min" real,
	"current_max" real,
	"current_sum" double precision,
	"current_n" integer,
	"active_power_min" real,
	"active_power_max" real,
	"active_power_sum" double precision,
	"active_power_n" integer,
	"power_factor_min" real,
	"power_factor_max" real,
	"power_factor_sum" double precision,
	"power_factor_n" integer,
	"leakage_current_min" real,
	"leakage_current_max" real,
	"leakage_current_sum" double precision,
	"leakage_current_n" integer,
	"reactive_power_min" real,
	"reactive_power_max" real,
	"reactive_power_sum" double precision,
	"reactive_power_n" integer,
	"ambient_brightness_min" real,
	"ambient_brightness_max" real,
	"ambient_brightness_sum" double precision,
	"ambient_brightness_n" integer,
	"energy_total_min" real,
	"energy_total_max" real,
	"energy_total_sum" double precision,
	"energy_total_n" integer,
	"on_duration_min" real,
	"on_duration_max" real,
	"on_duration_sum" double precision,
	"on_duration_n" integer,
	"energy_min" real,
	"energy_max" real,
	"energy_sum" double precision,
	"energy_n" integer,
	"energy_saved_min" real,
	"energy_saved_max" real,
	"energy_saved_sum" double precision,
	"energy_saved_n" integer,
	"daily_energy_min" real,
	"daily_energy_max" real,
	"daily_energy_sum" double precision,
	"daily_energy_n" integer,
	"daily_duration_min" real,
	"daily_duration_max" real,
	"daily_duration_sum" double precision,
	"daily_duration_n" integer,
	"color_temperature_min" real,
	"color_temperature_max" real,
	"color_temperature_sum" double precision,
	"color_temperature_n" integer,
	"temperature_min" real,
	"temperature_max" real,
	"temperature_sum" double precision,
	"temperature_n" integer,
	"tilt_min" real,
	"tilt_max" real,
	"tilt_sum" double precision,
	"tilt_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "lighting_readings_hourly" (
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"on_min" real,
	"on_max" real,
	"on_sum" double precision,
	"on_n" integer,
	"level_min" real,
	"level_max" real,
	"level_sum" double precision,
	"level_n" integer,
	"run_status_min" real,
	"run_status_max" real,
	"run_status_sum" double precision,
	"run_status_n" integer,
	"voltage_min" real,
	"voltage_max" real,
	"voltage_sum" double precision,
	"voltage_n" integer,
	"current_min" real,
	"current_max" real,
	"current_sum" double precision,
	"current_n" integer,
	"active_power_min" real,
	"active_power_max" real,
	"active_power_sum" double precision,
	"active_power_n" integer,
	"power_factor_min" real,
	"power_factor_max" real,
	"power_factor_sum" double precision,
	"power_factor_n" integer,
	"leakage_current_min" real,
	"leakage_current_max" real,
	"leakage_current_sum" double precision,
	"leakage_current_n" integer,
	"reactive_power_min" real,
	"reactive_power_max" real,
	"reactive_power_sum" double precision,
	"reactive_power_n" integer,
	"ambient_brightness_min" real,
	"ambient_brightness_max" real,
	"ambient_brightness_sum" double precision,
	"ambient_brightness_n" integer,
	"energy_total_min" real,
	"energy_total_max" real,
	"energy_total_sum" double precision,
	"energy_total_n" integer,
	"on_duration_min" real,
	"on_duration_max" real,
	"on_duration_sum" double precision,
	"on_duration_n" integer,
	"energy_min" real,
	"energy_max" real,
	"energy_sum" double precision,
	"energy_n" integer,
	"energy_saved_min" real,
	"energy_saved_max" real,
	"energy_saved_sum" double precision,
	"energy_saved_n" integer,
	"daily_energy_min" real,
	"daily_energy_max" real,
	"daily_energy_sum" double precision,
	"daily_energy_n" integer,
	"daily_duration_min" real,
	"daily_duration_max" real,
	"daily_duration_sum" double precision,
	"daily_duration_n" integer,
	"color_temperature_min" real,
	"color_temperature_max" real,
	"color_temperature_sum" double precision,
	"color_temperature_n" integer,
	"temperature_min" real,
	"temperature_max" real,
	"temperature_sum" double precision,
	"temperature_n" integer,
	"tilt_min" real,
	"tilt_max" real,
	"tilt_sum" double precision,
	"tilt_n" integer
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "lighting_state" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"on" real,
	"level" real,
	"run_status" real,
	"voltage" real,
	"current" real,
	"active_power" real,
	"daily_energy" real,
	"energy_total" real,
	"device_time" text,
	"raw" text
);
--> statement-breakpoint
ALTER TABLE "lighting_group_lamps" ADD CONSTRAINT "lighting_group_lamps_group_id_lighting_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lighting_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lighting_policy_lamps" ADD CONSTRAINT "lighting_policy_lamps_policy_id_lighting_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."lighting_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lighting_batches_project" ON "lighting_batches" USING btree ("project_id","started_at");--> statement-breakpoint
CREATE INDEX "lighting_group_lamps_device" ON "lighting_group_lamps" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lighting_groups_project_no" ON "lighting_groups" USING btree ("project_id","no");--> statement-breakpoint
CREATE UNIQUE INDEX "lighting_policies_project_no" ON "lighting_policies" USING btree ("project_id","no");--> statement-breakpoint
CREATE INDEX "lighting_policy_lamps_device" ON "lighting_policy_lamps" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "lighting_readings_device_at_idx" ON "lighting_readings" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "lighting_readings_daily_device_bucket_idx" ON "lighting_readings_daily" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "lighting_readings_daily_project_bucket_idx" ON "lighting_readings_daily" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "lighting_readings_hourly_device_bucket_idx" ON "lighting_readings_hourly" USING btree ("device_id","bucket");--> statement-breakpoint
CREATE INDEX "lighting_readings_hourly_project_bucket_idx" ON "lighting_readings_hourly" USING btree ("project_id","bucket");--> statement-breakpoint
CREATE INDEX "lighting_state_project_idx" ON "lighting_state" USING btree ("project_id");--> statement-breakpoint
CREATE TABLE "lighting_readings_default" PARTITION OF "lighting_readings" DEFAULT;--> statement-breakpoint
CREATE TABLE "lighting_readings_hourly_default" PARTITION OF "lighting_readings_hourly" DEFAULT;--> statement-breakpoint
CREATE TABLE "lighting_readings_daily_default" PARTITION OF "lighting_readings_daily" DEFAULT;
