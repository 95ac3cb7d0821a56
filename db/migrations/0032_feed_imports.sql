-- Issue 49 item 3 (dealer console feeds, decision 310): every feed a site receives through the
-- console or a scheduled pull, from its dry run to its outcome, and each site's feed URL with its
-- pull schedule. An uploaded file is kept (content) between its dry run and its apply, so the
-- staff member never uploads it twice and every app node can apply it; it is dropped once applied.
CREATE TABLE "feed_imports" (
  "id" serial PRIMARY KEY,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "source" text NOT NULL CHECK ("source" IN ('upload', 'pull')),
  "file_name" text NOT NULL,
  "content_sha256" text,
  "content" bytea,
  "byte_size" integer NOT NULL DEFAULT 0,
  "encoding" text,
  "format" text,
  "full_snapshot" boolean NOT NULL DEFAULT true,
  "status" text NOT NULL CHECK ("status" IN ('dry-run', 'applied', 'failed')),
  "counts" jsonb,
  "changes" jsonb,
  "rejections" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "error" text,
  "created_by" text,
  "created_email" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "applied_by" text,
  "applied_email" text,
  "applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "feed_imports_site_created" ON "feed_imports" ("site_id", "created_at" DESC);
--> statement-breakpoint
-- One feed URL per site. A pull is claimed by one node at a time: the node that sets locked_until
-- (a lease, FOR UPDATE SKIP LOCKED) pulls; a node that dies mid-pull only delays it to the lease's end.
CREATE TABLE "feed_sources" (
  "site_id" integer PRIMARY KEY REFERENCES "sites"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "schedule" text,
  "full_snapshot" boolean NOT NULL DEFAULT true,
  "next_pull_at" timestamp with time zone,
  "locked_until" timestamp with time zone,
  "last_pull_at" timestamp with time zone,
  "last_outcome" text,
  "updated_by" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_sources_due" ON "feed_sources" ("next_pull_at") WHERE "next_pull_at" IS NOT NULL;
