/**
 * Forecourt's own stock feed format: one record per stock item. It is the column set of a
 * Forecourt CSV feed (header row with these names) and the key set of a JSON feed (an array of
 * objects, or `{ "cars": [...] }`). See docs/stock-import.md.
 *
 * Units: money in whole AUD dollars, km, L/100km, litres for engine size, feet for caravan
 * body length/width (as dealers quote them), kg for weights. Dates ISO `YYYY-MM-DD`.
 */
import { parsePriceBasis } from "~/domain/display/price-wording";
import { z } from "zod";

const emptyToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

const optText = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : emptyToNull(v)),
  z.string().max(2000).nullable(),
).default(null);

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

const list = z
  .preprocess((v) => {
    if (Array.isArray(v)) return v;
    const e = emptyToNull(v);
    if (e === null) return [];
    return String(e)
      .split("|")
      .map((s) => s.trim())
      .filter(Boolean);
  }, z.array(z.string()))
  .default([]);

/** An absolute http(s) URL; anything else (javascript:, data:, relative paths) is refused. */
const httpUrl = (field: string) =>
  z.string().refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "http:" || url.protocol === "https:") && v.length <= 2000;
    } catch {
      return false;
    }
  }, `${field}: only http(s) URLs are accepted`);

const isoDate = z
  .preprocess(emptyToNull, z.string().regex(/^\d{4}-\d{2}-\d{2}/, "a date like 2026-03-31").nullable())
  .default(null);

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
  const raw: unknown[] = Array.isArray(e) ? e : String(e).split(/[|\n\s]+/);
  const urls: string[] = [];
  for (const [i, item] of raw.entries()) {
    const text = typeof item === "string" ? item.trim() : item && typeof item === "object" && typeof (item as { url?: unknown }).url === "string" ? (item as { url: string }).url.trim() : null;
    if (text === null) return { ok: false, message: `images: entry ${i + 1} is not a URL` };
    if (text === "") continue;
    const isPath = text.startsWith("/") && !text.startsWith("//");
    let isHttp = false;
    try {
      const u = new URL(text);
      isHttp = (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
    } catch {
      isHttp = false;
    }
    if (!isPath && !isHttp) return { ok: false, message: `images: entry ${i + 1} must be an http(s) URL or a path starting with / (got "${text.slice(0, 80)}")` };
    if (text.length > 2000) return { ok: false, message: `images: entry ${i + 1} is longer than 2000 characters` };
    if (!urls.includes(text)) urls.push(text);
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

export const StockRecordSchema = z.object({
  /** The dealer's stock number: the upsert key within a site. */
  stock_number: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().trim().min(1, "stock_number is required").max(40)),
  vin: optText,
  rego: optText,
  rego_expiry: isoDate,
  car_type: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["new", "demo", "used"], { message: "car_type must be new, demo or used" }),
  ),
  item_type: z.preprocess((v) => emptyToNull(v) ?? "car", z.string().trim().toLowerCase()),
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
  preorder: bool(false),
  km: optInt(0, 5_000_000),
  colour: optText,
  interior_colour: optText,
  body: optText,
  fuel: optText,
  drive: optText,
  transmission: optText,
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
  /** Photo URLs in feed order, http(s) or site paths only (issue 16 defect 5: `javascript:` reached og:image; issue 17: lists). */
  images: imageList,
  /** Brochure or document URL, http(s) only. */
  file: optText.pipe(httpUrl("file").nullable()),
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
