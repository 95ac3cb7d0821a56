-- Issue 49 (console lists at 100,000 leads and 20,000 cars; decision 345): trigram indexes for the
-- console's "contains" searches, which scanned every row of the site. pg_trgm ships with
-- PostgreSQL's contrib and as a PGlite extension bundle (loaded in db/client.ts); it is a trusted
-- extension, so the database owner may create it. The indexed expressions are written exactly as
-- the queries write them (app/services/search-text.server.ts), or the planner cannot match them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "cars_search_trgm" ON "cars" USING gin ((lower("stock_number" || ' ' || coalesce("vin", '') || ' ' || coalesce("rego", '') || ' ' || "make" || ' ' || "model" || ' ' || coalesce("badge", ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leads_personal_trgm" ON "leads" USING gin ((lower("first_name" || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("phone", ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leads_car" ON "leads" ("car_id");
--> statement-breakpoint
-- Issue 49 item 3 (feed imports; decision 348): a scheduled feed pull that would update and withdraw more than
-- this share of the listed stock is held as a dry run, with the reason, for staff to apply.
ALTER TABLE "feed_sources" ADD COLUMN "max_change_percent" integer DEFAULT 25 NOT NULL CHECK ("max_change_percent" BETWEEN 1 AND 100);
--> statement-breakpoint
ALTER TABLE "feed_imports" ADD COLUMN "held_reason" text;
