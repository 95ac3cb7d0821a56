/**
 * Reservations and orders in the dealer console (issue 49 item 5, decision 320): the site's
 * holds (a deposit held against a car) and purchases (the online purchase journey's deposit),
 * with their payment state and expiry; and the staff actions on them: capture the deposit (the
 * car is sold), release the hold, refund a captured deposit, extend a hold.
 *
 * Every query takes the site as opened by the route guard, so sales staff reach only the
 * reservations of their assigned locations (the reservation's pickup location, else the car's).
 *
 * Each action is idempotent twice over: the form's idempotency key is unique in
 * `reservation_actions` (a double click or a re-sent form replays the first answer), and the
 * reservation moves only from the status the action expects (two tabs: the second finds it
 * already captured). The audit row is written in the same transaction as the change; the
 * provider is called after the commit, and a provider failure is finished by the reconcile job.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { cars, locations, payments, reservationActions, reservations, type ReservationAction, type ReservationStatus } from "../../db/schema/index";
import type { PaymentsAdapter } from "~/adapters/payments/types";
import { claimDealerAction, settleDealerAction } from "~/services/reservations.server";
import { withinReach } from "./location-scope";
import { recordAudit, type ScopedSite, type StaffMember } from "./staff.server";
import { MAX_DB_ID } from "~/domain/db-id";

/** Longest a hold may run, from when it was made: card authorisations lapse after 7 days (Stripe). */
export const MAX_HOLD_MS = 7 * 24 * 3_600_000;
/** Reservations per page of the list. */
export const RESERVATIONS_PAGE_SIZE = 50;

const STATUSES = ["active", "captured", "released", "expired"] as const satisfies readonly ReservationStatus[];

/** The list's filters, from its URL. */
export const ReservationFilterSchema = z.object({
  status: z.enum(["", ...STATUSES], { error: "one of the listed statuses" }).default(""),
  kind: z.enum(["", "hold", "purchase"], { error: "hold or purchase" }).default(""),
  page: z.coerce.number({ error: "a page number" }).int("a whole page number").min(1, "a page number from 1").max(10_000, "a page number up to 10,000").default(1),
});
export type ReservationFilter = z.infer<typeof ReservationFilterSchema>;

/** A staff action posted from the list (one form per button). */
export const ReservationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["capture", "release", "refund"]), reservation: z.coerce.number().int().positive().max(MAX_DB_ID), key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "The form is out of date: reload the page and try again.") }),
  z.object({
    intent: z.literal("extend"),
    reservation: z.coerce.number().int().positive().max(MAX_DB_ID),
    key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "The form is out of date: reload the page and try again."),
    hours: z.coerce.number({ error: "Enter a number of hours." }).int("Enter whole hours.").min(1, "Extend by at least 1 hour.").max(168, "Extend by at most 168 hours (7 days)."),
  }),
]);
export type ReservationActionInput = z.infer<typeof ReservationActionSchema>;

/** One reservation as the console lists it. Money in cents (AUD). */
export interface ConsoleReservation {
  id: number;
  /** `purchase` when made by the online purchase journey, else `hold`. */
  kind: "hold" | "purchase";
  status: ReservationStatus;
  endReason: string | null;
  createdAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  depositCents: number;
  payment: { status: string; provider: string; lastError: string | null };
  car: { id: number; name: string; stockNumber: string; slug: string };
  location: string | null;
  shopper: { name: string; email: string; phone: string };
  leadId: number | null;
}

/** Reservations of the site within the member's reach: the pickup location, else the car's. */
function reach(scoped: ScopedSite): SQL {
  return withinReach(scoped, reservations.siteId, sql`coalesce(${reservations.locationId}, ${cars.locationId})`);
}

/**
 * One page of the site's reservations, newest first, with the total for paging.
 * @param scoped the site opened with `reservations.view`
 */
export async function listConsoleReservations(db: Database, scoped: ScopedSite, filter: ReservationFilter): Promise<{ rows: ConsoleReservation[]; total: number }> {
  const where = and(
    reach(scoped),
    filter.status ? eq(reservations.status, filter.status) : undefined,
    filter.kind === "purchase" ? sql`${reservations.journeyId} is not null` : filter.kind === "hold" ? sql`${reservations.journeyId} is null` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: reservations.id, journeyId: reservations.journeyId, status: reservations.status, endReason: reservations.endReason, createdAt: reservations.createdAt, expiresAt: reservations.expiresAt, endedAt: reservations.endedAt,
        depositCents: reservations.depositCents, paymentStatus: payments.status, provider: payments.provider, lastError: payments.lastError,
        carId: cars.id, carName: cars.name, stockNumber: cars.stockNumber, carSlug: cars.slug, location: locations.name,
        firstName: reservations.firstName, lastName: reservations.lastName, email: reservations.email, phone: reservations.phone, leadId: reservations.leadId,
      })
      .from(reservations)
      .innerJoin(cars, eq(cars.id, reservations.carId))
      .innerJoin(payments, eq(payments.id, reservations.paymentId))
      .leftJoin(locations, eq(locations.id, sql`coalesce(${reservations.locationId}, ${cars.locationId})`))
      .where(where)
      .orderBy(desc(reservations.id))
      .limit(RESERVATIONS_PAGE_SIZE)
      .offset((filter.page - 1) * RESERVATIONS_PAGE_SIZE),
    db.select({ n: count() }).from(reservations).innerJoin(cars, eq(cars.id, reservations.carId)).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      id: r.id, kind: r.journeyId ? "purchase" : "hold", status: r.status, endReason: r.endReason, createdAt: r.createdAt, expiresAt: r.expiresAt, endedAt: r.endedAt, depositCents: r.depositCents,
      payment: { status: r.paymentStatus, provider: r.provider, lastError: r.lastError },
      car: { id: r.carId, name: r.carName, stockNumber: r.stockNumber, slug: r.carSlug },
      location: r.location, shopper: { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, phone: r.phone }, leadId: r.leadId,
    })),
  };
}

/** The outcome of a staff action. `repeat`: the same form was sent again; nothing was done twice. */
export type ReservationActionOutcome =
  | { kind: "done" | "repeat"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "not-found" };

class Refused extends Error {}

const DONE: Record<ReservationAction, (id: number, hours: number | null) => string> = {
  capture: (id) => `Deposit captured for reservation #${id}: the car is sold.`,
  release: (id) => `Hold released for reservation #${id}: the car is free again.`,
  refund: (id) => `Deposit refunded for reservation #${id}.`,
  extend: (id, hours) => `Hold on reservation #${id} extended by ${hours} hour${hours === 1 ? "" : "s"}.`,
};

const NOT_NOW: Record<ReservationAction, string> = {
  capture: "only an active hold can be captured",
  release: "only an active hold can be released (refund a captured deposit instead)",
  refund: "only a captured deposit can be refunded",
  extend: "only an active hold can be extended",
};

/**
 * Runs one staff action on a reservation of the site (issue 49 item 5), at most once per
 * idempotency key and at most once per reservation state.
 * @param scoped the site opened with `reservations.edit` (sales: their locations only)
 * @param now epoch ms (injected clock)
 * @returns `done` (with the provider called for capture, release and refund), `repeat` (the same
 *   key again: the first answer), `refused` (the reservation is no longer in a state the action
 *   applies to, or an extension runs past {@link MAX_HOLD_MS}), `not-found` (not on this site or
 *   outside the member's locations)
 */
export async function runReservationAction(
  db: Database,
  adapter: PaymentsAdapter,
  scoped: ScopedSite,
  member: Pick<StaffMember, "id" | "email">,
  input: ReservationActionInput & { ip?: string | null },
  now: number,
): Promise<ReservationActionOutcome> {
  const [found] = await db
    .select({ id: reservations.id, status: reservations.status, expiresAt: reservations.expiresAt, createdAt: reservations.createdAt, paymentStatus: payments.status })
    .from(reservations)
    .innerJoin(cars, eq(cars.id, reservations.carId))
    .innerJoin(payments, eq(payments.id, reservations.paymentId))
    .where(and(reach(scoped), eq(reservations.id, input.reservation)));
  if (!found) return { kind: "not-found" };
  const action = input.intent;
  const hours = action === "extend" ? input.hours : null;
  let paymentId: number | null = null;
  let outcome: ReservationActionOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(reservationActions)
        .values({ siteId: scoped.site.id, reservationId: found.id, action, idempotencyKey: input.key, userId: member.id, hours, createdAt: new Date(now) })
        .onConflictDoNothing({ target: reservationActions.idempotencyKey })
        .returning({ id: reservationActions.id });
      if (!claimed) {
        const [first] = await tx.select().from(reservationActions).where(eq(reservationActions.idempotencyKey, input.key));
        if (first && first.siteId === scoped.site.id && first.reservationId === found.id && first.action === action) return { kind: "repeat", message: first.message } as const;
        throw new Refused("The form is out of date: reload the page and try again.");
      }
      const before = { status: found.status, expiresAt: found.expiresAt.toISOString(), payment: found.paymentStatus };
      let after: Record<string, unknown>;
      if (action === "extend") {
        const extended = await tx
          .update(reservations)
          .set({ expiresAt: sql`${reservations.expiresAt} + make_interval(hours => ${hours})` })
          .where(and(eq(reservations.id, found.id), eq(reservations.status, "active"), sql`${reservations.expiresAt} > ${new Date(now).toISOString()}::timestamptz`, sql`${reservations.expiresAt} + make_interval(hours => ${hours}) <= ${reservations.createdAt} + make_interval(secs => ${MAX_HOLD_MS / 1000})`))
          .returning({ expiresAt: reservations.expiresAt });
        if (!extended.length) {
          const [current] = await tx.select({ status: reservations.status, expiresAt: reservations.expiresAt, createdAt: reservations.createdAt }).from(reservations).where(eq(reservations.id, found.id));
          if (current.status === "active" && current.expiresAt.getTime() > now) {
            const latest = new Date(current.createdAt.getTime() + MAX_HOLD_MS);
            throw new Refused(`Not extended: a hold can run at most 7 days from when it was made (until ${latest.toISOString().replace("T", " ").slice(0, 16)} UTC), because the card's authorisation lapses then.`);
          }
          throw new Refused(`Not extended: this reservation is ${current.expiresAt.getTime() <= now && current.status === "active" ? "past its expiry" : current.status}, and ${NOT_NOW.extend}.`);
        }
        after = { status: "active", expiresAt: extended[0].expiresAt.toISOString(), hours };
      } else {
        paymentId = await claimDealerAction(tx, found.id, action, now);
        if (paymentId === null) {
          const [current] = await tx.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, found.id));
          throw new Refused(`Nothing done: this reservation is ${current.status} now, and ${NOT_NOW[action]}.`);
        }
        after = { status: action === "capture" ? "captured" : "released", payment: action === "capture" ? "capturing" : "releasing" };
      }
      const message = DONE[action](found.id, hours);
      await tx.update(reservationActions).set({ message }).where(eq(reservationActions.id, claimed.id));
      await recordAudit(tx, { userId: member.id, actorEmail: member.email, action: `reservation.${action}`, siteId: scoped.site.id, entity: "reservation", entityId: String(found.id), before, after, ipAddress: input.ip ?? null });
      return { kind: "done", message } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return { kind: "refused", message: error.message };
    throw error;
  }
  if (outcome.kind === "done" && paymentId !== null) {
    const settled = await settleDealerAction(db, adapter, paymentId);
    if (settled.kind === "provider-failed") return { kind: "done", message: `${outcome.message} The payment provider did not answer; it will be retried automatically within a few minutes.` };
  }
  return outcome;
}
