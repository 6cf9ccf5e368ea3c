CREATE TABLE "dvr_channels" (
	"dvr_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"camera_id" integer NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dvr_channels_dvr_id_channel_pk" PRIMARY KEY("dvr_id","channel")
);
--> statement-breakpoint
ALTER TABLE "dvr_channels" ADD CONSTRAINT "dvr_channels_dvr_id_devices_id_fk" FOREIGN KEY ("dvr_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dvr_channels" ADD CONSTRAINT "dvr_channels_camera_id_devices_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dvr_channels_dvr_camera_idx" ON "dvr_channels" USING btree ("dvr_id","camera_id");--> statement-breakpoint
CREATE INDEX "dvr_channels_camera_idx" ON "dvr_channels" USING btree ("camera_id");