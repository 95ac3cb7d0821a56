/**
 * The online purchase journey (issue 10; spec 2.1 /checkout-journey?car_id={id or slug}):
 * customer details -> trade-in -> finance -> delivery or pickup -> deposit payment ->
 * confirmation. Progress lives in `purchase_journeys` (server side): a reload resumes the same
 * step, and a signed-in shopper (issue 9 sessions) gets the same journey on any device. An
 * anonymous shopper's journey is found by the `fc_journey` cookie (an opaque random id).
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { and, desc, eq } from "drizzle-orm";
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

/**
 * The shopper's journey for this car: a signed-in shopper's latest journey for the car (any
 * device), else the cookie's journey if it is for this car, else a new one at 'details'
 * (prefilled from the shopper's stored details). A cookie journey is claimed by the shopper who
 * signs in, so it follows them to other devices.
 * @returns the journey and whether it was created now (the caller sets the cookie)
 */
export async function findOrStartJourney(
  db: Database,
  site: Site,
  car: Car,
  who: { cookieId: string | null; shopper: { id: number; name: string | null; lastName: string | null; email: string | null; phone: string; postcode: string | null } | null; now: number },
): Promise<{ journey: Journey; created: boolean }> {
  const shopperId = who.shopper ? String(who.shopper.id) : null;
  if (shopperId) {
    const [own] = await db
      .select()
      .from(purchaseJourneys)
      .where(and(eq(purchaseJourneys.siteId, site.id), eq(purchaseJourneys.carId, car.id), eq(purchaseJourneys.shopperId, shopperId)))
      .orderBy(desc(purchaseJourneys.updatedAt))
      .limit(1);
    if (own) return { journey: own, created: false };
  }
  if (who.cookieId) {
    const [byCookie] = await db.select().from(purchaseJourneys).where(and(eq(purchaseJourneys.id, who.cookieId), eq(purchaseJourneys.siteId, site.id), eq(purchaseJourneys.carId, car.id)));
    if (byCookie && (byCookie.shopperId === null || byCookie.shopperId === shopperId)) {
      if (shopperId && byCookie.shopperId === null) {
        const [claimed] = await db.update(purchaseJourneys).set({ shopperId }).where(eq(purchaseJourneys.id, byCookie.id)).returning();
        return { journey: claimed, created: false };
      }
      return { journey: byCookie, created: false };
    }
  }
  const s = who.shopper;
  const data: JourneyData = s?.name && s.lastName && s.email && s.postcode ? { details: { name: s.name, last_name: s.lastName, phone: s.phone, email: s.email, postcode: s.postcode } } : {};
  const [journey] = await db
    .insert(purchaseJourneys)
    .values({ id: randomUUID(), siteId: site.id, carId: car.id, shopperId, step: "details", data: data as Record<string, unknown>, createdAt: new Date(who.now), updatedAt: new Date(who.now) })
    .returning();
  return { journey, created: true };
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
