CREATE TABLE "device_settings" (
	"device_id" integer NOT NULL,
	"part" varchar(32) NOT NULL,
	"project_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_settings_device_id_part_pk" PRIMARY KEY("device_id","part")
);
--> statement-breakpoint
CREATE TABLE "device_upgrades" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"version" varchar(16) NOT NULL,
	"size" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"error" varchar(500),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "device_upgrades_device" ON "device_upgrades" USING btree ("device_id","started_at");