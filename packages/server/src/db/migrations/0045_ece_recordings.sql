CREATE TABLE "ece_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"alarm_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"size" integer NOT NULL,
	"cut" boolean DEFAULT false NOT NULL,
	"answered_by" varchar(64) NOT NULL,
	"audio" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ece_recordings" ADD CONSTRAINT "ece_recordings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ece_recordings" ADD CONSTRAINT "ece_recordings_alarm_id_ece_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."ece_alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ece_recordings_project_time_idx" ON "ece_recordings" USING btree ("project_id","start_time");--> statement-breakpoint
CREATE INDEX "ece_recordings_alarm_idx" ON "ece_recordings" USING btree ("alarm_id");