CREATE TABLE "notice_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"event_code" varchar(64) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(128) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_rules" (
	"project_id" integer NOT NULL,
	"event_code" varchar(64) NOT NULL,
	"types" jsonb NOT NULL,
	"emails" jsonb NOT NULL,
	"mobiles" jsonb NOT NULL,
	"user_ids" jsonb NOT NULL,
	"lang" varchar(8) NOT NULL,
	"interval_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_rules_project_id_event_code_pk" PRIMARY KEY("project_id","event_code")
);
--> statement-breakpoint
CREATE TABLE "project_params" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_rules" ADD CONSTRAINT "notice_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_params" ADD CONSTRAINT "project_params_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_deliveries_due_idx" ON "notice_deliveries" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "notice_deliveries_project_idx" ON "notice_deliveries" USING btree ("project_id","created_at");