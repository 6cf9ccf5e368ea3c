ALTER TABLE "site_messages" ADD COLUMN "fold_key" varchar(80);--> statement-breakpoint
ALTER TABLE "site_messages" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_messages" ADD COLUMN "severity" varchar(16);--> statement-breakpoint
CREATE INDEX "site_messages_fold_idx" ON "site_messages" USING btree ("recipient_id","fold_key");