-- Issue 49 (decision 399): the console's stock list filtered by location and age in stock, the
-- aged-stock view of one yard. With the location index on (site_id, location_id) alone, a yard's
-- age band was found by reading every car of the yard and dropping the rest: 625 heap pages for
-- 55 cars of 'hilux' at one yard of a 20,000-car site, twice a page (its count and its ids). With
-- created_at in the index the band is read from it: 55 pages. The old index is a prefix of the
-- new one, which serves its location filters (and sales' reach) as before.
CREATE INDEX "cars_site_location_created" ON "cars" ("site_id", "location_id", "created_at");
--> statement-breakpoint
DROP INDEX "cars_site_location";
