CREATE TABLE "led_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"version" varchar(16) NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"repeat_times" integer DEFAULT 1 NOT NULL,
	"language" varchar(8) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"filter" varchar(8) NOT NULL,
	"weekdays" jsonb NOT NULL,
	"days" jsonb NOT NULL,
	"layers" jsonb NOT NULL,
	"state" varchar(8) DEFAULT 'edit' NOT NULL,
	"creator" varchar(64) NOT NULL,
	"checked_by" varchar(64),
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "led_publishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"program_name" varchar(32) NOT NULL,
	"batch_id" varchar(36) NOT NULL,
	"total" integer NOT NULL,
	"creator" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "led_screen_programs" (
	"program_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "led_screen_programs_program_id_device_id_pk" PRIMARY KEY("program_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "led_programs" ADD CONSTRAINT "led_programs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "led_publishes" ADD CONSTRAINT "led_publishes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "led_publishes" ADD CONSTRAINT "led_publishes_program_id_led_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."led_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "led_screen_programs" ADD CONSTRAINT "led_screen_programs_program_id_led_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."led_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "led_programs_project_no" ON "led_programs" USING btree ("project_id","no");--> statement-breakpoint
CREATE INDEX "led_programs_project" ON "led_programs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "led_publishes_project" ON "led_publishes" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "led_publishes_program" ON "led_publishes" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "led_screen_programs_device" ON "led_screen_programs" USING btree ("device_id","delivered");