CREATE TABLE "nsc_group_devices" (
	"group_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "nsc_group_devices_group_id_device_id_pk" PRIMARY KEY("group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "nsc_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nsc_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"duration" double precision NOT NULL,
	"bitrate" integer,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nsc_media_group_items" (
	"media_group_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "nsc_media_group_items_media_group_id_media_id_pk" PRIMARY KEY("media_group_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "nsc_media_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nsc_state" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"volume" integer,
	"status" varchar(16),
	"playing" varchar(255),
	"version" varchar(32)
);
--> statement-breakpoint
ALTER TABLE "nsc_group_devices" ADD CONSTRAINT "nsc_group_devices_group_id_nsc_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."nsc_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nsc_groups" ADD CONSTRAINT "nsc_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nsc_media" ADD CONSTRAINT "nsc_media_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nsc_media_group_items" ADD CONSTRAINT "nsc_media_group_items_media_group_id_nsc_media_groups_id_fk" FOREIGN KEY ("media_group_id") REFERENCES "public"."nsc_media_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nsc_media_group_items" ADD CONSTRAINT "nsc_media_group_items_media_id_nsc_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."nsc_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nsc_media_groups" ADD CONSTRAINT "nsc_media_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nsc_group_devices_device" ON "nsc_group_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nsc_groups_project_no_idx" ON "nsc_groups" USING btree ("project_id","no");--> statement-breakpoint
CREATE UNIQUE INDEX "nsc_media_project_name_idx" ON "nsc_media" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "nsc_media_group_items_media" ON "nsc_media_group_items" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nsc_media_groups_project_group_idx" ON "nsc_media_groups" USING btree ("project_id","group_id");--> statement-breakpoint
CREATE INDEX "nsc_state_project_idx" ON "nsc_state" USING btree ("project_id");