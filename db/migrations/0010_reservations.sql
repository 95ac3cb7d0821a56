-- Issue 10: online reservations with a refundable deposit, the purchase journey and payments.
-- See docs/decisions/100-reservations-and-payments.md.
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'aud' NOT NULL,
	"status" text NOT NULL,
	"car_id" integer REFERENCES "cars"("id") ON DELETE SET NULL,
	"details" jsonb,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_status" ON "payments" ("status", "updated_at");--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"car_id" integer NOT NULL REFERENCES "cars"("id") ON DELETE CASCADE,
	"location_id" integer REFERENCES "locations"("id") ON DELETE SET NULL,
	"payment_id" integer NOT NULL REFERENCES "payments"("id"),
	"journey_id" uuid,
	"lead_id" integer REFERENCES "leads"("id") ON DELETE SET NULL,
	"status" text NOT NULL,
	"deposit_cents" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"postcode" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- One holding reservation per car, across every app node (the guarantee; code checks are only a courtesy).
CREATE UNIQUE INDEX "reservations_one_per_car" ON "reservations" ("car_id") WHERE "status" IN ('active', 'captured');--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_payment" ON "reservations" ("payment_id");--> statement-breakpoint
CREATE INDEX "reservations_active_expiry" ON "reservations" ("expires_at") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "reservations_site_status" ON "reservations" ("site_id", "status");--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_key" ON "test_payment_intents" ("idempotency_key");--> statement-breakpoint
CREATE TABLE "purchase_journeys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"car_id" integer NOT NULL REFERENCES "cars"("id") ON DELETE CASCADE,
	"shopper_id" text,
	"step" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reservation_id" integer REFERENCES "reservations"("id") ON DELETE SET NULL,
	"lead_id" integer REFERENCES "leads"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "purchase_journeys_shopper" ON "purchase_journeys" ("site_id", "shopper_id", "car_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_id" integer REFERENCES "payments"("id"),
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
