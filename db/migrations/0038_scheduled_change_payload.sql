-- Issue 50 item 7 (scheduling for every console part; decision 340): a scheduled change may carry
-- the values it applies (a navigation or promotions change, a location's weekly or special hours),
-- typed by the console when the change is scheduled and written by the scheduler job at `run_at`.
-- Publish and unpublish changes (offers, pages) need none and keep it null.
ALTER TABLE "scheduled_changes" ADD COLUMN "payload" jsonb;
--> statement-breakpoint
-- Previews "as of" a moment read a site's pending changes due by then.
CREATE INDEX "scheduled_changes_site_pending" ON "scheduled_changes" ("site_id", "run_at") WHERE "status" = 'pending';
