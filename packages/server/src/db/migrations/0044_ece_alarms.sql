CREATE TABLE "ece_alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"stop_time" timestamp with time zone,
	"event_id" varchar(64) NOT NULL,
	"device_index_code" varchar(64) NOT NULL,
	"channel_index_code" varchar(64) NOT NULL,
	"channel_type" varchar(32) NOT NULL,
	"channel_name" varchar(64) NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"settle_detail" varchar(16) DEFAULT 'init' NOT NULL,
	"settle_note" varchar(200),
	"settled_by" varchar(64),
	"settle_time" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "ece_connections" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"platform" varchar(8) NOT NULL,
	"client_server_ip" varchar(253) NOT NULL,
	"isc_port" integer NOT NULL,
	"isc_context_path" varchar(16) NOT NULL,
	"dss_port" integer NOT NULL,
	"dh_api_address" varchar(100) NOT NULL,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ece_alarms" ADD CONSTRAINT "ece_alarms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ece_alarms" ADD CONSTRAINT "ece_alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ece_connections" ADD CONSTRAINT "ece_connections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ece_alarms_event_idx" ON "ece_alarms" USING btree ("device_id","event_id");--> statement-breakpoint
CREATE INDEX "ece_alarms_project_time_idx" ON "ece_alarms" USING btree ("project_id","start_time");--> statement-breakpoint
CREATE INDEX "ece_alarms_start_idx" ON "ece_alarms" USING btree ("start_time");