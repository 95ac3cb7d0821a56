-- Issue 50 items 5 and 6 (dealer console: locations and brand theme; decisions 330-332): a
-- location's own alternating-Saturday rule (null = the site's rule by location type), and images
-- uploaded through the console (logos, favicons, location photos) kept in the database, so every
-- app node serves them without shared disk.
ALTER TABLE "locations" ADD COLUMN "alternating_saturday" jsonb;
--> statement-breakpoint
CREATE TABLE "site_assets" (
  "id" serial PRIMARY KEY,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "content_type" text NOT NULL,
  "bytes" bytea NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "sha256" text NOT NULL,
  "created_by" text REFERENCES "staff_users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_assets_site" ON "site_assets" ("site_id");
