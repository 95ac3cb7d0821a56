/**
 * Trade-in valuations (issue 11; spec 2.6 "Valuation wizard", spec 3 "Trade-in valuation", spec 5
 * estimate rule, spec 7 "Valuation helpers" and POST /api/miscellaneous, spec 8 "Failed to save
 * valuation data"). The wizard's state lives in `trade_in_valuations`, one row per shopper,
 * named by an unguessable token; every step is validated before it is stored. Completing the
 * contact step values the car and files the trade-in lead through the lead pipeline
 * (`submitLead`: lead and delivery jobs in one statement) BEFORE the shopper sees the offer.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { leads, tradeInValuations } from "../../db/schema/index";
import { createOfflineRegoLookup, type AuState, type RegoLookup, type RegoVehicle } from "~/adapters/rego-lookup/offline";
import { createEmbeddedValuer, type TradeInValuer } from "~/adapters/valuer/embedded";
import type { Car } from "~/domain/car";
import { ADJUSTMENT_QUESTIONS, basisText, type AdjustmentAnswers, type Valuation, type ValuerRules } from "~/domain/trade-in/valuer";
import type { Site } from "~/sites/site";
import { submitLead } from "./leads.server";

/** A stored valuation row. */
export type TradeInRow = typeof tradeInValuations.$inferSelect;

/** Spec 8: logged when saving the valuation through /api/miscellaneous fails (one definition, shared with the browser). */
export { VALUATION_SAVE_FAILED } from "~/components/trade-in/save-valuation";

/** Lead category and subcategory of a trade-in lead. */
export const TRADE_IN_CATEGORY = "Trade-In Valuation";

/** The site's valuer rules (SiteConfig `tradeIn`). */
export function valuerRulesFor(site: Site): ValuerRules {
  const t = site.config.tradeIn;
  return { maxAgeYears: t.maxAgeYears, maxKm: t.maxKm, retailShare: t.retailShare, minComparables: t.minComparables };
}

/**
 * The valuer in use. The embedded comparables valuer is the default; a commercial valuer plugs in
 * here (app/adapters/valuer/embedded.ts, "Production slot").
 */
export function valuerFor(db: Database): TradeInValuer {
  return createEmbeddedValuer(db);
}

let regoLookup: RegoLookup | null = null;
/** The rego lookup in use (offline sample table by default). */
export function regoLookupFor(): RegoLookup {
  return (regoLookup ??= createOfflineRegoLookup());
}

/** Starts a valuation for the site (optionally tied to the wanted car). @returns the new row */
export async function startValuation(db: Database, site: Site, wantedCarId: number | null): Promise<TradeInRow> {
  const [row] = await db.insert(tradeInValuations).values({ siteId: site.id, token: randomUUID(), carId: wantedCarId }).returning();
  return row;
}

/** The site's valuation with this token, or null (unknown token, or another site's). */
export async function getValuation(db: Database, site: Site, token: string): Promise<TradeInRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return null;
  const [row] = await db.select().from(tradeInValuations).where(and(eq(tradeInValuations.siteId, site.id), eq(tradeInValuations.token, token))).limit(1);
  return row ?? null;
}

/** Stores a step's validated fields (any subset of the row's wizard columns). */
export async function updateValuation(
  db: Database,
  row: TradeInRow,
  patch: Partial<Pick<TradeInRow, "rego" | "regoState" | "vehicle" | "kms" | "adjustmentAnswers">>,
): Promise<void> {
  await db.update(tradeInValuations).set({ ...patch, updatedAt: new Date() }).where(eq(tradeInValuations.id, row.id));
}

/**
 * Looks the rego up; a lookup failure counts as "not found" (the shopper then types the details).
 * @returns the vehicle or null
 */
export async function lookUpRego(rego: string, state: AuState, lookup: RegoLookup = regoLookupFor()): Promise<RegoVehicle | null> {
  try {
    return await lookup.lookup(rego, state);
  } catch (error) {
    console.warn("rego lookup failed", error);
    return null;
  }
}

/** The first step the row still needs (the wizard never skips ahead of it). */
export function nextStep(row: TradeInRow | null): "vehicle" | "details" | "kms" | "condition" | "contact" | "offer" {
  if (!row || !row.regoState) return "vehicle";
  if (!row.vehicle) return "details";
  if (row.kms === null) return "kms";
  if (!row.adjustmentAnswers) return "condition";
  if (!row.formCompleted) return "contact";
  return "offer";
}

/** The contact step's validated fields. Phone is E.164. */
export interface TradeInContact {
  name: string;
  phone: string;
  email: string;
  location_id?: number;
  PreferredContactMethod: "Phone" | "Email" | "SMS";
  finance: "Yes" | "No";
  company_website?: string;
}

export type CompleteResult =
  | { kind: "completed"; leadId: number; valuation: Valuation }
  | { kind: "rejected"; message: string; status: number };

/**
 * Completes the wizard: values the car (a valuer failure becomes 'no figure', never an error),
 * stores the valuation, files the trade-in lead through the lead pipeline with the valuation
 * attached, and records `{lead_id, form_completed: true}`. Idempotent per row: the lead's
 * submission key is derived from the token, so a resubmission returns the same lead.
 *
 * @param wantedCar the car the shopper wants (its id goes in the lead), or null
 * @param info.now epoch ms; info.ip the client IP (lead rate limit)
 * @throws database errors (nothing half-stored: the lead is one statement)
 */
export async function completeValuation(
  db: Database,
  site: Site,
  row: TradeInRow,
  contact: TradeInContact,
  wantedCar: Car | null,
  info: { now: number; ip: string | null; userAgent: string | null; url: string | null },
  valuer: TradeInValuer = valuerFor(db),
): Promise<CompleteResult> {
  const vehicle = row.vehicle!;
  const answers: AdjustmentAnswers = Object.fromEntries((row.adjustmentAnswers ?? []).map((a) => [a.id, a.answer]));
  let valuation: Valuation;
  try {
    valuation = await valuer.value({ make: vehicle.make, model: vehicle.model, year: vehicle.year, km: row.kms!, state: row.regoState }, answers, new Date(info.now), valuerRulesFor(site));
  } catch (error) {
    console.warn("trade-in valuer failed", error);
    valuation = { kind: "no-estimate", reason: "unavailable", source: "unknown" };
  }
  const offerPrice = valuation.kind === "estimate" ? valuation.offer : null;
  const tradeIn = {
    rego: row.rego,
    regoState: row.regoState,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    body: vehicle.body,
    transmission: vehicle.transmission,
    kms: row.kms,
    adjustmentAnswers: row.adjustmentAnswers,
    offer_price: offerPrice,
    valuation: valuation.kind === "estimate" ? { ...valuation, basis_text: basisText(valuation) } : valuation,
  };
  const result = await submitLead(db, site, {
    form: "trade-in",
    values: {
      ...contact,
      submission_key: `trade-in-${row.token}`,
      opt_in_trade: true,
      opt_in_finance: contact.finance === "Yes",
      // Spec 3 "Trade-in valuation" fields at the top level, the whole valuation under trade_in.
      rego: row.rego,
      regoState: row.regoState,
      kms: row.kms,
      adjustmentAnswers: row.adjustmentAnswers,
      offer_price: offerPrice,
      trade_in: tradeIn,
    },
    category: TRADE_IN_CATEGORY,
    subcategory: wantedCar ? "Trade-in towards a car" : null,
    car: wantedCar,
    ip: info.ip,
    userAgent: info.userAgent,
    url: info.url,
    now: info.now,
  });
  if (result.kind === "rejected") return { kind: "rejected", message: result.message, status: result.reason === "rate-limited" ? 429 : 400 };
  await db
    .update(tradeInValuations)
    .set({ valuation: valuation as unknown as Record<string, unknown>, offerPrice, leadId: result.leadId, formCompleted: true, updatedAt: new Date() })
    .where(eq(tradeInValuations.id, row.id));
  return { kind: "completed", leadId: result.leadId, valuation };
}

/**
 * Spec 7 offer-accepted update: stores `{lead_id, form_completed, offer_accepted}` on the
 * valuation and copies offer_accepted into the lead's payload (the dealer sees the answer).
 * Only a completed valuation with a figure can be accepted.
 * @returns the stored update, or null when there is no offer to answer
 */
export async function recordOfferDecision(db: Database, row: TradeInRow, accepted: boolean): Promise<{ lead_id: number; form_completed: boolean; offer_accepted: boolean } | null> {
  if (!row.formCompleted || row.leadId === null || row.offerPrice === null) return null;
  await db.update(tradeInValuations).set({ offerAccepted: accepted, updatedAt: new Date() }).where(eq(tradeInValuations.id, row.id));
  await db
    .update(leads)
    .set({ payload: sql`${leads.payload} || jsonb_build_object('offer_accepted', ${accepted}::boolean, 'form_completed', true)` })
    .where(eq(leads.id, row.leadId));
  return { lead_id: row.leadId, form_completed: true, offer_accepted: accepted };
}

/**
 * POST /api/miscellaneous (spec 7): saves `value` under `column` on the site's valuation.
 * @returns false when there is no such valuation for the site
 */
export async function saveMiscellaneous(db: Database, site: Site, token: string, column: string, value: unknown): Promise<boolean> {
  const row = await getValuation(db, site, token);
  if (!row) return false;
  await db
    .update(tradeInValuations)
    .set({ miscellaneous: sql`${tradeInValuations.miscellaneous} || jsonb_build_object(${column}::text, ${JSON.stringify(value)}::jsonb)`, updatedAt: new Date() })
    .where(eq(tradeInValuations.id, row.id));
  return true;
}

/** Condition answers as spec 3 adjustmentAnswers ([{ id, answer }]) in question order. */
export function toAdjustmentAnswers(values: Record<string, string>): { id: string; answer: string }[] {
  return ADJUSTMENT_QUESTIONS.map((q) => ({ id: q.id, answer: values[q.id] }));
}
