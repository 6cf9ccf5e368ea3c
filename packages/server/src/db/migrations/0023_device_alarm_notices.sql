CREATE TABLE "device_alarm_notices" (
	"device_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"open" boolean NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"announced" boolean NOT NULL,
	CONSTRAINT "device_alarm_notices_device_id_code_pk" PRIMARY KEY("device_id","code")
);
--> statement-breakpoint
ALTER TABLE "device_alarm_notices" ADD CONSTRAINT "device_alarm_notices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;