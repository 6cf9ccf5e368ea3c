CREATE TABLE "nsc_task_speakers" (
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"command" varchar(8) NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nsc_task_speakers_task_id_device_id_pk" PRIMARY KEY("task_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "nsc_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"begin_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"priority" integer NOT NULL,
	"volume" integer NOT NULL,
	"play_mode" varchar(8) NOT NULL,
	"duration_seconds" integer NOT NULL,
	"date_mode" varchar(8) NOT NULL,
	"weekdays" jsonb NOT NULL,
	"dates" jsonb NOT NULL,
	"target_mode" varchar(8) NOT NULL,
	"group_ids" jsonb NOT NULL,
	"device_ids" jsonb NOT NULL,
	"source_mode" varchar(8) NOT NULL,
	"media_group_ids" jsonb NOT NULL,
	"media_ids" jsonb NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"state" varchar(8) DEFAULT 'edit' NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"creator" varchar(64) NOT NULL,
	"checked_by" varchar(64),
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nsc_tasks" ADD CONSTRAINT "nsc_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nsc_task_speakers_device" ON "nsc_task_speakers" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nsc_tasks_project_no_idx" ON "nsc_tasks" USING btree ("project_id","no");