CREATE TABLE "led_media_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "led_media_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "led_media_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "led_media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "led_resources" ADD COLUMN "sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "led_resources" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "led_media_chunks" ADD CONSTRAINT "led_media_chunks_file_id_led_media_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."led_media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "led_resources" ADD CONSTRAINT "led_resources_file_id_led_media_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."led_media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing files to chunks of 256 KB (LED_MEDIA_CHUNK_BYTES), each resource's file a led_media_files row
-- of the resource's own id (the sequence moved past them), with its SHA-256 kept on the resource.
-- Media is compressed already: the chunks are stored uncompressed (EXTERNAL), read without pglz.
INSERT INTO "led_media_files" ("id", "created_at") SELECT "id", "updated_at" FROM "led_resources" WHERE "file" IS NOT NULL;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('led_media_files', 'id'), COALESCE((SELECT max("id") FROM "led_media_files"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "led_media_chunks" ("file_id", "seq", "bytes")
SELECT r."id", g.i, substring(r."file" FROM g.i * 262144 + 1 FOR 262144)
FROM "led_resources" r CROSS JOIN LATERAL generate_series(0, (length(r."file") - 1) / 262144) AS g(i)
WHERE r."file" IS NOT NULL AND length(r."file") > 0;--> statement-breakpoint
UPDATE "led_resources" SET "file_id" = "id", "sha256" = encode(sha256("file"), 'hex'), "size" = length("file") WHERE "file" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "led_resources" DROP COLUMN "file";