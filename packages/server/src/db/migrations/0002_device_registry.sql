CREATE TABLE "device_factories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"project_id" integer,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_factories_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "device_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"factory_id" integer NOT NULL,
	"type_no" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_models_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"icon" "bytea",
	"icon_mime" varchar(32),
	"icon_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_types_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "device_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_areas_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"area_id" integer,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"active_state" smallint DEFAULT 0 NOT NULL,
	"active_forced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_groups_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "production_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"no" varchar(64) NOT NULL,
	"key1" varchar(128) NOT NULL,
	"model_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"occupied_project_id" integer,
	"occupied_device_id" integer,
	"occupied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_items_no_unique" UNIQUE("no")
);
--> statement-breakpoint
DROP INDEX "devices_project_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "factory_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "area_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "active_forced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "equipment_id" varchar(64);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "communicate_address" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "imei" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "imsi" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "ip" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "submask" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "gateway" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "port" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "rtsp_port" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "min_port" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "max_port" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mac" varchar(17) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "login_account" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "login_password" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "alias" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "modbus_address" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "channel_no" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "protocol_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "production_name" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "production_no" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "props" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "device_factories" ADD CONSTRAINT "device_factories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_factory_id_device_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."device_factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_type_no_device_types_no_fk" FOREIGN KEY ("type_no") REFERENCES "public"."device_types"("no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "device_areas" ADD CONSTRAINT "device_areas_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_area_id_device_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."device_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_items" ADD CONSTRAINT "production_items_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_items" ADD CONSTRAINT "production_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_areas_project_idx" ON "device_areas" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "device_groups_project_idx" ON "device_groups" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "device_groups_area_idx" ON "device_groups" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "production_items_project_idx" ON "production_items" USING btree ("project_id","status","id");--> statement-breakpoint
CREATE INDEX "production_items_name_idx" ON "production_items" USING btree ("name");--> statement-breakpoint
CREATE INDEX "production_items_device_idx" ON "production_items" USING btree ("occupied_device_id") WHERE "production_items"."occupied_device_id" is not null;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_type_device_types_no_fk" FOREIGN KEY ("type") REFERENCES "public"."device_types"("no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_factory_id_device_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."device_factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_area_id_device_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."device_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_parent_id_devices_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_project_type_idx" ON "devices" USING btree ("project_id","type","id");--> statement-breakpoint
CREATE INDEX "devices_project_state_idx" ON "devices" USING btree ("project_id","active_state","id");--> statement-breakpoint
CREATE INDEX "devices_area_idx" ON "devices" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "devices_group_idx" ON "devices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "devices_model_idx" ON "devices" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "devices_parent_idx" ON "devices" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("lng","lat");--> statement-breakpoint
CREATE INDEX "devices_equipment_idx" ON "devices" USING btree ("equipment_id") WHERE "devices"."equipment_id" is not null;--> statement-breakpoint
CREATE INDEX "devices_project_idx" ON "devices" USING btree ("project_id","id");