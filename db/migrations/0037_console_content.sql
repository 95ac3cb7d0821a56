-- Issue 50 items 2 and 8 (dealer console: content pages, redirects, reviews display; decisions
-- 335-339): a site's redirects (old path -> new path, answered 301 where the site would answer
-- 404), and reviews a staff member hid from the site (the reason is in the audit trail).
CREATE TABLE "site_redirects" (
  "id" serial PRIMARY KEY,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "from_path" text NOT NULL,
  "to_path" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_redirects_site_from" ON "site_redirects" ("site_id", "from_path");
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
-- A redirect replaces what a page answered, so it moves the site's config version like a page does
-- (every node's page cache sees it on its next request).
CREATE TRIGGER "site_redirects_versions_insert" AFTER INSERT ON "site_redirects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION forecourt_site_rows_changed('config_version');
--> statement-breakpoint
CREATE TRIGGER "site_redirects_versions_update" AFTER UPDATE ON "site_redirects" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forecourt_site_rows_changed('config_version');
--> statement-breakpoint
CREATE TRIGGER "site_redirects_versions_delete" AFTER DELETE ON "site_redirects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forecourt_site_rows_changed('config_version');
