CREATE TABLE "nsc_timer_pending" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nsc_timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"type" varchar(8) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"weekdays" jsonb NOT NULL,
	"date" varchar(10),
	"start_time" varchar(8) NOT NULL,
	"duration_seconds" integer NOT NULL,
	"volume" integer NOT NULL,
	"device_ids" jsonb NOT NULL,
	"group_ids" jsonb NOT NULL,
	"media_ids" jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nsc_vod_speakers" (
	"vod_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"state" varchar(8) NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nsc_vod_speakers_vod_id_device_id_pk" PRIMARY KEY("vod_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "nsc_vods" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"device_ids" jsonb NOT NULL,
	"group_ids" jsonb NOT NULL,
	"media_ids" jsonb NOT NULL,
	"volume" integer NOT NULL,
	"repeat" integer NOT NULL,
	"state" varchar(8) DEFAULT 'ready' NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nsc_timers" ADD CONSTRAINT "nsc_timers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nsc_vod_speakers" ADD CONSTRAINT "nsc_vod_speakers_vod_id_nsc_vods_id_fk" FOREIGN KEY ("vod_id") REFERENCES "public"."nsc_vods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nsc_vods" ADD CONSTRAINT "nsc_vods_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nsc_vod_speakers_device" ON "nsc_vod_speakers" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "nsc_vods_project_state_idx" ON "nsc_vods" USING btree ("project_id","state");