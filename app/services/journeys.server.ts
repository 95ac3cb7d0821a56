/**
 * The online purchase journey (issue 10; spec 2.1 /checkout-journey?car_id={id or slug}):
 * customer details -> trade-in -> finance -> delivery or pickup -> deposit payment ->
 * confirmation. Progress lives in `purchase_journeys` (server side): a reload resumes the same
 * step, and a signed-in shopper (issue 9 sessions) gets the same journey on any device. An
 * anonymous shopper's journey is found by the `fc_journey` cookie (an opaque random id).
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { purchaseJourneys } from "../../db/schema/index";
import { createPostcodeGeocoder, type Geocoder } from "~/adapters/geocoder/postcodes";
import type { Car } from "~/domain/car";
import type { JourneyStep } from "~/domain/checkout/journey";
import type { Site } from "~/sites/site";
import { submitLead } from "./leads.server";
import { formatHoldEnd, reservationTerms } from "./reservations.server";

/** Lead category and subcategory of a completed journey (docs/decisions/101). */
export const PURCHASE_LEAD = { category: "Online Purchase", subcategory: "Buy Online" } as const;
export const JOURNEY_COOKIE = "fc_journey";
/** A delivery postcode missing from the embedded postcode data (spec 5 / 8 'Invalid postcode'). */
export const UNKNOWN_POSTCODE_MESSAGE = "Invalid postcode";

export type Journey = typeof purchaseJourneys.$inferSelect;

/** What each step stores in `data`. */
export interface JourneyData {
  details?: { name: string; last_name: string; phone: string; email: string; postcode: string };
  tradeIn?: { has_trade_in: "Yes" | "No"; trade_rego: string | null; trade_km: number | null };
  finance?: { interested_in_finance: boolean };
  delivery?: { delivery_method: "pickup"; location_id: number } | { delivery_method: "delivery"; delivery_postcode: string; locality: string; state: string };
  /** Filled on completion. */
  deposit?: { dollars: number; heldUntil: string };
}

let geocoder: Geocoder | null = null;
/** The embedded postcode data (data/au_postcodes.csv, read from the working directory: the built server has no source tree). */
function postcodes(): Geocoder {
  geocoder ??= createPostcodeGeocoder(resolve(process.cwd(), "data/au_postcodes.csv"));
  return geocoder;
}

/** A 4-digit postcode's locality and state from the embedded data, or null when it does not exist. */
export function lookupPostcode(postcode: string): { locality: string; state: string } | null {
  const point = postcodes().byPostcode(postcode);
  return point ? { locality: point.locality, state: point.state } : null;
}

/** Reads the journey id from the request's cookie (a UUID), or null. */
export function journeyIdFromCookie(request: Request): string | null {
  const match = (request.headers.get("cookie") ?? "").match(/(?:^|;\s*)fc_journey=([0-9a-f-]{36})(?:;|$)/i);
  return match ? match[1].toLowerCase() : null;
}

/** Set-Cookie value for the journey id (30 days, HttpOnly, SameSite=Lax, Secure over HTTPS). */
export function journeyCookie(request: Request, id: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${JOURNEY_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${30 * 24 * 3600}${secure}`;
}

/** Who asks for a journey: the cookie's journey id and the signed-in shopper, if any. */
export interface JourneyVisitor {
  cookieId: string | null;
  shopper: { id: number; name: string | null; lastName: string | null; email: string | null; phone: string; postcode: string | null } | null;
  now: number;
}

/**
 * The shopper's stored journey for this car: a signed-in shopper's latest journey for the car
 * (any device), else the cookie's journey if it is for this car. A cookie journey is claimed by
 * the shopper who signs in, so it follows them to other devices. Never inserts.
 * @returns the journey, or null when there is none yet
 */
export async function findJourney(db: Database, site: Site, car: Car, who: JourneyVisitor): Promise<Journey | null> {
  const shopperId = who.shopper ? String(who.shopper.id) : null;
  if (shopperId) {
    const [own] = await db
      .select()
      .from(purchaseJourneys)
      .where(and(eq(purchaseJourneys.siteId, site.id), eq(purchaseJourneys.carId, car.id), eq(purchaseJourneys.shopperId, shopperId)))
      .orderBy(desc(purchaseJourneys.updatedAt))
      .limit(1);
    if (own) return own;
  }
  if (who.cookieId) {
    const [byCookie] = await db.select().from(purchaseJourneys).where(and(eq(purchaseJourneys.id, who.cookieId), eq(purchaseJourneys.siteId, site.id), eq(purchaseJourneys.carId, car.id)));
    if (byCookie && (byCookie.shopperId === null || byCookie.shopperId === shopperId)) {
      if (shopperId && byCookie.shopperId === null) {
        const [claimed] = await db.update(purchaseJourneys).set({ shopperId }).where(eq(purchaseJourneys.id, byCookie.id)).returning();
        return claimed;
      }
      return byCookie;
    }
  }
  return null;
}

/**
 * A journey not stored yet, at 'details' (prefilled from the signed-in shopper's stored
 * details): what a GET shows before the first step is posted, so a crawler or a passing click
 * on 'Buy Online' stores nothing (issue 51 section 6). Its `id` is empty.
 */
export function unsavedJourney(site: Site, car: Car, who: JourneyVisitor): Journey {
  const s = who.shopper;
  const data: JourneyData = s?.name && s.lastName && s.email && s.postcode ? { details: { name: s.name, last_name: s.lastName, phone: s.phone, email: s.email, postcode: s.postcode } } : {};
  const at = new Date(who.now);
  return { id: "", siteId: site.id, carId: car.id, shopperId: s ? String(s.id) : null, step: "details", data: data as Record<string, unknown>, status: "open", reservationId: null, leadId: null, createdAt: at, updatedAt: at };
}

/**
 * Stores a journey on the shopper's first valid step post (the caller sets the cookie).
 * @param journey the {@link unsavedJourney} the shopper filled in
 * @param patch the posted step's values; `next` the step it moves to
 */
export async function startJourney(db: Database, journey: Journey, patch: Partial<JourneyData>, next: JourneyStep, now: number): Promise<Journey> {
  const data = { ...(journey.data as JourneyData), ...patch };
  const [row] = await db
    .insert(purchaseJourneys)
    .values({ id: randomUUID(), siteId: journey.siteId, carId: journey.carId, shopperId: journey.shopperId, step: next, data: data as Record<string, unknown>, createdAt: new Date(now), updatedAt: new Date(now) })
    .returning();
  return row;
}

/** How long an open journey is kept after its last step: the cookie's life, 30 days (ms). */
export const ABANDONED_JOURNEY_MS = 30 * 24 * 3600 * 1000;

/**
 * Deletes open journeys with no step for {@link ABANDONED_JOURNEY_MS} (their cookie has
 * expired too); completed ones stay with their lead and reservation. Run by the hourly purge
 * of the delivery worker.
 * @param now epoch ms
 * @returns how many were deleted
 */
export async function purgeAbandonedJourneys(db: Database, now: number): Promise<number> {
  const gone = await db
    .delete(purchaseJourneys)
    .where(and(eq(purchaseJourneys.status, "open"), lt(purchaseJourneys.updatedAt, new Date(now - ABANDONED_JOURNEY_MS))))
    .returning({ id: purchaseJourneys.id });
  return gone.length;
}

/**
 * Stores one step's values and moves the journey to `next` (only while it is open).
 * @returns the updated journey, or null when it was completed meanwhile
 */
export async function saveJourneyStep(db: Database, journey: Journey, patch: Partial<JourneyData>, next: JourneyStep, now: number): Promise<Journey | null> {
  const data = { ...(journey.data as JourneyData), ...patch };
  const [row] = await db
    .update(purchaseJourneys)
    .set({ data: data as Record<string, unknown>, step: next, updatedAt: new Date(now) })
    .where(and(eq(purchaseJourneys.id, journey.id), eq(purchaseJourneys.status, "open")))
    .returning();
  return row ?? null;
}

/**
 * After the deposit is held (the reservation exists): the journey's lead (category 'Online
 * Purchase', with trade-in, finance, delivery and the deposit; dealer and shopper emails) and the
 * journey marked completed, in ONE transaction.
 */
export async function completeJourney(
  db: Database,
  site: Site,
  journey: Journey,
  car: Car,
  reservation: { reservationId: number; expiresAt: Date },
  request: { ip: string | null; userAgent: string | null; url: string | null; now: number },
): Promise<void> {
  const data = journey.data as JourneyData;
  const d = data.details!;
  const { depositDollars } = reservationTerms(site);
  const heldUntil = formatHoldEnd(reservation.expiresAt, site);
  const delivery = data.delivery;
  const lines = [
    `Online purchase journey completed; reservation #${reservation.reservationId} holds the car until ${heldUntil}.`,
    `Trade-in: ${data.tradeIn?.has_trade_in === "Yes" ? `yes, rego ${data.tradeIn.trade_rego}, ${data.tradeIn.trade_km?.toLocaleString("en-AU")} km` : "no"}`,
    `Finance: ${data.finance?.interested_in_finance ? "interested in finance" : "not requested"}`,
    `Delivery: ${delivery?.delivery_method === "delivery" ? `deliver to ${delivery.locality} ${delivery.state} ${delivery.delivery_postcode}` : "pickup at the dealership"}`,
  ];
  await db.transaction(async (tx) => {
    const lead = await submitLead(tx as unknown as Database, site, {
      form: "online-purchase",
      values: {
        ...d,
        location_id: delivery?.delivery_method === "pickup" ? delivery.location_id : undefined,
        submission_key: `journey-${journey.id}`,
        message: lines.join("\n"),
        opt_in_finance: data.finance?.interested_in_finance ?? false,
        opt_in_trade: data.tradeIn?.has_trade_in === "Yes",
        has_trade_in: data.tradeIn?.has_trade_in,
        rego: data.tradeIn?.trade_rego ?? undefined,
        trade_km: data.tradeIn?.trade_km ?? undefined,
        delivery_method: delivery?.delivery_method,
        delivery_postcode: delivery?.delivery_method === "delivery" ? delivery.delivery_postcode : undefined,
        deposit_dollars: depositDollars,
        deposit_status: "authorised",
        reservation_id: reservation.reservationId,
        reservation_expires_at: heldUntil,
        confirmation_to: d.email,
        confirmation_text: `Thank you for buying online. Your fully refundable $${depositDollars} deposit is authorised (not charged) and we hold the car for you until ${heldUntil}. Our team will call you to finalise ${delivery?.delivery_method === "delivery" ? "delivery" : "pickup"}.`,
      },
      ...PURCHASE_LEAD,
      car,
      ip: request.ip,
      userAgent: request.userAgent,
      url: request.url,
      now: request.now,
      skipRateLimit: true,
      extraTargets: [{ channel: "email", target: d.email }],
    });
    const completed: JourneyData = { ...data, deposit: { dollars: depositDollars, heldUntil } };
    await tx
      .update(purchaseJourneys)
      .set({ status: "completed", step: "confirmation", data: completed as Record<string, unknown>, reservationId: reservation.reservationId, leadId: lead.kind === "accepted" ? lead.leadId : null, updatedAt: new Date(request.now) })
      .where(eq(purchaseJourneys.id, journey.id));
  });
}
