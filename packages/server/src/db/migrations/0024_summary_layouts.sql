CREATE TABLE "summary_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"grid" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"priority" integer NOT NULL,
	"units" jsonb NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "summary_layouts" ADD CONSTRAINT "summary_layouts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_layouts" ADD CONSTRAINT "summary_layouts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "summary_layouts_project_no_idx" ON "summary_layouts" USING btree ("project_id","no");--> statement-breakpoint
CREATE UNIQUE INDEX "summary_layouts_project_default_idx" ON "summary_layouts" USING btree ("project_id") WHERE "summary_layouts"."is_default";--> statement-breakpoint
CREATE INDEX "summary_layouts_project_priority_idx" ON "summary_layouts" USING btree ("project_id","priority","id");