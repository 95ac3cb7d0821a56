-- Issue 50 items 1 and 7 (dealer console: offers; scheduling and preview; decisions 325-327).
-- Offers get a publishing status: only `published` offers show to shoppers (existing rows are
-- published, so the demo sites look the same); `draft` is being edited; `retired` is kept for the
-- record and shows nowhere. Changing it moves the site's config version (trigger of 0018), so every
-- node's page cache sees it on its next request.
ALTER TABLE "offers" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status" CHECK ("status" IN ('draft', 'published', 'retired'));
--> statement-breakpoint
-- Scheduled changes of any kind of content (offers now; pages, banners and hours can add their
-- kind): `action` is applied to the row (`entity`, `entity_id`) at `run_at` by the scheduler job
-- (app/services/scheduled-changes.server.ts), which claims due rows with FOR UPDATE SKIP LOCKED
-- inside the transaction that applies them, so one node applies each change once.
CREATE TABLE "scheduled_changes" (
  "id" serial PRIMARY KEY,
  "site_id" integer REFERENCES "sites"("id") ON DELETE CASCADE,
  "entity" text NOT NULL,
  "entity_id" integer NOT NULL,
  "action" text NOT NULL,
  "run_at" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_by" text,
  "actor_email" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "applied_at" timestamp with time zone,
  "error" text,
  CONSTRAINT "scheduled_changes_status" CHECK ("status" IN ('pending', 'applied', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "scheduled_changes_due" ON "scheduled_changes" ("run_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "scheduled_changes_entity" ON "scheduled_changes" ("entity", "entity_id");
--> statement-breakpoint
-- Images staff upload for content (offers now): re-encoded by sharp (EXIF and other metadata
-- dropped) and kept in the database, so every node serves them through /images (which caches
-- renditions on its own disk) without a shared file system.
CREATE TABLE "content_images" (
  "id" serial PRIMARY KEY,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "content_type" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "bytes" bytea NOT NULL,
  "created_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
