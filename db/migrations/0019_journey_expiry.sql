-- Issue 51 section 6: the hourly purge of abandoned purchase journeys finds open ones by their last step.
CREATE INDEX "purchase_journeys_open_updated" ON "purchase_journeys" ("updated_at") WHERE "status" = 'open';--> statement-breakpoint
-- Decision 225: devices that signed in for a number get their own share of its code quota.
CREATE TABLE "sign_in_devices" (
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_devices_site_phone_token" ON "sign_in_devices" ("site_id", "phone", "token_hash");
