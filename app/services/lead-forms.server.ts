/**
 * Loader and action side of every lead form (spec 4 "Multi-step lead form" and generic form
 * states, spec 5 "Forms", spec 7 "Lead submit"). Routes stay thin: their loader calls
 * {@link loadLeadForm} and their action is {@link leadFormAction}.
 */
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, redirect, type RouterContext } from "react-router";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import type { Database } from "../../db/client";
import type { Car } from "~/domain/car";
import { isInStock } from "~/domain/car";
import { isDbId } from "~/domain/db-id";
import { pickerLocations } from "~/domain/leads/routing";
import { carEnquiryCategory, LEAD_PAGES, type LeadPageId } from "~/forms/lead-form-kinds";
import { enquiryEventId, leadFormSchema, SIMILAR_MESSAGE, SIMILAR_SUBCATEGORY, stepSchema, UNEXPECTED_ERROR, type LeadFormOptions } from "~/forms/lead-forms";
import type { Site } from "~/sites/site";
import { safeError } from "~/domain/logging/safe-error";
import { withoutControlCharacters } from "~/domain/text/control-characters";
import { getCarById } from "./cars.server";
import { orderByPostcode, siteLocations } from "./locations.server";
import { submitLead } from "./leads.server";
import { readFormData } from "./read-form.server";

/** Everything a LeadForm component needs; serialisable. */
export interface LeadFormSetup {
  page: LeadPageId;
  kind: (typeof LEAD_PAGES)[LeadPageId]["kind"];
  options: LeadFormOptions;
  category: string;
  subcategory: string | null;
  submitLabel: string;
  /** Picker choices (spec 2.6); one entry means auto-filled. `distanceKm` when ordered by postcode (issue 12). */
  locations: { id: number; name: string; distanceKm?: number | null }[];
  /** Issue 12: the postcode the picker is ordered by, and its error ('Invalid postcode'); null when not asked. */
  nearest: { postcode: string | null; error: string | null } | null;
  /**
   * Always empty from the server: pages are cacheable, so a key in the HTML would be shared by
   * every visitor (issue 16 defect 9). The browser makes one per form with crypto.randomUUID()
   * on hydration; without JavaScript the server makes one per post.
   */
  submissionKey: string;
  multiStep: boolean;
  car: { id: number; title: string; carType: string; status: string; tag: string | null; make: string; model: string; year: number | null; km: number | null; badge: string | null; price: number | null; inStock: boolean } | null;
  /** Prefilled message (spec 4: sold cars). */
  presetMessage: string | null;
  /**
   * The picker's preselected location (one of `locations`), e.g. /finance's `preferredDealership`
   * (spec 2.1); null: none chosen for the shopper.
   */
  preferredLocationId: number | null;
  /** Optional fields (spec 5). */
  distributionLocations: string[];
}

/**
 * Builds the form setup for a page (and car, on the VDP).
 * Sold cars turn the enquiry into 'Find Me Something Similar' (spec 4).
 */
export async function loadLeadForm(db: Database, site: Site, page: LeadPageId, car: Car | null = null, opts: { postcode?: string | null } = {}): Promise<LeadFormSetup> {
  const def = LEAD_PAGES[page];
  const all = def.pickerTypes ? await siteLocations(db, site) : [];
  const filtered = def.pickerTypes
    ? pickerLocations(all, { make: car?.make ?? null, types: [...def.pickerTypes], ids: site.config.leads.pickerLocationIds, excluded: site.config.leads.pickerExcludedLocationIds })
    : [];
  // Issue 12: the picker ordered by distance from the shopper's postcode (spec 5, 9).
  const nearest = opts.postcode !== undefined && filtered.length > 1 ? orderByPostcode(filtered, opts.postcode) : null;
  const picker = nearest ? nearest.locations : filtered.map((l) => ({ ...l, distanceKm: null }));
  const soldEnquiry = car !== null && def.kind === "enquiry" && !isInStock(car);
  const carCategory = car && def.kind === "enquiry" ? carEnquiryCategory(car.carType) : null;
  return {
    page,
    kind: def.kind,
    options: {
      commentsRequired: site.config.leads.commentsRequired,
      locationShown: picker.length > 1,
      categories: def.categories ? [...def.categories] : null,
      additionalServices: "additionalServices" in def && site.config.leads.serviceOptions.length ? [...site.config.leads.serviceOptions] : null,
    },
    category: carCategory ?? def.category,
    subcategory: soldEnquiry ? SIMILAR_SUBCATEGORY : def.subcategory,
    submitLabel: soldEnquiry ? "Find Me Something Similar" : def.submitLabel,
    locations: picker.map((l) => ({ id: l.id, name: l.name, distanceKm: l.distanceKm })),
    nearest: nearest ? { postcode: nearest.postcode, error: nearest.error } : null,
    submissionKey: "",
    multiStep: site.config.leads.multiStep,
    car: car
      ? { id: car.id, title: [car.year, car.make, car.model, car.badge].filter(Boolean).join(" "), carType: car.carType, status: car.status, tag: car.tag, make: car.make, model: car.model, year: car.year, km: car.km, badge: car.badge, price: car.price, inStock: isInStock(car) }
      : null,
    presetMessage: soldEnquiry ? SIMILAR_MESSAGE : null,
    preferredLocationId: null,
    distributionLocations: all.flatMap((l) => l.distributionLocations),
  };
}

/** What the action answers to the enhanced (JavaScript) form. */
export type LeadActionData =
  | { status: "invalid" | "error"; result: SubmissionResult<string[]>; step?: number }
  | { status: "step"; step: number; result: SubmissionResult<string[]> }
  | { status: "accepted"; leadId: number; category: string; eventId: number; eventParams: Record<string, string | number | null> };

/**
 * The shared route action: validates with the page's schema (the same one the browser used),
 * advances multi-step forms, stores the lead, then redirects to /success (no JavaScript) or
 * answers the lead id (enhanced form). Bad input answers 400 with the spec's messages; a
 * rejected or failed submit answers with a form-level error, never a 500.
 */
export async function leadFormAction(db: Database, site: Site, request: Request, pages: LeadPageId | readonly LeadPageId[], info: { now: number; clientIp: string | null }, car: Car | null = null, named: { subcategory?: string } = {}) {
  const formData = await readFormData(request);
  try {
    return await handleLeadForm(db, site, withoutControlCharacters(formData), request, pages, info, car, named);
  } catch (error) {
    if (error instanceof Response) throw error;
    // E.g. the database is unreachable: nothing was stored (or the key makes a retry return the stored lead).
    console.error("lead form failed", safeError(error));
    // What the shopper typed goes back with the message, so a page rendered from this answer
    // (no JavaScript, or a remount) still holds it (issue 51 section 1, spec 8).
    const initialValue: Record<string, string> = {};
    for (const [name, value] of formData) if (typeof value === "string" && !name.startsWith("__")) initialValue[name] = value;
    return data<LeadActionData>({ status: "error", result: { status: "error", initialValue, error: { "": [UNEXPECTED_ERROR] } } }, { status: 503 });
  }
}

async function handleLeadForm(db: Database, site: Site, formData: FormData, request: Request, pages: LeadPageId | readonly LeadPageId[], info: { now: number; clientIp: string | null }, car: Car | null, named: { subcategory?: string }) {
  const allowed: readonly LeadPageId[] = typeof pages === "string" ? [pages] : pages;
  const asked = String(formData.get("__page") ?? "");
  const page = (allowed as readonly string[]).includes(asked) ? (asked as LeadPageId) : allowed[0];
  const carId = Number(formData.get("car_id"));
  const boundCar = car ?? (isDbId(carId) ? await getCarById(db, site, carId) : null);
  const setup = await loadLeadForm(db, site, page, boundCar);
  const step = Number(formData.get("__step") ?? 0);
  const last = setup.multiStep ? 1 : 0;
  if (setup.multiStep && step < last) {
    const submission = parseWithZod(formData, { schema: stepSchema(setup.kind, setup.options, step) });
    if (submission.status !== "success") return data<LeadActionData>({ status: "invalid", result: submission.reply(), step }, { status: 400 });
    return data<LeadActionData>({ status: "step", step: step + 1, result: submission.reply() });
  }
  const submission = parseWithZod(formData, { schema: leadFormSchema(setup.kind, setup.options) });
  if (submission.status !== "success") return data<LeadActionData>({ status: "invalid", result: submission.reply(), step: last }, { status: 400 });
  const values = submission.value as Parameters<typeof submitLead>[2]["values"];
  const category = "category" in values && typeof values.category === "string" ? values.category : setup.category;
  try {
    const result = await submitLead(db, site, {
      form: setup.kind,
      values,
      category,
      // Issue 14: a server-named subcategory (e.g. the offer enquired about) wins over the hidden field.
      subcategory: named.subcategory ?? ((values.subcategory as string | undefined) || setup.subcategory),
      car: boundCar,
      ip: info.clientIp,
      userAgent: request.headers.get("user-agent"),
      url: (values.url as string | undefined) || request.headers.get("referer") || request.url,
      now: info.now,
      pageId: setup.page,
    });
    if (result.kind === "rejected") {
      return data<LeadActionData>({ status: "error", result: submission.reply({ formErrors: [result.message] }), step: last }, { status: result.reason === "rate-limited" ? 429 : 400 });
    }
    if (formData.get("_js") !== "1") return redirect(`/success?category=${encodeURIComponent(category)}`);
    const c = setup.car;
    return data<LeadActionData>({
      status: "accepted",
      leadId: result.leadId,
      category,
      eventId: enquiryEventId(setup.kind, c),
      eventParams: { vehicleStatus: c?.status ?? null, vehicleMake: c?.make ?? null, vehicleModel: c?.model ?? null, vehicleYear: c?.year ?? null, vehicleKilometers: c?.km ?? null, vehicleGrade: c?.badge ?? null },
    });
  } catch (error) {
    console.error("lead submit failed", safeError(error));
    return data<LeadActionData>({ status: "error", result: submission.reply({ formErrors: [UNEXPECTED_ERROR] }), step: last }, { status: 503 });
  }
}



/**
 * Issue 12: the action of the general contact form on /contact-us, /contact and location pages
 * (the 'general-enquiry' lead form; a location page sends its location_id).
 */
export function contactFormAction(request: Request, context: { get: <T>(c: RouterContext<T>) => T }) {
  const info = context.get(requestInfoContext);
  return leadFormAction(context.get(dbContext), context.get(siteContext), request, "general-enquiry", { now: info.now, clientIp: info.clientIp ?? null });
}
