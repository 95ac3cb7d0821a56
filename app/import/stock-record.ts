/**
 * Forecourt's own stock feed format: one record per stock item. It is the column set of a
 * Forecourt CSV feed (header row with these names) and the key set of a JSON feed (an array of
 * objects, or `{ "cars": [...] }`). See docs/stock-import.md.
 *
 * Units: money in whole AUD dollars, km, L/100km, litres for engine size, feet for caravan
 * body length/width (as dealers quote them), kg for weights. Dates ISO `YYYY-MM-DD`.
 */
import { parsePriceBasis } from "~/domain/display/price-wording";
import { wholeNumberText } from "~/domain/display/number-text";
import { CALENDAR_YEARS, isCalendarDate } from "~/domain/text/calendar-date";
import { z } from "zod";

const emptyToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;
/** A string trimmed, or null when empty; other values as {@link emptyToNull}. */
const trimmedOrNull = (value: unknown) => (typeof value === "string" ? emptyToNull(value.trim()) : emptyToNull(value));

const optText = z.preprocess(trimmedOrNull, z.string().max(2000).nullable()).default(null);

const optInt = (min: number, max: number) =>
  z
    .preprocess((v) => {
      const e = emptyToNull(v);
      if (typeof e === "string") return Number(e.replace(/[,$\s]/g, ""));
      return e;
    }, z.number().int().min(min).max(max).nullable())
    .default(null);

const optNumber = (min: number, max: number) =>
  z
    .preprocess((v) => {
      const e = emptyToNull(v);
      return typeof e === "string" ? Number(e.replace(/[,\s]/g, "")) : e;
    }, z.number().min(min).max(max).nullable())
    .default(null);

const bool = (fallback: boolean) =>
  z
    .preprocess((v) => {
      const e = emptyToNull(v);
      if (e === null) return fallback;
      if (typeof e === "string") return ["true", "yes", "y", "1"].includes(e.toLowerCase());
      return e;
    }, z.boolean())
    .default(fallback);

/**
 * The most items a features or standard-equipment list may hold, and the most characters one item
 * may have, in a feed and in the console's car form alike (a car a feed gave must stay savable in
 * the form). Far above any maker's list (the demo feeds' longest is 8 items of 37 characters);
 * without them one 4 MB cell was split into millions of strings per row.
 */
export const FEED_LIST_MAX_ITEMS = 200;
export const FEED_LIST_ITEM_MAX_CHARS = 200;
/** The list limits as a rejection reason states them (made once, not per row). */
const LIST_LIMIT_TEXT = `at most ${wholeNumberText(FEED_LIST_MAX_ITEMS)} items of at most ${wholeNumberText(FEED_LIST_ITEM_MAX_CHARS)} characters`;

/**
 * A features or standard-equipment list: CSV `|`-separated (items trimmed, empty ones dropped), or
 * a JSON array of strings. More than {@link FEED_LIST_MAX_ITEMS} items, or an item over
 * {@link FEED_LIST_ITEM_MAX_CHARS} characters, rejects the row; a cell too long to hold a valid
 * list is refused before it is split.
 */
const list = z
  .unknown()
  .optional()
  .transform((v, ctx): string[] => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const e = emptyToNull(v);
    if (e === null) return [];
    let items: unknown[];
    if (Array.isArray(e)) {
      if (e.length > FEED_LIST_MAX_ITEMS) return refuse(`${LIST_LIMIT_TEXT}; this list has ${wholeNumberText(e.length)} items`);
      items = e;
    } else {
      const text = String(e);
      if (text.length > FEED_LIST_MAX_ITEMS * (FEED_LIST_ITEM_MAX_CHARS + 1)) return refuse(`${LIST_LIMIT_TEXT}; this cell has ${wholeNumberText(text.length)} characters`);
      items = text
        .split("|")
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length > FEED_LIST_MAX_ITEMS) return refuse(`${LIST_LIMIT_TEXT}; this list has ${wholeNumberText(items.length)} items`);
    }
    for (const [i, item] of items.entries()) {
      if (typeof item !== "string") return refuse(`item ${i + 1} is not text`);
      if (item.length > FEED_LIST_ITEM_MAX_CHARS) return refuse(`item ${i + 1} is longer than ${wholeNumberText(FEED_LIST_ITEM_MAX_CHARS)} characters`);
    }
    return items as string[];
  });

/** An absolute http(s) URL; anything else (javascript:, data:, relative paths) is refused. */
const httpUrl = () =>
  z.string().refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "http:" || url.protocol === "https:") && v.length <= 2000;
    } catch {
      return false;
    }
  }, "only http(s) URLs are accepted");

/** A date, or date and time, in ISO 8601 (a real day: `2026-02-30` is refused, not moved to March). */
const isoDate = z
  .preprocess(
    trimmedOrNull,
    z
      .string()
      .max(40, "a date like 2026-03-31")
      .refine((v) => isCalendarDate(v), `a real date like 2026-03-31, years ${CALENDAR_YEARS.min}-${CALENDAR_YEARS.max}`)
      .nullable(),
  )
  .default(null);

/**
 * The most photo URLs a feed row may give (after duplicates are dropped), and the longest URL.
 * Well above the console's 40 photos a car and any portal's limit; a row over it is rejected, not
 * cut short, so no photo is dropped without the dealer seeing why.
 */
export const FEED_IMAGES_MAX = 200;
export const FEED_IMAGE_URL_MAX_CHARS = 2000;
/** The photo limit as a rejection reason states it (made once, not per row). */
const IMAGES_LIMIT_TEXT = `at most ${wholeNumberText(FEED_IMAGES_MAX)} photos`;

/**
 * Issue 17: a car's photo URLs in the feed's order. CSV: one cell, URLs separated by `|`, new
 * lines or spaces; JSON: an array of strings (or of `{ "url": "..." }`). Each must be an
 * absolute http(s) URL or a path on the site starting with `/`; anything else (javascript:,
 * data:, ftp:, relative paths) rejects the row with its position. Duplicates are dropped, the
 * first one kept.
 */
export function parseImageUrls(value: unknown): { ok: true; urls: string[] } | { ok: false; message: string } {
  const e = emptyToNull(value);
  if (e === null) return { ok: true, urls: [] };
  if (Array.isArray(e) && e.length > FEED_IMAGES_MAX) return { ok: false, message: `${IMAGES_LIMIT_TEXT}; this list has ${wholeNumberText(e.length)}` };
  // A cell longer than the most photos' longest URLs cannot be valid: refused before it is split.
  if (!Array.isArray(e) && String(e).length > FEED_IMAGES_MAX * (FEED_IMAGE_URL_MAX_CHARS + 1)) return { ok: false, message: `${IMAGES_LIMIT_TEXT}; this cell has ${wholeNumberText(String(e).length)} characters` };
  const raw: unknown[] = Array.isArray(e) ? e : String(e).split(/[|\n\s]+/);
  const urls: string[] = [];
  // A set, not a search of the list, to drop duplicates: a cell of thousands of URLs took seconds.
  const seen = new Set<string>();
  for (const [i, item] of raw.entries()) {
    const text = typeof item === "string" ? item.trim() : item && typeof item === "object" && typeof (item as { url?: unknown }).url === "string" ? (item as { url: string }).url.trim() : null;
    if (text === null) return { ok: false, message: `entry ${i + 1} is not a URL` };
    if (text === "" || seen.has(text)) continue;
    const isPath = text.startsWith("/") && !text.startsWith("//");
    let isHttp = false;
    try {
      const u = new URL(text);
      isHttp = (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
    } catch {
      isHttp = false;
    }
    if (!isPath && !isHttp) return { ok: false, message: `entry ${i + 1} must be an http(s) URL or a path starting with / (got "${text.slice(0, 80)}")` };
    if (text.length > FEED_IMAGE_URL_MAX_CHARS) return { ok: false, message: `entry ${i + 1} is longer than ${wholeNumberText(FEED_IMAGE_URL_MAX_CHARS)} characters` };
    seen.add(text);
    urls.push(text);
    if (urls.length > FEED_IMAGES_MAX) return { ok: false, message: `${IMAGES_LIMIT_TEXT}; this list has more` };
  }
  return { ok: true, urls };
}

const imageList = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const parsed = parseImageUrls(v);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.urls;
  });

/**
 * Issue 52: a measured quantity in a stated unit (spec 9 units: mm, kg, L, Nm, stars). The cell
 * may repeat the unit ("2,140 kg", "55 L", "5 stars"); any other text, a fraction where a whole
 * number is needed, or a value outside [min, max] rejects the row naming the unit and range, so a
 * feed in metres or tonnes is caught rather than stored 1,000 times too small.
 */
const measure = (unit: string, min: number, max: number, whole = true, aliases: readonly string[] = []) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const e = emptyToNull(v);
      if (e === null) return null;
      let text = typeof e === "number" ? String(e) : typeof e === "string" ? e.trim() : "";
      const suffix = /^(.*?)\s*([a-z*-]+)\.?$/i.exec(text);
      if (suffix && [unit, ...aliases].some((u) => u.toLowerCase() === suffix[2].toLowerCase())) text = suffix[1];
      const n = text === "" ? Number.NaN : Number(text.replace(/[,\s]/g, ""));
      if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${whole ? "a whole number" : "a number"} of ${unit} from ${wholeNumberText(min)} to ${wholeNumberText(max)} (got "${String(e).slice(0, 40)}")`,
        });
        return z.NEVER;
      }
      return n;
    });

/** Issue 52: ISO 3779 VIN, 17 letters and digits without I, O or Q (they read as 1 and 0). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** Issue 52: an NVIC (Glass's National Vehicle Identification Code), 6 letters and digits. */
export const NVIC_PATTERN = /^[A-Z0-9]{6}$/;

/** Upper-cased code checked against a pattern; empty is null. */
const code = (pattern: RegExp, describe: (value: string) => string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const e = emptyToNull(v);
      if (e === null) return null;
      const value = String(e).trim().toUpperCase().replace(/[\s-]/g, "");
      if (!pattern.test(value)) {
        ctx.addIssue({ code: "custom", message: describe(String(e).trim().slice(0, 40)) });
        return z.NEVER;
      }
      return value;
    });

const describeVin = (value: string) => {
  const cleaned = value.toUpperCase().replace(/[\s-]/g, "");
  const bad = cleaned.match(/[IOQ]/);
  return `a VIN is 17 characters, letters and digits without I, O or Q (got "${value}": ${
    bad ? `contains ${bad[0]}` : cleaned.length !== 17 ? `${cleaned.length} characters` : "characters other than letters and digits"
  })`;
};

/**
 * Issue 52: a year and month (build date, compliance plate), `YYYY-MM`; `YYYY-MM-DD` is also taken
 * and keeps its day. Month 01-12, year 1900-2100.
 */
const yearMonth = (allowDay: boolean) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const e = emptyToNull(v);
      if (e === null) return null;
      const text = String(e).trim();
      const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
      // A day, where allowed, must exist in its month: 2021-02-30 is a typing error, not 2 March.
      const ok = m && Number(m[1]) >= CALENDAR_YEARS.min && Number(m[1]) <= CALENDAR_YEARS.max && Number(m[2]) >= 1 && Number(m[2]) <= 12 && (!m[3] || (allowDay && isCalendarDate(text, true)));
      if (!ok) {
        ctx.addIssue({ code: "custom", message: `a year and month like 2021-03${allowDay ? " (or a date like 2021-03-15)" : ""} (got "${text.slice(0, 40)}")` });
        return z.NEVER;
      }
      return text;
    });

const optBool = z
  .preprocess((v) => {
    const e = emptyToNull(v);
    if (typeof e === "string") return ["true", "yes", "y", "1"].includes(e.toLowerCase()) ? true : ["false", "no", "n", "0"].includes(e.toLowerCase()) ? false : e;
    return e;
  }, z.boolean({ message: "true/false, yes/no or 1/0" }).nullable())
  .default(null);

const shortText = (max: number) =>
  z.preprocess(trimmedOrNull, z.string().max(max, `at most ${max} characters`).nullable()).default(null);

export const StockRecordSchema = z.object({
  /** The dealer's stock number: the upsert key within a site. */
  stock_number: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().trim().min(1, "stock_number is required").max(40)),
  /** Issue 52: 17 characters without I, O or Q; stored upper case. */
  vin: code(VIN_PATTERN, describeVin),
  /** Issue 52: Glass's code, 6 letters and digits. */
  nvic: code(NVIC_PATTERN, (v) => `an NVIC is 6 letters and digits (got "${v}")`),
  /** Issue 52: the car has an NVIC; empty means "when nvic is given". */
  has_nvic: optBool,
  rego: optText,
  rego_expiry: isoDate,
  car_type: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["new", "demo", "used"], { message: "car_type must be new, demo or used" }),
  ),
  item_type: z.preprocess((v) => emptyToNull(v) ?? "car", z.string().trim().toLowerCase().max(40, "at most 40 characters")),
  status: z.preprocess(
    (v) => emptyToNull(v) ?? "in_stock",
    z.enum(["in_stock", "coming_soon", "sold"], { message: "status must be in_stock, coming_soon or sold" }),
  ),
  make: z.string().trim().min(1, "make is required").max(60),
  model: z.string().trim().min(1, "model is required").max(80),
  badge: optText,
  series: optText,
  year: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === "" ? "year is required" : "year must be a number") })
      .int("year must be a whole number")
      .min(1900, "year must be between 1900 and 2100")
      .max(2100, "year must be between 1900 and 2100"),
  ),
  price: optInt(0, 10_000_000),
  before_price: optInt(0, 10_000_000),
  subscription_price: optInt(0, 100_000),
  /** Issue 52: a special offer price, whole dollars. */
  offer_price: optInt(0, 10_000_000),
  /** Issue 52: the dealer's price type as the portals send it (e.g. 'Drive Away', 'Negotiable'). */
  price_type: shortText(40),
  preorder: bool(false),
  km: optInt(0, 5_000_000),
  colour: optText,
  interior_colour: optText,
  body: optText,
  fuel: optText,
  drive: optText,
  transmission: optText,
  /** Issue 52: the feed's own transmission description (spec 3 'trans'), e.g. '8 SP AUTOMATIC'. */
  trans: shortText(60),
  /** Issue 52: number of gears. */
  gear_num: measure("gears", 1, 12, true, ["speed", "sp", "gear"]),
  /** Issue 52: e.g. 'Sports Automatic Dual Clutch'. */
  gear_type: shortText(60),
  /** Issue 52: e.g. 'Turbo', 'Naturally Aspirated'. */
  induction: shortText(40),
  /** Issue 52: fuel tank, litres. */
  fuel_capacity: measure("L", 1, 2000, false),
  /** Issue 52: kg. */
  gross_vehicle_mass: measure("kg", 300, 50_000),
  /** Issue 52: mm. */
  vehicle_length: measure("mm", 1000, 30_000),
  vehicle_height: measure("mm", 500, 5000),
  vehicle_width: measure("mm", 500, 3000),
  /** Issue 52: kg. */
  towing_capacity_braked: measure("kg", 0, 50_000),
  /** Issue 52: Nm. */
  torque: measure("Nm", 1, 5000),
  /** Issue 52: ANCAP safety rating, stars 0-5. */
  ancap_rating: measure("stars", 0, 5, true, ["star", "*"]),
  /** Issue 52: year and month of build, YYYY-MM. */
  build_date: yearMonth(false),
  /** Issue 52: compliance plate date, YYYY-MM (or YYYY-MM-DD). */
  compliance_date: yearMonth(true),
  seats: optInt(1, 60),
  doors: optInt(1, 8),
  cylinders: optInt(0, 16),
  engine_size_litres: optNumber(0, 20),
  fuel_consumption: optNumber(0, 100),
  certified: bool(false),
  reserved: bool(false),
  /** When the car was first listed (drives the just-arrived tag); defaults to the import time. */
  listed_date: isoDate,
  tag: optText,
  /** Issue 17: 'drive away' or 'excl. government charges' (also DAP, EGC); empty: the site's default. */
  price_basis: z.unknown().optional().transform((v, ctx) => {
    const basis = parsePriceBasis(v);
    if (basis === undefined) {
      ctx.addIssue({ code: "custom", message: "price_basis must be 'drive away' or 'excl. government charges'" });
      return z.NEVER;
    }
    return basis;
  }),
  dealer_comments: optText,
  features: list,
  /** Issue 52: the maker's standard equipment, `|`-separated in CSV or a JSON array. */
  standard_equipment: list,
  /** Issue 52: the listing title used on the portals (carsales). */
  carsales_title: shortText(200),
  /** Photo URLs in feed order, http(s) or site paths only (issue 16 defect 5: `javascript:` reached og:image; issue 17: lists). */
  images: imageList,
  /** Brochure or document URL, http(s) only. */
  file: optText.pipe(httpUrl().nullable()),
  sold_date: isoDate,
  show_on_dealer_website: bool(true),
  /** Location slug within the site; when empty the importer picks the nearest sales location. */
  location_slug: optText,
  /** Where the car was listed (suburb, state, postcode), for location assignment. */
  listing_suburb: optText,
  listing_state: optText,
  listing_postcode: optText,
  body_length_ft: optNumber(0, 100),
  body_width_ft: optNumber(0, 20),
  tare_weight_kg: optInt(0, 20_000),
  atm_kg: optInt(0, 20_000),
  axle_type: optText,
  sleeps: optInt(0, 20),
});

/** A validated, cleaned stock record ready to upsert. */
export type StockRecord = z.infer<typeof StockRecordSchema>;

/** The documented CSV column order of a Forecourt feed. */
export const STOCK_RECORD_COLUMNS = Object.keys(StockRecordSchema.shape) as (keyof StockRecord)[];
