CREATE TABLE "ece_recording_chunks" (
	"recording_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "ece_recording_chunks_recording_id_seq_pk" PRIMARY KEY("recording_id","seq")
);
--> statement-breakpoint
ALTER TABLE "ece_recordings" ALTER COLUMN "audio" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ece_recordings" ADD COLUMN "stored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ece_recordings" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ece_recording_chunks" ADD CONSTRAINT "ece_recording_chunks_recording_id_ece_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."ece_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- PCM hardly compresses: the chunks are stored uncompressed (EXTERNAL), read without pglz.
ALTER TABLE "ece_recording_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Recordings stored whole (0045) to chunks of 256 KB (ECE_RECORDING_CHUNK_BYTES), then stored.
INSERT INTO "ece_recording_chunks" ("recording_id", "seq", "bytes")
SELECT r."id", g.i, substring(r."audio" FROM g.i * 262144 + 1 FOR 262144)
FROM "ece_recordings" r CROSS JOIN LATERAL generate_series(0, (length(r."audio") - 1) / 262144) AS g(i)
WHERE r."audio" IS NOT NULL AND length(r."audio") > 0;--> statement-breakpoint
UPDATE "ece_recordings" SET "stored" = true WHERE "audio" IS NOT NULL;
