ALTER TABLE "led_screen_programs" ADD COLUMN "media_key" varchar(64);--> statement-breakpoint
ALTER TABLE "led_screen_programs" ADD COLUMN "media_origin" varchar(255);--> statement-breakpoint
ALTER TABLE "led_screen_programs" ADD COLUMN "bytes_sent" bigint DEFAULT 0 NOT NULL;