CREATE TABLE "led_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"media_type" varchar(16) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"file_name" varchar(255),
	"mime" varchar(64),
	"size" integer,
	"file" "bytea",
	"creator" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "led_state" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"brightness" real,
	"volume" real,
	"power" real,
	"playing" varchar(128)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "led_resources_project_no" ON "led_resources" USING btree ("project_id","no");--> statement-breakpoint
CREATE INDEX "led_resources_project" ON "led_resources" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "led_state_project_idx" ON "led_state" USING btree ("project_id");