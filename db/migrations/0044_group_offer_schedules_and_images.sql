-- Issue 50 items 1 and 7 (decision 341): offers of a dealer group or of the network (no site) are
-- scheduled and carry uploaded images like a site's. A scheduled change or a content image names
-- its owner: a site, else a dealer group (the group's offers), else neither (the network's).
ALTER TABLE "scheduled_changes" ADD COLUMN "dealer_group_id" integer REFERENCES "dealer_groups"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "scheduled_changes" ADD CONSTRAINT "scheduled_changes_one_owner" CHECK ("site_id" IS NULL OR "dealer_group_id" IS NULL);
--> statement-breakpoint
ALTER TABLE "content_images" ALTER COLUMN "site_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "content_images" ADD COLUMN "dealer_group_id" integer REFERENCES "dealer_groups"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "content_images" ADD CONSTRAINT "content_images_one_owner" CHECK ("site_id" IS NULL OR "dealer_group_id" IS NULL);
