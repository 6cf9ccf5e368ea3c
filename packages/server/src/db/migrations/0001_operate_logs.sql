CREATE TABLE "operate_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"project_id" integer,
	"account" varchar(64) DEFAULT '' NOT NULL,
	"device_id" integer,
	"device_name" varchar(64) DEFAULT '' NOT NULL,
	"command" varchar(64) NOT NULL,
	"args" jsonb,
	"result" text DEFAULT '' NOT NULL,
	"success" boolean DEFAULT false NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operate_logs_at_idx" ON "operate_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operate_logs_device_idx" ON "operate_logs" USING btree ("device_id","at");