/**
 * The fields of the console's car editor (issue 49 item 1): one descriptor per editable Car column
 * the feed carries (spec 3 "Car"; app/import/stock-record.ts), grouped in the sections the page
 * shows. The page renders from these descriptors and the server validates with
 * {@link carEditSchema}, built from the same list, so a field cannot be shown without its rule.
 * Money is whole dollars; distance km; engine litres; fuel L/100km; dates are days (YYYY-MM-DD).
 */
import { z } from "zod";
import { FEED_LIST_ITEM_MAX_CHARS, FEED_LIST_MAX_ITEMS, NVIC_PATTERN, VIN_PATTERN } from "~/import/stock-record";
import { CALENDAR_YEARS, isCalendarDate } from "~/domain/text/calendar-date";
import { MAX_DB_ID } from "~/domain/db-id";

/** The car statuses a dealer chooses from (spec 3: in_stock, coming_soon, sold and others). */
export const CAR_STATUSES = ["in_stock", "coming_soon", "sold", "withdrawn"] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];
export const STATUS_LABELS: Record<CarStatus, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold", withdrawn: "Withdrawn" };
export const CAR_TYPES = ["new", "demo", "used"] as const;
export const CAR_TYPE_LABELS: Record<(typeof CAR_TYPES)[number], string> = { new: "New", demo: "Demo", used: "Used" };

/** How a field is typed and checked. */
export type CarFieldKind =
  | { kind: "text"; max: number; required?: boolean; pattern?: { regex: RegExp; message: string }; upper?: boolean }
  | { kind: "textarea"; max: number }
  /** One entry per line (features, standard equipment). */
  | { kind: "lines"; max: number }
  /** Whole dollars, 0 to max; empty is "no price". */
  | { kind: "money"; max: number }
  | { kind: "whole"; min: number; max: number; unit?: string; required?: boolean }
  | { kind: "decimal"; min: number; max: number; unit: string }
  | { kind: "bool" }
  | { kind: "date" }
  | { kind: "month" }
  | { kind: "select"; options: readonly { value: string; label: string }[]; required?: boolean }
  /** The site's locations (within the member's reach), chosen by id. */
  | { kind: "location" };

/** One editable field: the cars column (drizzle property) it writes, its label and its rule. */
export type CarField = { name: CarFieldName; label: string; help?: string } & CarFieldKind;

export type CarFieldName =
  | "price" | "beforePrice" | "offerPrice" | "subscriptionPrice" | "priceType" | "priceBasis" | "preorder"
  | "status" | "soldAt" | "reserved" | "showOnDealerWebsite" | "certified" | "tag" | "locationId"
  | "vin" | "nvic" | "rego" | "regoExpiry" | "carType" | "itemType" | "make" | "model" | "series" | "badge" | "year"
  | "km" | "colour" | "interiorColour" | "bodyConfiguration" | "fuel" | "drive" | "transmission" | "trans" | "gearNum"
  | "seats" | "doors" | "cylinders" | "engineSizeLitres" | "fuelConsumptionCombined" | "buildDate" | "complianceDate"
  | "dealerComments" | "carsalesTitle" | "features" | "standardEquipment";

const options = <T extends string>(labels: Record<T, string>) => Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

/** The editor's sections, in page order. */
export const CAR_FIELD_SECTIONS: readonly { title: string; fields: readonly CarField[] }[] = [
  {
    title: "Price",
    fields: [
      { name: "price", label: "Price (whole dollars)", kind: "money", max: 10_000_000, help: "Leave empty to show the site's no-price text." },
      { name: "beforePrice", label: "Before price (whole dollars)", kind: "money", max: 10_000_000, help: "Shown struck through beside the price." },
      { name: "offerPrice", label: "Offer price (whole dollars)", kind: "money", max: 10_000_000 },
      { name: "subscriptionPrice", label: "Subscription price a week (whole dollars)", kind: "money", max: 100_000 },
      { name: "priceType", label: "Price type", kind: "text", max: 40, help: "As the portals send it, e.g. Drive Away or Negotiable." },
      { name: "priceBasis", label: "Price basis", kind: "select", options: [{ value: "", label: "The site's default" }, { value: "drive_away", label: "Drive away" }, { value: "excl_govt_charges", label: "Excl. government charges" }] },
      { name: "preorder", label: "Pre-order", kind: "bool" },
    ],
  },
  {
    title: "Status and website",
    fields: [
      { name: "status", label: "Status", kind: "select", options: options(STATUS_LABELS), required: true, help: "A sold car stays on the site as SOLD for the site's include-sold days, then leaves it." },
      { name: "soldAt", label: "Sold date", kind: "date", help: "For a sold car; empty: today when it is marked sold." },
      { name: "reserved", label: "Reserved", kind: "bool" },
      { name: "showOnDealerWebsite", label: "Show on website", kind: "bool" },
      { name: "certified", label: "Certified", kind: "bool" },
      { name: "tag", label: "Tag", kind: "text", max: 60, help: "Free text such as Test Drive Only." },
      { name: "locationId", label: "Location", kind: "location" },
    ],
  },
  {
    title: "The car",
    fields: [
      { name: "carType", label: "Car type", kind: "select", options: options(CAR_TYPE_LABELS), required: true },
      { name: "itemType", label: "Item type", kind: "text", max: 40, required: true, help: "car, or e.g. caravan." },
      { name: "make", label: "Make", kind: "text", max: 60, required: true },
      { name: "model", label: "Model", kind: "text", max: 80, required: true },
      { name: "series", label: "Series", kind: "text", max: 80 },
      { name: "badge", label: "Badge", kind: "text", max: 80 },
      { name: "year", label: "Year", kind: "whole", min: 1900, max: 2100, required: true },
      { name: "vin", label: "VIN", kind: "text", max: 17, upper: true, pattern: { regex: VIN_PATTERN, message: "A VIN is 17 letters and digits, without I, O or Q." } },
      { name: "nvic", label: "NVIC", kind: "text", max: 6, upper: true, pattern: { regex: NVIC_PATTERN, message: "An NVIC is 6 letters and digits." } },
      { name: "rego", label: "Rego", kind: "text", max: 20 },
      { name: "regoExpiry", label: "Rego expiry", kind: "date" },
      { name: "km", label: "Odometer", kind: "whole", min: 0, max: 5_000_000, unit: "km" },
      { name: "colour", label: "Colour", kind: "text", max: 60 },
      { name: "interiorColour", label: "Interior colour", kind: "text", max: 60 },
      { name: "bodyConfiguration", label: "Body", kind: "text", max: 80 },
      { name: "fuel", label: "Fuel", kind: "text", max: 60 },
      { name: "drive", label: "Drive", kind: "text", max: 40 },
      { name: "transmission", label: "Transmission", kind: "text", max: 60 },
      { name: "trans", label: "Transmission as the feed describes it", kind: "text", max: 60 },
      { name: "gearNum", label: "Gears", kind: "whole", min: 1, max: 12 },
      { name: "seats", label: "Seats", kind: "whole", min: 1, max: 60 },
      { name: "doors", label: "Doors", kind: "whole", min: 1, max: 8 },
      { name: "cylinders", label: "Cylinders", kind: "whole", min: 0, max: 16 },
      { name: "engineSizeLitres", label: "Engine size", kind: "decimal", min: 0, max: 20, unit: "L" },
      { name: "fuelConsumptionCombined", label: "Fuel consumption (combined)", kind: "decimal", min: 0, max: 100, unit: "L/100km" },
      { name: "buildDate", label: "Build date (YYYY-MM)", kind: "month" },
      { name: "complianceDate", label: "Compliance date (YYYY-MM)", kind: "month" },
    ],
  },
  {
    title: "Description",
    fields: [
      { name: "carsalesTitle", label: "Listing title", kind: "text", max: 200 },
      { name: "dealerComments", label: "Dealer comments", kind: "textarea", max: 2000 },
      { name: "features", label: "Features (one a line)", kind: "lines", max: FEED_LIST_MAX_ITEMS },
      { name: "standardEquipment", label: "Standard equipment (one a line)", kind: "lines", max: FEED_LIST_MAX_ITEMS },
    ],
  },
];

/** Every editable field, in page order. */
export const CAR_FIELDS: readonly CarField[] = CAR_FIELD_SECTIONS.flatMap((s) => s.fields);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const grouped = (n: number) => n.toLocaleString("en-AU");

/** The zod rule of one field; every message reads as a sentence beside the field. */
function ruleOf(field: CarField): z.ZodType {
  const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
  switch (field.kind) {
    case "text": {
      let s = z.string().max(field.max, `${field.label} takes at most ${field.max} characters.`);
      if (field.pattern) s = s.regex(field.pattern.regex, field.pattern.message);
      const base = z.preprocess((v) => (blank(v) ? null : field.upper ? String(trimmed(v)).toUpperCase() : trimmed(v)), s.nullable());
      return field.required ? base.refine((v) => v !== null, `Enter the ${field.label.toLowerCase()}.`) : base;
    }
    case "textarea":
      return z.preprocess((v) => (blank(v) ? null : String(v).replace(/\r\n/g, "\n").trim()), z.string().max(field.max, `${field.label} takes at most ${grouped(field.max)} characters.`).nullable());
    case "lines":
      return z.preprocess(
        (v) => (blank(v) ? [] : String(v).split(/\r?\n/).map((l) => l.trim()).filter(Boolean)),
        z.array(z.string().max(FEED_LIST_ITEM_MAX_CHARS, `Each line takes at most ${FEED_LIST_ITEM_MAX_CHARS} characters.`)).max(field.max, `At most ${field.max} lines.`),
      );
    case "money":
      return z.preprocess(
        (v) => (blank(v) ? null : Number(String(v).replace(/[$,\s]/g, ""))),
        z
          .number({ error: `Enter ${field.label.toLowerCase().replace(/ \(whole dollars\)/, "")} as a number of dollars, like 29990.` })
          .refine((n) => Number.isFinite(n), "Enter a number of dollars, like 29990.")
          .refine((n) => n >= 0, `A price cannot be negative: enter 0 or more, or leave it empty for no price.`)
          .refine((n) => Number.isInteger(n), "Enter whole dollars, without cents.")
          .refine((n) => n <= field.max, `Enter at most $${grouped(field.max)}.`)
          .nullable(),
      );
    case "whole":
    case "decimal": {
      const unit = field.unit ? ` ${field.unit}` : "";
      const range = `from ${grouped(field.min)} to ${grouped(field.max)}${unit}`;
      const base = z.preprocess(
        (v) => (blank(v) ? null : Number(String(v).replace(/,/g, ""))),
        z
          .number({ error: `Enter a number ${range}.` })
          .refine((n) => Number.isFinite(n), `Enter a number ${range}.`)
          .refine((n) => field.kind === "decimal" || Number.isInteger(n), "Enter a whole number.")
          .refine((n) => n >= field.min && n <= field.max, `Enter a number ${range}.`)
          .nullable(),
      );
      return field.kind === "whole" && field.required ? base.refine((v) => v !== null, `Enter the ${field.label.toLowerCase()}.`) : base;
    }
    case "bool":
      // A checkbox posts "on" when ticked and nothing when not.
      return z.preprocess((v) => v === "on" || v === "true", z.boolean());
    case "date":
      return z.preprocess(
        (v) => (blank(v) ? null : trimmed(v)),
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date like 2026-11-29.")
          .refine((s) => isCalendarDate(s, true), `Enter a real date, in the years ${CALENDAR_YEARS.min} to ${CALENDAR_YEARS.max}.`)
          .nullable(),
      );
    case "month":
      // As the feed's columns: a year and month, or (the feed's compliance dates) a day that exists.
      return z.preprocess(
        (v) => (blank(v) ? null : trimmed(v)),
        z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, "Enter a year and month like 2024-07.")
          .refine((s) => isCalendarDate(s.length === 7 ? `${s}-01` : s, true), `Enter a year and month like 2024-07 (or a day that exists), in the years ${CALENDAR_YEARS.min} to ${CALENDAR_YEARS.max}.`)
          .nullable(),
      );
    case "select": {
      const values = field.options.map((o) => o.value);
      // Conform posts an empty choice as undefined.
      return z
        .string()
        .optional()
        .transform((v) => v ?? "")
        .refine((v) => values.includes(v), `Choose one of the listed ${field.label.toLowerCase()} values.`);
    }
    case "location":
      return z.preprocess((v) => (blank(v) ? null : Number(v)), z.number({ error: "Choose a location from the list." }).int().positive().max(MAX_DB_ID, "Choose a location from the list.").nullable());
  }
}

/** The car editor's schema: one rule per field of {@link CAR_FIELDS}. */
export const carEditSchema = z.object(Object.fromEntries(CAR_FIELDS.map((f) => [f.name, ruleOf(f)])) as Record<CarFieldName, z.ZodType>);

/** A validated edit: the value of every field (null: empty). */
export type CarEdit = Record<CarFieldName, unknown>;
