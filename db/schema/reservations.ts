import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cars } from "./cars";
import { staffUsers } from "./console";
import { leads } from "./leads";
import { locations } from "./locations";
import { sites } from "./sites";

/**
 * Issue 10. Our record of every payment we ask a provider for (reservation deposit, purchase
 * journey deposit, dealer-requested online payment). Money in cents (AUD).
 *
 * Status: `pending` (authorisation requested, outcome not yet recorded), `authorised` (held on
 * the card), `declined`, `capturing` / `captured`, `releasing` / `released` (cancelled or refunded).
 * `pending`, `capturing` and `releasing` rows are the reconcile job's work queue
 * (docs/decisions/100), claimed with `FOR UPDATE SKIP LOCKED` and a lease (`lockedUntil`).
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    /** 'test' (offline test provider) or 'stripe'. */
    provider: text("provider").notNull(),
    /** The provider's id: test `tpi_...`, Stripe Checkout Session `cs_...` then PaymentIntent `pi_...`. */
    providerRef: text("provider_ref"),
    /** Sent to the provider so a retried call never authorises twice. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** 'reservation' | 'journey' | 'online-payment'. */
    purpose: text("purpose").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("aud"),
    status: text("status").$type<PaymentStatus>().notNull(),
    carId: integer("car_id").references(() => cars.id, { onDelete: "set null" }),
    /** The shopper's validated details while a redirect provider (Stripe Checkout) has them on its page. */
    details: jsonb("details").$type<Record<string, unknown>>(),
    lastError: text("last_error"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payments_idempotency_key").on(t.idempotencyKey), index("payments_status").on(t.status, t.updatedAt)],
);

export type PaymentStatus = "pending" | "authorised" | "declined" | "capturing" | "captured" | "releasing" | "released";
export type ReservationStatus = "active" | "captured" | "released" | "expired";

/**
 * Issue 10, spec 2.1 / 9 "Reserve and other": a car held for a shopper against a refundable
 * deposit. At most one reservation per car is `active` or `captured` (partial unique index
 * `reservations_one_per_car`, enforced by the database across every app node).
 */
export const reservations = pgTable(
  "reservations",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    carId: integer("car_id").notNull().references(() => cars.id, { onDelete: "cascade" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    paymentId: integer("payment_id").notNull().references(() => payments.id),
    /** Set when the reservation was made by the purchase journey's deposit step. */
    journeyId: uuid("journey_id"),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    status: text("status").$type<ReservationStatus>().notNull(),
    depositCents: integer("deposit_cents").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    postcode: text("postcode").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** 'expired' | 'released by dealer' | 'refunded by dealer' | 'captured by dealer'. */
    endReason: text("end_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 (hex) of the reserving browser's access token; only it may read the status page. */
    browserTokenHash: text("browser_token_hash"),
  },
  (t) => [
    uniqueIndex("reservations_one_per_car").on(t.carId).where(sql`status IN ('active', 'captured')`),
    uniqueIndex("reservations_payment").on(t.paymentId),
    index("reservations_active_expiry").on(t.expiresAt).where(sql`status = 'active'`),
    index("reservations_site_status").on(t.siteId, t.status),
    index("reservations_site_created").on(t.siteId, t.createdAt),
  ],
);

/** What a staff member did to a reservation from the console (issue 49 item 5). */
export type ReservationAction = "capture" | "release" | "refund" | "extend";

/**
 * Issue 49 item 5: one row per console action on a reservation, keyed by the idempotency key its
 * form carried. The unique key turns a double click or a re-sent form into a replay of the first
 * answer (`message`) instead of a second capture.
 */
export const reservationActions = pgTable(
  "reservation_actions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    reservationId: integer("reservation_id").notNull().references(() => reservations.id, { onDelete: "cascade" }),
    action: text("action").$type<ReservationAction>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The staff member (staff_users.id); null once they are removed. */
    userId: text("user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** Extensions: the hours added. */
    hours: integer("hours"),
    /** The answer the staff member was given (repeated for a replay). */
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reservation_actions_key").on(t.idempotencyKey), index("reservation_actions_reservation").on(t.reservationId)],
);

/**
 * The offline test payment provider's own ledger (what a real provider keeps on its side), so
 * tests and several app nodes can check that no authorisation is left without a reservation.
 */
export const testPaymentIntents = pgTable(
  "test_payment_intents",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** 'authorised' | 'captured' | 'released' | 'refunded'. */
    status: text("status").notNull(),
    cardLast4: text("card_last4").notNull(),
    /** Capture calls received for this intent (a repeated capture is a no-op but still counted). */
    captureCalls: integer("capture_calls").notNull().default(0),
    /** Release (cancel or refund) calls received. */
    releaseCalls: integer("release_calls").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_payment_intents_key").on(t.idempotencyKey)],
);

/** Issue 10: the online purchase journey's server-side progress (spec 2.1 /checkout-journey). */
export const purchaseJourneys = pgTable(
  "purchase_journeys",
  {
    id: uuid("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    carId: integer("car_id").notNull().references(() => cars.id, { onDelete: "cascade" }),
    /** The signed-in shopper (issue 9), so progress follows them to another device. */
    shopperId: text("shopper_id"),
    step: text("step").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** 'open' | 'completed'. */
    status: text("status").notNull().default("open"),
    reservationId: integer("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("purchase_journeys_shopper").on(t.siteId, t.shopperId, t.carId).where(sql`status = 'open'`),
    // The hourly purge of abandoned journeys (issue 51 section 6).
    index("purchase_journeys_open_updated").on(t.updatedAt).where(sql`status = 'open'`),
  ],
);

/** Issue 10: an amount the dealer asked a shopper to pay online (/online-payment, spec 2.1 / 6). */
export const paymentRequests = pgTable("payment_requests", {
  id: uuid("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  amountCents: integer("amount_cents").notNull(),
  description: text("description").notNull(),
  /** 'open' | 'paid' | 'cancelled'. */
  status: text("status").notNull().default("open"),
  paymentId: integer("payment_id").references(() => payments.id),
  paidBy: text("paid_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
});
