-- Issue 49 item 1 (console stock list, decision 300): the list's default order is newest listed
-- first, paged; with this index a page of a 20,000-car site reads its 50 rows in order instead
-- of sorting the site's every car. Location filters (and sales, who see their locations only)
-- use the second.
CREATE INDEX "cars_site_created" ON "cars" ("site_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "cars_site_location" ON "cars" ("site_id", "location_id");
