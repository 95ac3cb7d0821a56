-- Issue 49 item 4 (leads inbox; decisions 315-317): a lead's status in the dealer's pipeline, the
-- staff member it is assigned to, when its shopper's personal data was anonymised (retention),
-- and the notes staff write on it (append-only history: who, when). The indexes serve the inbox's
-- newest-first pages by site with a status, location or form (department) filter (100,000 leads on one site).
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("status" IN ('new', 'contacted', 'appointment', 'won', 'lost'));
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to" text REFERENCES "staff_users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "anonymised_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "leads_site_status_created" ON "leads" ("site_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "leads_site_location_created" ON "leads" ("site_id", "location_id", "created_at");
--> statement-breakpoint
CREATE INDEX "leads_site_form_created" ON "leads" ("site_id", "form", "created_at", "id");
--> statement-breakpoint
CREATE TABLE "lead_notes" (
  "id" serial PRIMARY KEY,
  "lead_id" integer NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "user_id" text REFERENCES "staff_users"("id") ON DELETE SET NULL,
  "author_email" text,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_notes_lead" ON "lead_notes" ("lead_id", "id");
