-- Issue 48 items 5 and 6 (decisions 275-277): the console's settings editor keeps one draft per
-- site and every publish as a numbered version. Publishing writes sites.config in the same
-- transaction, so the config_version trigger of migration 0018 tells every node's page cache.
CREATE TABLE "site_config_drafts" (
  "site_id" integer PRIMARY KEY REFERENCES "sites"("id") ON DELETE CASCADE,
  "config" jsonb NOT NULL,
  "base_version" integer NOT NULL,
  "revision" integer DEFAULT 1 NOT NULL,
  "updated_by" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_config_versions" (
  "id" serial PRIMARY KEY,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "version" integer NOT NULL,
  "config" jsonb NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('baseline', 'publish', 'rollback')),
  "rolled_back_to" integer,
  "created_by" text,
  "actor_email" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "site_config_versions_site_version" UNIQUE ("site_id", "version")
);
--> statement-breakpoint
-- A published version is history: never rewritten (rolling back makes a new one).
CREATE FUNCTION forecourt_site_config_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'site_config_versions is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER site_config_versions_no_update BEFORE UPDATE ON "site_config_versions" FOR EACH ROW EXECUTE FUNCTION forecourt_site_config_versions_append_only();
--> statement-breakpoint
CREATE INDEX "staff_audit_site_action_at" ON "staff_audit" ("site_id", "action", "at");
