-- Issue 50 item 7 (scheduling for every console part; decision 340): a scheduled change may carry
-- the values it applies (a navigation or promotions change, a location's weekly or special hours),
-- typed by the console when the change is scheduled and written by the scheduler job at `run_at`.
-- Publish and unpublish changes (offers, pages) need none and keep it null.
ALTER TABLE "scheduled_changes" ADD COLUMN "payload" jsonb;
--> statement-breakpoint
-- Previews "as of" a moment read a site's pending changes due by then.
CREATE INDEX "scheduled_changes_site_pending" ON "scheduled_changes" ("site_id", "run_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- Issue 50 item 1 (decision 341): offers without a site are the network's (every site) or, with a
-- dealer group, that group's (every site of the group); both skip the sites in excluded_site_ids.
-- Group admins manage their group's offers in the console, platform operators the network's.
ALTER TABLE "offers" ADD COLUMN "dealer_group_id" integer REFERENCES "dealer_groups"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_one_owner" CHECK ("site_id" IS NULL OR "dealer_group_id" IS NULL);
