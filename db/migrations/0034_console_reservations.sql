-- Issue 49 item 5 (dealer console: reservations and orders; decision 320): every capture,
-- release, refund and extension a staff member asks for is one row here, keyed by the form's
-- idempotency key. The unique key makes a double click or a re-sent form find the first row
-- instead of acting twice; the reservation's own status guard (an UPDATE ... WHERE status = ...)
-- stops two different forms (two tabs) from both acting.
CREATE TABLE "reservation_actions" (
  "id" serial PRIMARY KEY,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "reservation_id" integer NOT NULL REFERENCES "reservations"("id") ON DELETE CASCADE,
  "action" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "user_id" text REFERENCES "staff_users"("id") ON DELETE SET NULL,
  "hours" integer,
  "message" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_actions_key" ON "reservation_actions" ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "reservation_actions_reservation" ON "reservation_actions" ("reservation_id");
--> statement-breakpoint
-- The offline test provider counts the capture and release calls it receives, as a real
-- provider's dashboard lists them, so a test can check that a deposit was captured once.
ALTER TABLE "test_payment_intents" ADD COLUMN "capture_calls" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "release_calls" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The dashboard's "reservations in the last N days" and the console list (newest first per site).
CREATE INDEX "reservations_site_created" ON "reservations" ("site_id", "created_at");
