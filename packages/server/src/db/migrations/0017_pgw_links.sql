CREATE TABLE "pgw_links" (
	"gateway_id" integer NOT NULL,
	"equipment_id" varchar(64) NOT NULL,
	"signal" real NOT NULL,
	"seen" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "pgw_links_gateway_id_equipment_id_pk" PRIMARY KEY("gateway_id","equipment_id")
);
--> statement-breakpoint
ALTER TABLE "pgw_links" ADD CONSTRAINT "pgw_links_gateway_id_devices_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pgw_links_equipment_idx" ON "pgw_links" USING btree ("equipment_id");