CREATE TABLE "project_modules" (
	"project_id" integer NOT NULL,
	"module" varchar(32) NOT NULL,
	CONSTRAINT "project_modules_project_id_module_pk" PRIMARY KEY("project_id","module")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"path" text DEFAULT '' NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"function_key" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	CONSTRAINT "role_permissions_role_id_function_key_pk" PRIMARY KEY("role_id","function_key")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(16) NOT NULL,
	"password_hash" text NOT NULL,
	"phone_no" varchar(11) DEFAULT '' NOT NULL,
	"real_name" varchar(32) DEFAULT '' NOT NULL,
	"role_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"no" varchar(32) NOT NULL,
	"type" varchar(32) NOT NULL,
	"active_state" smallint DEFAULT 0 NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manage_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"project_id" integer,
	"account" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(32) NOT NULL,
	"entity" varchar(64) NOT NULL,
	"entity_id" varchar(64) DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"changes" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"project_id" integer,
	"account" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(32) NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(256) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"sender_id" integer,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identify_codes" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(256) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "web_params" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_modules" ADD CONSTRAINT "project_modules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_messages" ADD CONSTRAINT "site_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_parent_idx" ON "projects" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "projects_path_idx" ON "projects" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_project_idx" ON "roles" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "devices_project_idx" ON "devices" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "manage_logs_at_idx" ON "manage_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "manage_logs_user_idx" ON "manage_logs" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "visit_logs_at_idx" ON "visit_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "visit_logs_user_idx" ON "visit_logs" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "site_messages_recipient_idx" ON "site_messages" USING btree ("recipient_id","is_deleted","is_read");--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");