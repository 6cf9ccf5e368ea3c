DROP TABLE "mtc_cabinets" CASCADE;--> statement-breakpoint
DROP TABLE "mtc_upgrades" CASCADE;