CREATE TABLE "production_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "production_items" ADD COLUMN "import_id" integer;--> statement-breakpoint
CREATE INDEX "production_items_import_idx" ON "production_items" USING btree ("import_id") WHERE "production_items"."import_id" is not null;