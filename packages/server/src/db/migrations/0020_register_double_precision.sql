ALTER TABLE "lighting_readings" ALTER COLUMN "energy_total" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings" ALTER COLUMN "on_duration" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_daily" ALTER COLUMN "energy_total_min" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_daily" ALTER COLUMN "energy_total_max" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_daily" ALTER COLUMN "on_duration_min" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_daily" ALTER COLUMN "on_duration_max" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_hourly" ALTER COLUMN "energy_total_min" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_hourly" ALTER COLUMN "energy_total_max" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_hourly" ALTER COLUMN "on_duration_min" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_readings_hourly" ALTER COLUMN "on_duration_max" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "lighting_state" ALTER COLUMN "energy_total" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "whm_readings" ALTER COLUMN "reading" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "whm_readings_daily" ALTER COLUMN "reading_min" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "whm_readings_daily" ALTER COLUMN "reading_max" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "whm_readings_hourly" ALTER COLUMN "reading_min" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "whm_readings_hourly" ALTER COLUMN "reading_max" SET DATA TYPE double precision;