-- Issue 48 (dealer console, part 1; decisions 249-252): staff identity (better-auth's user,
-- session, account, verification and rate-limit tables, under staff_* names so they can never be
-- mistaken for the shoppers' tables), the staff members' roles with their scope, the console's
-- signing key, and the append-only audit trail.
CREATE TABLE "staff_users" (
  "id" text PRIMARY KEY,
  "name" text DEFAULT '' NOT NULL,
  "email" text NOT NULL UNIQUE,
  "email_verified" boolean DEFAULT false NOT NULL,
  "image" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Demo staff (SEED_DEMO): listed at start-up, marked in the console, never in production.
  "demo" boolean DEFAULT false NOT NULL,
  -- Lockout (decision 250): wrong codes in a row, and until when sign-in is refused.
  "failed_sign_ins" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
  "id" text PRIMARY KEY,
  "expires_at" timestamp with time zone NOT NULL,
  "token" text NOT NULL UNIQUE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ip_address" text,
  "user_agent" text,
  "user_id" text NOT NULL REFERENCES "staff_users"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "staff_sessions_user" ON "staff_sessions" ("user_id");
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
  "id" text PRIMARY KEY,
  "account_id" text NOT NULL,
  "provider_id" text NOT NULL,
  "user_id" text NOT NULL REFERENCES "staff_users"("id") ON DELETE CASCADE,
  "access_token" text,
  "refresh_token" text,
  "id_token" text,
  "access_token_expires_at" timestamp with time zone,
  "refresh_token_expires_at" timestamp with time zone,
  "scope" text,
  "password" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_accounts_user" ON "staff_accounts" ("user_id");
--> statement-breakpoint
CREATE TABLE "staff_verifications" (
  "id" text PRIMARY KEY,
  "identifier" text NOT NULL,
  "value" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_verifications_identifier" ON "staff_verifications" ("identifier");
--> statement-breakpoint
CREATE TABLE "staff_rate_limits" (
  "id" text PRIMARY KEY,
  "key" text NOT NULL UNIQUE,
  "count" integer NOT NULL,
  "last_request" bigint NOT NULL
);
--> statement-breakpoint
-- One row per grant: a platform operator (no scope), a group admin (one dealer group), or a
-- site role (one site; sales also name their locations).
CREATE TABLE "staff_roles" (
  "id" serial PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "staff_users"("id") ON DELETE CASCADE,
  "role" text NOT NULL CHECK ("role" IN ('platform_operator', 'group_admin', 'site_manager', 'sales', 'content_editor', 'read_only')),
  "dealer_group_id" integer REFERENCES "dealer_groups"("id") ON DELETE CASCADE,
  "site_id" integer REFERENCES "sites"("id") ON DELETE CASCADE,
  "location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "staff_roles_scope" CHECK (
    ("role" = 'platform_operator' AND "dealer_group_id" IS NULL AND "site_id" IS NULL)
    OR ("role" = 'group_admin' AND "dealer_group_id" IS NOT NULL AND "site_id" IS NULL)
    OR ("role" IN ('site_manager', 'sales', 'content_editor', 'read_only') AND "site_id" IS NOT NULL AND "dealer_group_id" IS NULL)
  )
);
--> statement-breakpoint
CREATE INDEX "staff_roles_user" ON "staff_roles" ("user_id");
--> statement-breakpoint
-- The console's signing secret when CONSOLE_SECRET is unset: made once, shared by every node.
CREATE TABLE "console_keys" (
  "name" text PRIMARY KEY,
  "value" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Audit trail: written in the same transaction as the change it records; never edited or deleted
-- (the trigger refuses UPDATE, DELETE and TRUNCATE, whoever asks).
CREATE TABLE "staff_audit" (
  "id" bigserial PRIMARY KEY,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "user_id" text,
  "actor_email" text,
  "dealer_group_id" integer,
  "site_id" integer,
  "action" text NOT NULL,
  "entity" text,
  "entity_id" text,
  "before" jsonb,
  "after" jsonb,
  "ip_address" text
);
--> statement-breakpoint
CREATE INDEX "staff_audit_site_at" ON "staff_audit" ("site_id", "at");
--> statement-breakpoint
CREATE FUNCTION forecourt_staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_no_update BEFORE UPDATE OR DELETE ON "staff_audit" FOR EACH ROW EXECUTE FUNCTION forecourt_staff_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON "staff_audit" FOR EACH STATEMENT EXECUTE FUNCTION forecourt_staff_audit_append_only();
