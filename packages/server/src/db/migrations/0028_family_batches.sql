CREATE TABLE "family_batch_targets" (
	"batch_id" varchar(36) NOT NULL,
	"seq" integer NOT NULL,
	"device_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"request_id" varchar(36) NOT NULL,
	"args" jsonb,
	"ok" boolean,
	"error" text,
	"duration_ms" integer,
	CONSTRAINT "family_batch_targets_batch_id_seq_pk" PRIMARY KEY("batch_id","seq")
);
--> statement-breakpoint
CREATE TABLE "family_batches" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"command" varchar(32) NOT NULL,
	"device_command" varchar(32) NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"acknowledged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"operation_id" bigint,
	"owner" varchar(64),
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "family_batch_targets" ADD CONSTRAINT "family_batch_targets_batch_id_family_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."family_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_batches_project" ON "family_batches" USING btree ("project_id","started_at");--> statement-breakpoint
CREATE INDEX "family_batches_lease" ON "family_batches" USING btree ("state","lease_until");