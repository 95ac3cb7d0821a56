/**
 * Online reservations with a refundable deposit (issue 10; spec 2.1 /cars/{slug}/checkout,
 * spec 4 'Reserved' tag, spec 9 "Reserve and other": $200 held 48 hours, fully refundable).
 *
 * Guarantees (docs/decisions/100):
 * - One reservation per car: the partial unique index `reservations_one_per_car` (status active
 *   or captured) decides between concurrent shoppers on any number of app nodes. The loser is told
 *   {@link RESERVED_BY_ANOTHER_MESSAGE} and its hold is released.
 * - No hold without a reservation: the payments row is written (`pending`) BEFORE the provider is
 *   asked; the reservation, the payment's `authorised` status and the lead are written in ONE
 *   transaction; on any failure the hold is released at once, and whatever a crash leaves behind
 *   (`pending` past {@link PENDING_GRACE_MS}, `releasing`, `capturing`) is finished by
 *   {@link reconcilePayments}, which the reservation worker runs on every node.
 * - Expiry: {@link expireReservations} claims due holds with `FOR UPDATE SKIP LOCKED` in a single
 *   statement, so several nodes never expire the same reservation twice; the clock is a parameter.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, locations, paymentRequests, payments, reservations, type PaymentStatus, type ReservationStatus } from "../../db/schema/index";
import type { PaymentsAdapter, TestCardDetails } from "~/adapters/payments/types";
import type { Car } from "~/domain/car";
import { isDbId } from "~/domain/db-id";
import { isCheckoutEnabledForCar } from "~/domain/display/buttons";
import { buttonOptionsFor } from "~/sites/display-options";
import type { Site } from "~/sites/site";
import { submitLead } from "./leads.server";
import { runEvery } from "./interval-worker.server";

/** Issue 10: what the shopper who lost the race reads. */
export const RESERVED_BY_ANOTHER_MESSAGE = "This car has just been reserved by another buyer";
/** The car cannot be reserved online (sold, already reserved, no price, or checkout off). */
export const NOT_RESERVABLE_MESSAGE = "This car can no longer be reserved online. Please call or enquire and our team will help.";
/** Our side failed (e.g. the database dropped): nothing is held. */
export const RESERVATION_FAILED_MESSAGE = "We could not complete your reservation and no deposit has been held. Please try again in a minute.";

/** Lead category and subcategory of a reservation (docs/decisions/101). */
export const RESERVATION_LEAD = { category: "Vehicle Reservation", subcategory: "Reserve Online" } as const;

/** A `pending` payment older than this with no reservation is released by the reconcile job. */
export const PENDING_GRACE_MS = 2 * 60_000;
/** Stripe Checkout: the shopper may still be on Stripe's page (sessions live 30 minutes at least). */
export const REDIRECT_PENDING_GRACE_MS = 45 * 60_000;
/** How long a claimed payment operation is held before another node may take it over. */
export const PAYMENT_LEASE_MS = 60_000;

/** Deposit and hold period of a site (spec 9 defaults: $200, 48 hours). */
export function reservationTerms(site: Site): { depositDollars: number; depositCents: number; holdHours: number } {
  const depositDollars = site.config.features.reserveDeposit;
  return { depositDollars, depositCents: depositDollars * 100, holdHours: site.config.features.reserveHoldHours };
}

/**
 * Whether a car can be reserved online now (issue 10, spec 5): checkout on for the site and the
 * car (in stock, not sold, not reserved by the feed), priced above $10, and no active online
 * reservation (`reservedOnline`).
 */
export function isCarReservable(site: Site, car: Pick<Car, "status" | "sold" | "reserved" | "carType" | "price">): boolean {
  return isCheckoutEnabledForCar(car, buttonOptionsFor(site.config));
}

/** Ids of the site's cars held by an online reservation (the 'Reserved' tag, spec 4). */
export async function reservedCarIds(db: Database, siteId: number): Promise<Set<number>> {
  const rows = await db
    .select({ carId: reservations.carId })
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), inArray(reservations.status, ["active", "captured"])));
  return new Set(rows.map((r) => r.carId));
}

/** Whether the car is held by an online reservation. */
export async function isReservedOnline(db: Database, carId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.carId, carId), inArray(reservations.status, ["active", "captured"])))
    .limit(1);
  return row !== undefined;
}

/** The shopper's details, already validated (see app/forms/reservation-form.ts). */
export interface ReservationDetails {
  name: string;
  last_name: string;
  /** E.164. */
  phone: string;
  email: string;
  postcode: string;
  location_id: number | null;
}

export interface ReserveInput {
  car: Car;
  details: ReservationDetails;
  /** Test provider only. */
  card?: TestCardDetails;
  /** Epoch ms (injected clock). */
  now: number;
  purpose?: "reservation" | "journey";
  journeyId?: string | null;
  /** For redirect providers: absolute URLs; `{PAYMENT_ID}` is replaced by our payment id. */
  successUrl?: string;
  cancelUrl?: string;
  /** Lead extras (spec 7 userData). */
  ip: string | null;
  userAgent: string | null;
  url: string | null;
  /** Skip the reservation lead (the purchase journey sends its own lead on completion). */
  skipLead?: boolean;
}

export type ReserveResult =
  | { kind: "reserved"; reservationId: number; paymentId: number; expiresAt: Date; depositCents: number; leadId: number | null }
  | { kind: "taken"; message: string }
  | { kind: "declined"; message: string }
  | { kind: "unavailable"; message: string }
  | { kind: "redirect"; url: string; paymentId: number }
  | { kind: "failed"; message: string };

function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string") return e.code;
  }
  return undefined;
}

/** True for PostgreSQL's unique violation (the one-reservation-per-car index). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === "23505";
}

/**
 * Reserves a car: checks, writes the `pending` payment, asks the provider for the deposit hold,
 * then {@link completeReservation}. Never leaves a hold without a reservation (see module doc).
 * @returns the outcome; `failed` when our side failed (nothing held, or the reconcile job releases it)
 */
export async function reserveCar(db: Database, adapter: PaymentsAdapter, site: Site, input: ReserveInput): Promise<ReserveResult> {
  try {
    return await reserveCarSteps(db, adapter, site, input);
  } catch {
    // Our database failed before anything was held (a hold, once granted, is always released or
    // reconciled): nothing to undo, and the shopper gets a clear answer instead of an error page.
    return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  }
}

async function reserveCarSteps(db: Database, adapter: PaymentsAdapter, site: Site, input: ReserveInput): Promise<ReserveResult> {
  // A courtesy check that spares the shopper's card; the unique index is the guarantee. It comes
  // first: the car may have been loaded with the new reservation already showing.
  if (await isReservedOnline(db, input.car.id)) return { kind: "taken", message: RESERVED_BY_ANOTHER_MESSAGE };
  if (!isCarReservable(site, input.car)) return { kind: "unavailable", message: NOT_RESERVABLE_MESSAGE };
  const { depositCents } = reservationTerms(site);
  const key = `res-${randomUUID()}`;
  const [payment] = await db
    .insert(payments)
    .values({ siteId: site.id, provider: adapter.provider, idempotencyKey: key, purpose: input.purpose ?? "reservation", amountCents: depositCents, status: "pending", carId: input.car.id, createdAt: new Date(input.now), updatedAt: new Date(input.now) })
    .returning({ id: payments.id });
  const fill = (url: string | undefined) => url?.replace("{PAYMENT_ID}", String(payment.id));
  let outcome;
  try {
    outcome = await adapter.authorise({
      amountCents: depositCents,
      currency: "aud",
      idempotencyKey: key,
      description: `Refundable deposit: ${input.car.year ?? ""} ${input.car.make} ${input.car.model} (stock ${input.car.stockNumber})`.replace(/\s+/g, " "),
      card: input.card,
      successUrl: fill(input.successUrl),
      cancelUrl: fill(input.cancelUrl),
    });
  } catch (error) {
    // Outcome unknown: release by key now; if that fails too the reconcile job does it.
    await releaseFailedAttempt(db, adapter, payment.id, null, key, error);
    return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  }
  if (outcome.kind === "declined") {
    await db.update(payments).set({ status: "declined", lastError: outcome.message, updatedAt: new Date(input.now) }).where(eq(payments.id, payment.id));
    return { kind: "declined", message: outcome.message };
  }
  if (outcome.kind === "redirect") {
    await db.update(payments).set({ providerRef: outcome.ref, details: { ...input.details }, updatedAt: new Date(input.now) }).where(eq(payments.id, payment.id));
    return { kind: "redirect", url: outcome.url, paymentId: payment.id };
  }
  if (outcome.kind === "pending") return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  return completeReservation(db, adapter, site, { paymentId: payment.id, ref: outcome.ref, key }, input);
}

/**
 * After a redirect provider sends the shopper back: confirms the hold and completes the reservation.
 * @returns as {@link reserveCar}; `failed` when the payment is unknown or not ours
 */
export async function resumeReservation(db: Database, adapter: PaymentsAdapter, site: Site, paymentId: number, resume: Omit<ReserveInput, "details">): Promise<ReserveResult> {
  if (!isDbId(paymentId)) return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.siteId, site.id), eq(payments.carId, resume.car.id)));
  if (!payment || !payment.providerRef || !payment.details) return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  const input: ReserveInput = { ...resume, details: payment.details as unknown as ReservationDetails };
  if (payment.status !== "pending") {
    const [existing] = await db.select().from(reservations).where(eq(reservations.paymentId, payment.id));
    if (existing) return { kind: "reserved", reservationId: existing.id, paymentId: payment.id, expiresAt: existing.expiresAt, depositCents: existing.depositCents, leadId: existing.leadId };
    return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  }
  const outcome = await adapter.confirm(payment.providerRef);
  if (outcome.kind === "declined") {
    await db.update(payments).set({ status: "declined", lastError: outcome.message, updatedAt: new Date(input.now) }).where(eq(payments.id, payment.id));
    return { kind: "declined", message: outcome.message };
  }
  if (outcome.kind !== "authorised") return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  return completeReservation(db, adapter, site, { paymentId: payment.id, ref: outcome.ref, key: payment.idempotencyKey }, input);
}

/**
 * With the deposit held: inserts the reservation, marks the payment authorised and stores the
 * lead (with the shopper's confirmation email and the dealer's delivery jobs) in ONE transaction.
 * A unique violation (another buyer won) or any other failure releases the hold.
 */
async function completeReservation(
  db: Database,
  adapter: PaymentsAdapter,
  site: Site,
  payment: { paymentId: number; ref: string; key: string },
  input: ReserveInput,
): Promise<ReserveResult> {
  const { depositCents, depositDollars, holdHours } = reservationTerms(site);
  const expiresAt = new Date(input.now + holdHours * 3_600_000);
  const d = input.details;
  try {
    const result = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(payments)
        .set({ status: "authorised", providerRef: payment.ref, updatedAt: new Date(input.now) })
        .where(and(eq(payments.id, payment.paymentId), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      // The reconcile job already released this attempt (the request took far too long).
      if (!claimed.length) throw new Error(`payment ${payment.paymentId} is no longer pending`);
      const [reservation] = await tx
        .insert(reservations)
        .values({
          siteId: site.id, carId: input.car.id, locationId: d.location_id, paymentId: payment.paymentId, journeyId: input.journeyId ?? null, status: "active",
          depositCents, firstName: d.name, lastName: d.last_name, email: d.email, phone: d.phone, postcode: d.postcode, expiresAt, createdAt: new Date(input.now),
        })
        .returning({ id: reservations.id });
      let leadId: number | null = null;
      if (!input.skipLead) {
        const lead = await submitLead(tx as unknown as Database, site, {
          form: "reservation",
          values: {
            ...d,
            location_id: d.location_id ?? undefined,
            submission_key: `reservation-${reservation.id}`,
            message: `Online reservation #${reservation.id}: a refundable deposit of $${depositDollars} is held on the shopper's card until ${formatHoldEnd(expiresAt, site)}.`,
            deposit_dollars: depositDollars,
            deposit_status: "authorised",
            reservation_id: reservation.id,
            reservation_expires_at: formatHoldEnd(expiresAt, site),
            payment_provider: adapter.provider,
            confirmation_to: d.email,
            confirmation_text: `Your reservation is confirmed. We are holding this car for you for ${holdHours} hours against your fully refundable $${depositDollars} deposit. Your card has been authorised, not charged.`,
          },
          ...RESERVATION_LEAD,
          car: input.car,
          ip: input.ip,
          userAgent: input.userAgent,
          url: input.url,
          now: input.now,
          skipRateLimit: true,
          extraTargets: [{ channel: "email", target: d.email }],
        });
        if (lead.kind === "accepted") {
          leadId = lead.leadId;
          await tx.update(reservations).set({ leadId }).where(eq(reservations.id, reservation.id));
        }
      }
      return { reservationId: reservation.id, leadId };
    });
    return { kind: "reserved", reservationId: result.reservationId, paymentId: payment.paymentId, expiresAt, depositCents, leadId: result.leadId };
  } catch (error) {
    await releaseFailedAttempt(db, adapter, payment.paymentId, payment.ref, payment.key, error);
    if (isUniqueViolation(error)) return { kind: "taken", message: RESERVED_BY_ANOTHER_MESSAGE };
    return { kind: "failed", message: RESERVATION_FAILED_MESSAGE };
  }
}

/** Ends in the shopper's words: "Tuesday 24 November 2026, 2:30 pm" in the site's time zone. */
export function formatHoldEnd(at: Date, site: Site): string {
  return new Intl.DateTimeFormat("en-AU", { timeZone: site.config.timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" }).format(at);
}

/**
 * Releases the hold of an attempt that did not become a reservation. Marks the payment
 * `releasing` first (so a crash leaves work for the reconcile job), releases at the provider,
 * then marks it `released`. Errors are swallowed: whatever is left, the reconcile job finishes.
 */
async function releaseFailedAttempt(db: Database, adapter: PaymentsAdapter, paymentId: number, ref: string | null, key: string, cause: unknown): Promise<void> {
  const note = String(cause instanceof Error ? cause.message : cause).slice(0, 500);
  try {
    await db.update(payments).set({ status: "releasing", providerRef: ref ?? undefined, lastError: note, updatedAt: new Date() }).where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
  } catch {
    // The database is unreachable: the row stays `pending` and the reconcile job releases it.
  }
  try {
    await adapter.release(ref, key);
  } catch {
    return; // Left `releasing` (or `pending`): retried by the reconcile job.
  }
  try {
    await db.update(payments).set({ status: "released", lockedUntil: null, updatedAt: new Date() }).where(and(eq(payments.id, paymentId), inArray(payments.status, ["releasing", "pending"])));
  } catch {
    // Released at the provider; the reconcile job's second release is a no-op and marks it.
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Runs the provider operation of one claimed payment and records the outcome.
 * @returns the new status, or null when the provider failed (left for a retry after the lease)
 */
async function settlePayment(db: Database, adapter: PaymentsAdapter, row: { id: number; status: PaymentStatus; provider_ref: string | null; idempotency_key: string }): Promise<PaymentStatus | null> {
  try {
    if (row.status === "capturing") await adapter.capture(row.provider_ref!);
    else await adapter.release(row.provider_ref, row.idempotency_key);
  } catch (error) {
    await db.update(payments).set({ lastError: String(error instanceof Error ? error.message : error).slice(0, 500) }).where(eq(payments.id, row.id));
    return null;
  }
  const next: PaymentStatus = row.status === "capturing" ? "captured" : "released";
  await db.update(payments).set({ status: next, lockedUntil: null, updatedAt: new Date() }).where(and(eq(payments.id, row.id), eq(payments.status, row.status)));
  return next;
}

/**
 * Finishes provider work left behind on any node (crash, dropped database, provider outage):
 * `releasing` -> released, `capturing` -> captured, and `pending` payments older than the grace
 * period without a reservation -> released (turned `releasing` first). Claims rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, so several nodes share the work without doing it twice.
 * @param now epoch ms (injected clock)
 * @returns how many payments were settled
 */
export async function reconcilePayments(db: Database, adapter: PaymentsAdapter, now: number, limit = 50): Promise<number> {
  const at = new Date(now).toISOString();
  const pendingBefore = new Date(now - PENDING_GRACE_MS).toISOString();
  const redirectPendingBefore = new Date(now - REDIRECT_PENDING_GRACE_MS).toISOString();
  const until = new Date(now + PAYMENT_LEASE_MS).toISOString();
  const claimed = rowsOf<{ id: number; status: PaymentStatus; provider_ref: string | null; idempotency_key: string }>(
    await db.execute(sql`
      update payments set
        status = case when status = 'pending' then 'releasing' else status end,
        last_error = case when status = 'pending' then 'no reservation after the grace period' else last_error end,
        locked_until = ${until}::timestamptz
      where id in (
        select p.id from payments p
        where p.provider = ${adapter.provider}
          and (p.locked_until is null or p.locked_until < ${at}::timestamptz)
          and (p.status in ('releasing', 'capturing')
            or (p.status = 'pending' and p.purpose <> 'online-payment'
                and p.created_at < (case when p.provider = 'stripe' then ${redirectPendingBefore} else ${pendingBefore} end)::timestamptz
                and not exists (select 1 from reservations r where r.payment_id = p.id))
            or (p.status = 'pending' and p.purpose = 'online-payment'
                and p.created_at < (case when p.provider = 'stripe' then ${redirectPendingBefore} else ${pendingBefore} end)::timestamptz
                and not exists (select 1 from payment_requests q where q.payment_id = p.id and q.status = 'paid')))
        order by p.id
        limit ${limit}
        for update skip locked
      )
      returning id, status, provider_ref, idempotency_key`),
  );
  let settled = 0;
  for (const row of claimed) if ((await settlePayment(db, adapter, row)) !== null) settled++;
  return settled;
}

export interface ExpiryReport {
  expired: number;
  released: number;
}

/**
 * Expires due reservations (spec 9: after the hold period): in ONE statement each due active
 * reservation becomes `expired` and its payment `releasing` (rows claimed `FOR UPDATE SKIP
 * LOCKED`, so concurrent nodes take different rows); then each deposit is released at the
 * provider. A crash in between leaves `releasing` payments for {@link reconcilePayments}.
 * @param now epoch ms (injected clock)
 */
export async function expireReservations(db: Database, adapter: PaymentsAdapter, now: number, limit = 100): Promise<ExpiryReport> {
  const at = new Date(now).toISOString();
  const until = new Date(now + PAYMENT_LEASE_MS).toISOString();
  const ended = rowsOf<{ id: number; payment_id: number }>(
    await db.execute(sql`
      with due as (
        select id from reservations
        where status = 'active' and expires_at <= ${at}::timestamptz
        order by expires_at limit ${limit}
        for update skip locked
      ), ended as (
        update reservations r set status = 'expired', ended_at = ${at}::timestamptz, end_reason = 'expired'
        from due where r.id = due.id
        returning r.id, r.payment_id
      ), pay as (
        update payments p set status = 'releasing', locked_until = ${until}::timestamptz, updated_at = ${at}::timestamptz
        from ended where p.id = ended.payment_id and p.status = 'authorised'
        returning p.id
      )
      select ended.id, ended.payment_id from ended`),
  );
  let released = 0;
  for (const r of ended) {
    const [p] = await db.select().from(payments).where(eq(payments.id, r.payment_id));
    if (p?.status !== "releasing") continue;
    if ((await settlePayment(db, adapter, { id: p.id, status: "releasing", provider_ref: p.providerRef, idempotency_key: p.idempotencyKey })) !== null) released++;
  }
  return { expired: ended.length, released };
}

export type DealerActionResult = { kind: "done"; status: PaymentStatus } | { kind: "not-found" } | { kind: "not-active"; status: string } | { kind: "provider-failed" };

/**
 * What a dealer may do to end a reservation: capture (car sold: the deposit is taken), release
 * (the hold is cancelled, the car is free again) or refund (a captured deposit is paid back).
 * `from` are the reservation statuses the action applies to.
 */
const DEALER_ENDINGS = {
  capture: { from: ["active"], to: "captured", payment: "capturing", reason: "captured by dealer" },
  release: { from: ["active"], to: "released", payment: "releasing", reason: "released by dealer" },
  refund: { from: ["captured"], to: "released", payment: "releasing", reason: "refunded by dealer" },
} as const;
export type DealerEnding = keyof typeof DEALER_ENDINGS;

/**
 * Moves a reservation and its payment for a dealer's capture, release or refund in ONE statement
 * that applies only while the reservation is in one of the action's `from` statuses, so of two
 * concurrent requests (two nodes, two tabs) exactly one claims it. The payment is left
 * `capturing` / `releasing` under a lease; {@link settleDealerAction} then calls the provider.
 * Run it inside the caller's transaction to write the audit row with it.
 * @param from statuses to accept instead of the action's own (the command line's `release` also refunds)
 * @returns the payment id to settle, or null when the reservation was not in a `from` status
 */
export async function claimDealerAction(db: Pick<Database, "execute">, reservationId: number, action: DealerEnding, now: number, from: readonly ReservationStatus[] = DEALER_ENDINGS[action].from): Promise<number | null> {
  const ending = DEALER_ENDINGS[action];
  const at = new Date(now).toISOString();
  const until = new Date(now + PAYMENT_LEASE_MS).toISOString();
  const rows = rowsOf<{ payment_id: number }>(
    await db.execute(sql`
      with ended as (
        update reservations set
          status = ${ending.to},
          ended_at = case when ${ending.to} = 'captured' then null else ${at}::timestamptz end,
          end_reason = ${ending.reason}
        where id = ${reservationId} and status in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})
        returning payment_id
      ), pay as (
        update payments p set status = ${ending.payment}, locked_until = ${until}::timestamptz, updated_at = ${at}::timestamptz
        from ended where p.id = ended.payment_id and p.status in ('authorised', 'captured')
        returning p.id
      )
      select payment_id from ended`),
  );
  return rows.length ? rows[0].payment_id : null;
}

/**
 * Asks the provider to capture or release a payment claimed by {@link claimDealerAction} and
 * records the outcome. A provider failure leaves the payment for the reconcile job.
 */
export async function settleDealerAction(db: Database, adapter: PaymentsAdapter, paymentId: number): Promise<DealerActionResult> {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) return { kind: "not-found" };
  if (p.status !== "capturing" && p.status !== "releasing") return { kind: "done", status: p.status };
  const status = await settlePayment(db, adapter, { id: p.id, status: p.status, provider_ref: p.providerRef, idempotency_key: p.idempotencyKey });
  return status === null ? { kind: "provider-failed" } : { kind: "done", status };
}

/**
 * The dealer's `capture ID` (car sold: the deposit is taken) or `release ID` (the deposit is
 * released or refunded, the car is free again), from the command line. One statement moves the
 * reservation and its payment; then the provider is called (a failure is retried by the
 * reconcile job).
 */
export async function endReservation(db: Database, adapter: PaymentsAdapter, reservationId: number, action: "capture" | "release", now: number): Promise<DealerActionResult> {
  const [existing] = await db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, reservationId));
  if (!existing) return { kind: "not-found" };
  const paymentId = await claimDealerAction(db, reservationId, action, now, action === "capture" ? ["active"] : ["active", "captured"]);
  if (paymentId === null) return { kind: "not-active", status: existing.status };
  return settleDealerAction(db, adapter, paymentId);
}

/** Reservations with car and payment, newest first (the dealer's `list`). */
export async function listReservations(db: Database, limit = 100) {
  return db
    .select({
      id: reservations.id, siteId: reservations.siteId, status: reservations.status, stockNumber: cars.stockNumber, car: cars.name, carSlug: cars.slug,
      shopper: sql<string>`${reservations.firstName} || ' ' || ${reservations.lastName}`, email: reservations.email, phone: reservations.phone,
      depositCents: reservations.depositCents, expiresAt: reservations.expiresAt, createdAt: reservations.createdAt, paymentStatus: payments.status,
      location: locations.name,
    })
    .from(reservations)
    .innerJoin(cars, eq(reservations.carId, cars.id))
    .innerJoin(payments, eq(reservations.paymentId, payments.id))
    .leftJoin(locations, eq(reservations.locationId, locations.id))
    .orderBy(desc(reservations.id))
    .limit(limit);
}

/**
 * Runs {@link expireReservations} and {@link reconcilePayments} every `intervalMs` (default
 * 30 s) on this node until stopped. Errors (database unreachable) are logged; the next tick retries.
 * State lives in the database, so a restart loses nothing.
 */
export function startReservationWorker(db: Database, adapter: PaymentsAdapter, options: { intervalMs?: number; log?: (error: unknown) => void; clock?: () => number } = {}) {
  const clock = options.clock ?? Date.now;
  return runEvery(
    options.intervalMs ?? 30_000,
    async () => {
      await expireReservations(db, adapter, clock());
      await reconcilePayments(db, adapter, clock());
    },
    options.log,
  );
}

/** Lead category and subcategory of a paid payment request (docs/decisions/101). */
export const ONLINE_PAYMENT_LEAD = { category: "Online Payment", subcategory: "Dealer payment request" } as const;
export const PAYMENT_REQUEST_CLOSED_MESSAGE = "This payment request has already been paid or is no longer open. No money has been taken.";

export type RequestPaymentResult =
  | { kind: "paid"; paymentId: number; leadId: number | null }
  | { kind: "declined"; message: string }
  | { kind: "closed"; message: string }
  | { kind: "redirect"; url: string; paymentId: number }
  | { kind: "failed"; message: string };

/** The shopper paying a request (issue 9's signed-in shopper). */
export interface Payer {
  id: number;
  name: string | null;
  lastName: string | null;
  email: string | null;
  /** E.164. */
  phone: string;
  postcode: string | null;
}

/**
 * /online-payment (spec 2.1 / 6, always gated): a signed-in shopper pays an amount the dealer
 * requested (`npm run reservations -- request-payment`). Authorise through the same adapter,
 * then in ONE transaction mark the request paid (only if still open), the payment `capturing`
 * and store the lead; then capture. A closed request releases the hold. A crash before the
 * capture leaves `capturing` for {@link reconcilePayments}.
 */
export async function payRequest(
  db: Database,
  adapter: PaymentsAdapter,
  site: Site,
  input: { requestId: string; payer: Payer; card?: TestCardDetails; now: number; successUrl?: string; cancelUrl?: string; ip: string | null; userAgent: string | null; url: string | null },
): Promise<RequestPaymentResult> {
  const [open] = await db.select().from(paymentRequests).where(and(eq(paymentRequests.id, input.requestId), eq(paymentRequests.siteId, site.id)));
  if (!open || open.status !== "open") return { kind: "closed", message: PAYMENT_REQUEST_CLOSED_MESSAGE };
  const key = `pay-${randomUUID()}`;
  const [payment] = await db
    .insert(payments)
    .values({ siteId: site.id, provider: adapter.provider, idempotencyKey: key, purpose: "online-payment", amountCents: open.amountCents, status: "pending", details: { requestId: open.id, payerId: input.payer.id }, createdAt: new Date(input.now), updatedAt: new Date(input.now) })
    .returning({ id: payments.id });
  const fill = (u: string | undefined) => u?.replace("{PAYMENT_ID}", String(payment.id));
  let outcome;
  try {
    outcome = await adapter.authorise({ amountCents: open.amountCents, currency: "aud", idempotencyKey: key, description: open.description, card: input.card, successUrl: fill(input.successUrl), cancelUrl: fill(input.cancelUrl) });
  } catch (error) {
    await releaseFailedAttempt(db, adapter, payment.id, null, key, error);
    return { kind: "failed", message: RESERVATION_FAILED_MESSAGE.replace("reservation", "payment").replace(" and no deposit has been held", "; no money has been taken") };
  }
  if (outcome.kind === "declined") {
    await db.update(payments).set({ status: "declined", lastError: outcome.message }).where(eq(payments.id, payment.id));
    return { kind: "declined", message: outcome.message.replace(" and the car has not been reserved", "") };
  }
  if (outcome.kind === "redirect") {
    await db.update(payments).set({ providerRef: outcome.ref }).where(eq(payments.id, payment.id));
    return { kind: "redirect", url: outcome.url, paymentId: payment.id };
  }
  if (outcome.kind === "pending") return { kind: "failed", message: "Your payment is not finished yet. No money has been taken." };
  return completeRequestPayment(db, adapter, site, { paymentId: payment.id, ref: outcome.ref, key }, open, input);
}

/** Back from a redirect provider: confirm the authorisation, then complete as {@link payRequest}. */
export async function resumeRequestPayment(
  db: Database,
  adapter: PaymentsAdapter,
  site: Site,
  paymentId: number,
  input: { requestId: string; payer: Payer; now: number; ip: string | null; userAgent: string | null; url: string | null },
): Promise<RequestPaymentResult> {
  if (!isDbId(paymentId)) return { kind: "failed", message: "We could not find that payment. No money has been taken." };
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.siteId, site.id), eq(payments.purpose, "online-payment")));
  const [open] = await db.select().from(paymentRequests).where(and(eq(paymentRequests.id, input.requestId), eq(paymentRequests.siteId, site.id)));
  if (!payment || !open || !payment.providerRef || (payment.details as { requestId?: string } | null)?.requestId !== open.id) return { kind: "failed", message: "We could not find that payment. No money has been taken." };
  if (open.paymentId === payment.id) return { kind: "paid", paymentId: payment.id, leadId: null };
  if (payment.status !== "pending") return { kind: "closed", message: PAYMENT_REQUEST_CLOSED_MESSAGE };
  const outcome = await adapter.confirm(payment.providerRef);
  if (outcome.kind !== "authorised") return { kind: "declined", message: outcome.kind === "declined" ? outcome.message : "Your payment is not finished yet. No money has been taken." };
  return completeRequestPayment(db, adapter, site, { paymentId: payment.id, ref: outcome.ref, key: payment.idempotencyKey }, open, input);
}

async function completeRequestPayment(
  db: Database,
  adapter: PaymentsAdapter,
  site: Site,
  payment: { paymentId: number; ref: string; key: string },
  request: typeof paymentRequests.$inferSelect,
  input: { payer: Payer; now: number; ip: string | null; userAgent: string | null; url: string | null },
): Promise<RequestPaymentResult> {
  const dollars = request.amountCents / 100;
  let leadId: number | null = null;
  try {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(payments)
        .set({ status: "capturing", providerRef: payment.ref, updatedAt: new Date(input.now) })
        .where(and(eq(payments.id, payment.paymentId), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      if (!claimed.length) throw new Error(`payment ${payment.paymentId} is no longer pending`);
      const paid = await tx
        .update(paymentRequests)
        .set({ status: "paid", paymentId: payment.paymentId, paidBy: String(input.payer.id), paidAt: new Date(input.now) })
        .where(and(eq(paymentRequests.id, request.id), eq(paymentRequests.status, "open")))
        .returning({ id: paymentRequests.id });
      if (!paid.length) throw new RequestClosedError();
      const p = input.payer;
      const lead = await submitLead(tx as unknown as Database, site, {
        form: "online-payment",
        values: {
          name: p.name ?? "Shopper",
          last_name: p.lastName ?? undefined,
          email: p.email ?? undefined,
          phone: p.phone,
          postcode: p.postcode ?? undefined,
          submission_key: `payment-${payment.paymentId}`,
          message: `Online payment of $${dollars.toFixed(2)} for "${request.description}" (request ${request.id}).`,
          payment_request_id: request.id,
          amount_dollars: dollars,
          ...(p.email ? { confirmation_to: p.email, confirmation_text: `Thank you: we have received your payment of $${dollars.toFixed(2)} for "${request.description}".` } : {}),
        },
        ...ONLINE_PAYMENT_LEAD,
        car: null,
        ip: input.ip,
        userAgent: input.userAgent,
        url: input.url,
        now: input.now,
        skipRateLimit: true,
        extraTargets: p.email ? [{ channel: "email", target: p.email }] : [],
      });
      leadId = lead.kind === "accepted" ? lead.leadId : null;
    });
  } catch (error) {
    await releaseFailedAttempt(db, adapter, payment.paymentId, payment.ref, payment.key, error);
    if (error instanceof RequestClosedError) return { kind: "closed", message: PAYMENT_REQUEST_CLOSED_MESSAGE };
    return { kind: "failed", message: "We could not complete your payment and no money has been taken. Please try again in a minute." };
  }
  const [row] = await db.select().from(payments).where(eq(payments.id, payment.paymentId));
  await settlePayment(db, adapter, { id: row.id, status: "capturing", provider_ref: row.providerRef, idempotency_key: row.idempotencyKey });
  return { kind: "paid", paymentId: payment.paymentId, leadId };
}

class RequestClosedError extends Error {
  constructor() {
    super("payment request no longer open");
  }
}

/** A payment request of the site by id, or null. */
export async function loadPaymentRequest(db: Database, site: Site, id: string) {
  const [row] = await db
    .select({ id: paymentRequests.id, amountCents: paymentRequests.amountCents, description: paymentRequests.description, status: paymentRequests.status })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.siteId, site.id)));
  return row ?? null;
}
