CREATE TABLE "maintenance_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" varchar(32) NOT NULL,
	"project_id" integer NOT NULL,
	"title" varchar(64) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"creator_id" integer,
	"creator_name" varchar(16) NOT NULL,
	"approver_name" varchar(16),
	"approved_at" timestamp with time zone,
	"modifier_name" varchar(16),
	"bill_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_bills_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "maintenance_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"handle_status" smallint DEFAULT 0 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"handler_name" varchar(16),
	"handled_at" timestamp with time zone,
	"alarm_code" varchar(64),
	"alarm_at" timestamp with time zone,
	"photo" "bytea",
	"photo_mime" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"detail_id" integer,
	"sender_name" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_bills" ADD CONSTRAINT "maintenance_bills_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_bills" ADD CONSTRAINT "maintenance_bills_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_details" ADD CONSTRAINT "maintenance_details_bill_id_maintenance_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."maintenance_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_details" ADD CONSTRAINT "maintenance_details_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_messages" ADD CONSTRAINT "maintenance_messages_bill_id_maintenance_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."maintenance_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_messages" ADD CONSTRAINT "maintenance_messages_detail_id_maintenance_details_id_fk" FOREIGN KEY ("detail_id") REFERENCES "public"."maintenance_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_bills_project_idx" ON "maintenance_bills" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_details_bill_device_idx" ON "maintenance_details" USING btree ("bill_id","device_id");--> statement-breakpoint
CREATE INDEX "maintenance_details_device_idx" ON "maintenance_details" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "maintenance_messages_bill_idx" ON "maintenance_messages" USING btree ("bill_id");