CREATE TABLE "readings_latest" (
	"device_id" integer NOT NULL,
	"source" varchar(64) NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "readings_latest_device_id_source_pk" PRIMARY KEY("device_id","source")
);
--> statement-breakpoint
CREATE TABLE "readings_project_daily" (
	"project_id" integer NOT NULL,
	"source" varchar(64) NOT NULL,
	"reading" varchar(64) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sum" double precision NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "readings_latest_project_source_idx" ON "readings_latest" USING btree ("project_id","source");--> statement-breakpoint
CREATE UNIQUE INDEX "readings_project_daily_key_idx" ON "readings_project_daily" USING btree ("project_id","source","reading","bucket");