-- Issue 48 (dealer console: staff and onboarding; decisions 280-284): staff passkeys (better-auth's
-- passkey model), e-mailed invitations to a site or dealer group with a role, and archived sites
-- (their host answers 410; their data is kept).
CREATE TABLE "staff_passkeys" (
  "id" text PRIMARY KEY,
  "name" text,
  "public_key" text NOT NULL,
  "user_id" text NOT NULL REFERENCES "staff_users"("id") ON DELETE CASCADE,
  "credential_id" text NOT NULL UNIQUE,
  "counter" integer NOT NULL,
  "device_type" text NOT NULL,
  "backed_up" boolean NOT NULL,
  "transports" text,
  "created_at" timestamp with time zone DEFAULT now(),
  "aaguid" text
);
--> statement-breakpoint
CREATE INDEX "staff_passkeys_user" ON "staff_passkeys" ("user_id");
--> statement-breakpoint
-- An invitation grants its role when the invited person follows the e-mailed link: only the
-- SHA-256 of the link's token is kept. The scope has the shape of a staff_roles row.
CREATE TABLE "staff_invitations" (
  "id" text PRIMARY KEY,
  "email" text NOT NULL,
  "role" text NOT NULL,
  "dealer_group_id" integer REFERENCES "dealer_groups"("id") ON DELETE CASCADE,
  "site_id" integer REFERENCES "sites"("id") ON DELETE CASCADE,
  "location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
  "token_hash" text NOT NULL UNIQUE,
  "invited_by" text REFERENCES "staff_users"("id") ON DELETE SET NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "staff_invitations_scope" CHECK (
    ("role" = 'platform_operator' AND "dealer_group_id" IS NULL AND "site_id" IS NULL)
    OR ("role" = 'group_admin' AND "dealer_group_id" IS NOT NULL AND "site_id" IS NULL)
    OR ("role" IN ('site_manager', 'sales', 'content_editor', 'read_only') AND "site_id" IS NOT NULL AND "dealer_group_id" IS NULL)
  )
);
--> statement-breakpoint
CREATE INDEX "staff_invitations_site" ON "staff_invitations" ("site_id");
--> statement-breakpoint
CREATE INDEX "staff_invitations_group" ON "staff_invitations" ("dealer_group_id");
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "archived_at" timestamp with time zone;
--> statement-breakpoint
-- Archiving (or restoring) a site changes what its host answers, so it moves config_version like
-- its name and hosts do: every node's page cache misses and sees the 410 on the next request.
CREATE OR REPLACE FUNCTION forecourt_site_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.config, NEW.name, NEW.hosts, NEW.dealer_group_id, NEW.slug, NEW.archived_at)
     IS DISTINCT FROM (OLD.config, OLD.name, OLD.hosts, OLD.dealer_group_id, OLD.slug, OLD.archived_at) THEN
    NEW.config_version := OLD.config_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A passkey is added by better-auth's plugin, not by our code: the trigger writes its audit row in
-- the same transaction as the insert, whoever makes it.
CREATE FUNCTION forecourt_staff_passkey_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_audit (user_id, actor_email, action, entity, entity_id, after)
  SELECT NEW.user_id, u.email, 'passkey.add', 'staff-passkey', NEW.id, jsonb_build_object('name', NEW.name, 'deviceType', NEW.device_type)
  FROM staff_users u WHERE u.id = NEW.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_passkeys_audit AFTER INSERT ON "staff_passkeys" FOR EACH ROW EXECUTE FUNCTION forecourt_staff_passkey_added();
