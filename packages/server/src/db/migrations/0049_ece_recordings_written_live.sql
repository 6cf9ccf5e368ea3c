ALTER TABLE "ece_recordings" ADD COLUMN "interrupted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ece_recordings" ADD COLUMN "pcm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ece_recordings" ADD COLUMN "header" "bytea";--> statement-breakpoint
ALTER TABLE "ece_recordings" ADD COLUMN "written_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "ece_recordings_open_idx" ON "ece_recordings" USING btree ("written_at") WHERE NOT "ece_recordings"."stored";