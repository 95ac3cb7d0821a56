/**
 * Loader and action of the trade-in wizard (issue 11; spec 2.1 /trade-in, /sell-my-car,
 * /sell-your-car, /cars/trade-in?car_id=; spec 2.6 "Valuation wizard"). One step per page: each
 * step posts to the route action, which validates it with zod, stores it on the valuation row and
 * redirects to the next step (`?v={token}&step={step}`), so the wizard works without JavaScript;
 * with JavaScript React Router runs the same posts and redirects without full reloads.
 */
import { data, redirect } from "react-router";
import type { Database } from "../../db/client";
import type { AuState } from "~/adapters/rego-lookup/offline";
import { AU_STATES } from "~/adapters/rego-lookup/offline";
import type { Car } from "~/domain/car";
import { pickerLocations } from "~/domain/leads/routing";
import { bodyTypesFor, referenceMakes, referenceModels, TRANSMISSIONS } from "~/domain/trade-in/make-model-reference";
import { ADJUSTMENT_QUESTIONS, basisText, noEstimateText, type Valuation } from "~/domain/trade-in/valuer";
import {
  CarIdQuerySchema,
  ConditionStepSchema,
  contactStepSchema,
  detailsStepSchema,
  fieldErrors,
  formValues,
  KmsStepSchema,
  OfferStepSchema,
  TRADE_IN_STEPS,
  VehicleStepSchema,
  type TradeInStep,
} from "~/forms/trade-in";
import { UNEXPECTED_ERROR } from "~/forms/lead-forms";
import type { Site } from "~/sites/site";
import { getCarById } from "./cars.server";
import { listLocations } from "./locations.server";
import { readFormData } from "./read-form.server";
import {
  completeValuation,
  getValuation,
  lookUpRego,
  nextStep,
  recordOfferDecision,
  saveMiscellaneous,
  startValuation,
  toAdjustmentAnswers,
  updateValuation,
  VALUATION_SAVE_FAILED,
  valuerRulesFor,
  type TradeInRow,
} from "./trade-in.server";

/** The four paths of the wizard and their own titles (spec 2.1). */
export const WIZARD_PAGES: Record<string, { title: string; intro: string; carBound: boolean }> = {
  "/trade-in": { title: "Value Your Trade-In", intro: "Get an instant offer for your car in about 2 minutes, based on similar cars for sale right now.", carBound: false },
  "/sell-my-car": { title: "Sell My Car", intro: "Sell your car to us: an instant offer in about 2 minutes, no haggling.", carBound: false },
  "/sell-your-car": { title: "Sell Your Car", intro: "Thinking of selling? Get an instant offer in about 2 minutes.", carBound: false },
  "/cars/trade-in": { title: "Trade In Towards This Car", intro: "Value your current car and put it towards the car you want.", carBound: true },
};

function pageOf(url: URL) {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const page = WIZARD_PAGES[path];
  if (!page) throw new Response("Not Found", { status: 404 });
  return { path, ...page };
}

/**
 * /cars/trade-in: car_id validated (400 when malformed, 404 when not this site's car). Without a
 * car_id the shopper has no car to trade towards: the page answers with a redirect to the general
 * trade-in (`/trade-in`, the other query kept); a post goes on as a general valuation.
 */
async function wantedCarOf(db: Database, site: Site, url: URL, carBound: boolean): Promise<Car | null> {
  if (!carBound) return null;
  if (!url.searchParams.get("car_id")) {
    if (url.searchParams.has("v")) return null;
    const rest = new URLSearchParams(url.searchParams);
    rest.delete("car_id");
    throw redirect(`/trade-in${rest.size ? `?${rest}` : ""}`);
  }
  const parsed = CarIdQuerySchema.safeParse({ car_id: url.searchParams.get("car_id") ?? undefined });
  if (!parsed.success) throw new Response(parsed.error.issues[0].message, { status: 400 });
  const car = await getCarById(db, site, parsed.data.car_id);
  if (!car) throw new Response("Not Found", { status: 404 });
  return car;
}

/** URL of a step: the page path, the wanted car, the token. */
export function stepUrl(path: string, car: Car | null, token: string, step: TradeInStep, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (car) q.set("car_id", String(car.id));
  q.set("v", token);
  q.set("step", step);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return `${path}?${q.toString()}`;
}

const order = (s: TradeInStep) => TRADE_IN_STEPS.indexOf(s);

function carTitle(car: Car): string {
  return [car.year, car.make, car.model, car.badge].filter(Boolean).join(" ");
}

async function picker(db: Database, site: Site, car: Car | null) {
  const all = await listLocations(db, site);
  return pickerLocations(all, { make: car?.make ?? null, types: ["sales"], ids: site.config.leads.pickerLocationIds, excluded: site.config.leads.pickerExcludedLocationIds }).map((l) => ({
    id: l.id,
    name: l.name,
  }));
}

/** What the offer and done pages show of a valuation. */
export type OfferView =
  | { kind: "estimate"; offer: number; low: number; high: number; basis: string }
  | { kind: "no-estimate"; message: string };

function offerView(site: Site, valuation: Valuation | null): OfferView | null {
  if (!valuation) return null;
  return valuation.kind === "estimate"
    ? { kind: "estimate", offer: valuation.offer, low: valuation.low, high: valuation.high, basis: basisText(valuation) }
    : { kind: "no-estimate", message: noEstimateText(valuation.reason, valuerRulesFor(site)) };
}

/** The wizard page's data (serialisable). */
export async function loadWizard(db: Database, site: Site, url: URL) {
  if (!site.config.features.tradeIn) throw new Response("Not Found", { status: 404 });
  const page = pageOf(url);
  const car = await wantedCarOf(db, site, url, page.carBound);
  const token = url.searchParams.get("v");
  const row = token ? await getValuation(db, site, token) : null;
  if (token && !row) throw new Response("This valuation was not found. Please start again.", { status: 404 });
  const required = nextStep(row);
  const asked = url.searchParams.get("step") as TradeInStep | null;
  let step: TradeInStep = asked && (TRADE_IN_STEPS as readonly string[]).includes(asked) ? asked : required;
  if (order(step) > order(required) && !(step === "done" && row?.offerAccepted !== null && row?.offerAccepted !== undefined)) step = required;
  if (row?.formCompleted && step !== "done") step = "offer";

  const makes = step === "details" ? referenceMakes() : [];
  const askedMake = url.searchParams.get("make");
  const make = step === "details" ? (askedMake && makes.includes(askedMake) ? askedMake : (row?.vehicle?.make ?? null)) : null;
  const locations = step === "contact" ? await picker(db, site, car) : [];
  return {
    title: page.title,
    intro: page.intro,
    path: page.path,
    siteName: site.name,
    step,
    token: row?.token ?? null,
    car: car ? { id: car.id, title: carTitle(car), slug: car.slug } : null,
    regoNotFound: url.searchParams.get("lookup") === "notfound",
    rego: row?.rego ?? null,
    regoState: row?.regoState ?? null,
    vehicle: row?.vehicle ?? null,
    kms: row?.kms ?? null,
    answers: Object.fromEntries((row?.adjustmentAnswers ?? []).map((a) => [a.id, a.answer])) as Record<string, string>,
    states: AU_STATES,
    makes,
    make,
    models: make ? referenceModels(make).map((m) => m.model) : [],
    bodyTypes: make ? [...new Set(referenceModels(make).flatMap((m) => bodyTypesFor(make, m.model)))].sort() : [],
    transmissions: TRANSMISSIONS,
    years: Array.from({ length: 30 }, (_, i) => new Date().getUTCFullYear() + 1 - i),
    questions: ADJUSTMENT_QUESTIONS,
    locations,
    offer: offerView(site, (row?.valuation as Valuation | null) ?? null),
    offerAccepted: row?.offerAccepted ?? null,
    leadId: row?.leadId ?? null,
    valuationResult: row?.valuation ?? null,
    saveToMiscellaneous: site.config.tradeIn.saveValuationToMiscellaneous,
    faq: site.config.tradeIn.faq,
  };
}

export type WizardData = Awaited<ReturnType<typeof loadWizard>>;

/** What the action answers instead of a redirect. */
export type WizardActionData =
  | { status: "invalid"; step: TradeInStep; errors: Record<string, string>; values: Record<string, string> }
  | { status: "decided"; accepted: boolean; next: string; eventParams: Record<string, string | number | null> };

function invalid(step: TradeInStep, errors: Record<string, string>, values: Record<string, string>, status = 400) {
  return data<WizardActionData>({ status: "invalid", step, errors, values }, { status });
}

/**
 * The wizard's action (see the module comment). Bad input answers 400 with the field messages;
 * a posted step for an unknown token answers 404; database failures answer 503 with
 * 'An unexpected error occured' (spec 8), never a 500.
 */
export async function wizardAction(db: Database, site: Site, request: Request, url: URL, info: { now: number; clientIp: string | null }) {
  if (!site.config.features.tradeIn) throw new Response("Not Found", { status: 404 });
  const page = pageOf(url);
  const car = await wantedCarOf(db, site, url, page.carBound);
  const form = await readFormData(request);
  const values = formValues(form);
  const step = values._step as TradeInStep;
  if (!(TRADE_IN_STEPS as readonly string[]).includes(step)) throw new Response("Unknown wizard step.", { status: 400 });
  const token = values.v || url.searchParams.get("v");
  const row = token ? await getValuation(db, site, token) : null;
  if (token && !row) throw new Response("This valuation was not found. Please start again.", { status: 404 });
  if (step !== "vehicle" && !row) throw new Response("Please start the valuation from the first step.", { status: 400 });
  try {
    return await handleStep(db, site, request, info, page.path, car, step, values, row);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("trade-in wizard failed", error);
    return invalid(step, { "": UNEXPECTED_ERROR }, values, 503);
  }
}

async function handleStep(
  db: Database,
  site: Site,
  request: Request,
  info: { now: number; clientIp: string | null },
  path: string,
  car: Car | null,
  step: TradeInStep,
  values: Record<string, string>,
  existing: TradeInRow | null,
) {
  if (existing?.formCompleted && step !== "offer") return redirect(stepUrl(path, car, existing.token, "offer"));
  switch (step) {
    case "vehicle": {
      const parsed = VehicleStepSchema.safeParse(values);
      if (!parsed.success) return invalid(step, fieldErrors(parsed.error), values);
      const row = existing ?? (await startValuation(db, site, car?.id ?? null));
      const found = parsed.data.rego ? await lookUpRego(parsed.data.rego, parsed.data.regoState as AuState) : null;
      await updateValuation(db, row, { rego: parsed.data.rego, regoState: parsed.data.regoState, vehicle: found ? { ...found, source: "rego" } : null });
      if (found) return redirect(stepUrl(path, car, row.token, "kms"));
      return redirect(stepUrl(path, car, row.token, "details", parsed.data.rego ? { lookup: "notfound" } : {}));
    }
    case "details": {
      const parsed = detailsStepSchema(new Date(info.now)).safeParse(values);
      if (!parsed.success) return invalid(step, fieldErrors(parsed.error), values);
      const d = parsed.data;
      if (!referenceMakes().includes(d.make)) return invalid(step, { make: "Please choose the make." }, values);
      if (!referenceModels(d.make).some((m) => m.model === d.model)) return invalid(step, { model: "Please choose the model." }, values);
      await updateValuation(db, existing!, { vehicle: { make: d.make, model: d.model, year: d.year, body: d.body, transmission: d.transmission, source: "manual" } });
      return redirect(stepUrl(path, car, existing!.token, "kms"));
    }
    case "kms": {
      const parsed = KmsStepSchema.safeParse(values);
      if (!parsed.success) return invalid(step, fieldErrors(parsed.error), values);
      await updateValuation(db, existing!, { kms: parsed.data.kms });
      return redirect(stepUrl(path, car, existing!.token, "condition"));
    }
    case "condition": {
      const parsed = ConditionStepSchema.safeParse(values);
      if (!parsed.success) return invalid(step, fieldErrors(parsed.error), values);
      await updateValuation(db, existing!, { adjustmentAnswers: toAdjustmentAnswers(parsed.data as Record<string, string>) });
      return redirect(stepUrl(path, car, existing!.token, "contact"));
    }
    case "contact": {
      const row = existing!;
      if (nextStep(row) !== "contact") return redirect(stepUrl(path, car, row.token, nextStep(row)));
      const locations = await picker(db, site, car);
      const parsed = contactStepSchema(locations.length > 1).safeParse(values);
      if (!parsed.success) return invalid(step, fieldErrors(parsed.error), values);
      const contact = { ...parsed.data };
      if (locations.length === 1) contact.location_id = locations[0].id;
      if (contact.location_id !== undefined && !locations.some((l) => l.id === contact.location_id)) return invalid(step, { location_id: "Please choose a dealership." }, values);
      const result = await completeValuation(db, site, row, contact, car, {
        now: info.now,
        ip: info.clientIp,
        userAgent: request.headers.get("user-agent"),
        url: request.headers.get("referer") ?? new URL(path, request.url).href,
      });
      if (result.kind === "rejected") return invalid(step, { "": result.message }, values, result.status);
      // Spec 7: the variant that uses POST /api/miscellaneous saves the valuation result there. With
      // JavaScript the offer page posts it; without, the server saves it on the same service.
      if (site.config.tradeIn.saveValuationToMiscellaneous && values._js !== "1") {
        try {
          await saveMiscellaneous(db, site, row.token, "valuation", result.valuation);
        } catch (error) {
          console.error(VALUATION_SAVE_FAILED, error);
        }
      }
      return redirect(stepUrl(path, car, row.token, "offer"));
    }
    case "offer": {
      const row = existing!;
      const parsed = OfferStepSchema.safeParse(values);
      if (!parsed.success) return invalid(step, fieldErrors(parsed.error), values);
      const accepted = parsed.data.decision === "accept";
      const update = await recordOfferDecision(db, row, accepted);
      if (!update) return invalid(step, { "": "There is no offer to answer for this valuation." }, values);
      const next = stepUrl(path, car, row.token, "done");
      if (values._js !== "1") return redirect(next);
      const v = row.vehicle!;
      return data<WizardActionData>({
        status: "decided",
        accepted,
        next,
        eventParams: { vehicleMake: v.make, vehicleModel: v.model, vehicleYear: v.year, vehicleKilometers: row.kms, offerPrice: row.offerPrice, leadId: row.leadId },
      });
    }
    default:
      throw new Response("Unknown wizard step.", { status: 400 });
  }
}
