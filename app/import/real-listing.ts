/**
 * Cleans one record of the real "Australian Vehicle Prices" data set (data/README.md) into
 * Forecourt's own stock record shape. Pure: no I/O.
 *
 * Defects handled (data/README.md, SOURCES.md): `-`, `- / -` and `nan` mean missing; `POA` and
 * blank prices become "no price" (the site's no-price text shows); makes split in two
 * (`Land`/`Rover` with the model only in `Title`); leading spaces (`" 4 Doors"`); seat counts in
 * the Doors column; masked phone numbers and dealer names in `Car/Suv` (never published);
 * `0 L` cylinders for EVs; `AU-VIC` locations.
 */
import { canonicalModelName, dropRepeatedModelTail } from "./model-names";
import { createHash } from "node:crypto";

/** The 19 columns of the real data set. */
export const REAL_LISTING_COLUMNS = [
  "Brand", "Year", "Model", "Car/Suv", "Title", "UsedOrNew", "Transmission", "Engine", "DriveType",
  "FuelType", "FuelConsumption", "Kilometres", "ColourExtInt", "Location", "CylindersinEngine",
  "BodyType", "Doors", "Seats", "Price",
] as const;
export type RealListing = Record<(typeof REAL_LISTING_COLUMNS)[number], string>;

/** Two-word makes the data set splits across Brand and Model. */
const SPLIT_MAKES: Record<string, string> = {
  "alfa romeo": "Alfa Romeo",
  "aston martin": "Aston Martin",
  "land rover": "Land Rover",
  "great wall": "Great Wall",
};

/** Known body types in `Car/Suv`, used only when `BodyType` is blank. */
const BODY_TYPES = new Set(["SUV", "Hatchback", "Ute / Tray", "Sedan", "Wagon", "Commercial", "Coupe", "Convertible", "People Mover"]);

export type CleanResult =
  | { ok: true; record: Record<string, unknown>; fixes: string[] }
  | { ok: false; reason: string };

/** Missing-value markers of the data set. */
export function isMissing(value: string | undefined | null): boolean {
  if (value === undefined || value === null) return true;
  const v = value.trim();
  return v === "" || v === "-" || v === "- / -" || v.toLowerCase() === "nan";
}

function clean(value: string | undefined): string | null {
  return isMissing(value) ? null : value!.trim();
}

/** "4 cyl, 2.2 L" -> { cylinders: 4, litres: 2.2 }. */
export function parseEngine(engine: string | undefined): { cylinders: number | null; litres: number | null } {
  const v = clean(engine);
  if (!v) return { cylinders: null, litres: null };
  const cyl = /(\d+)\s*cyl/i.exec(v);
  const litres = /([\d.]+)\s*L\b/i.exec(v);
  return { cylinders: cyl ? Number(cyl[1]) : null, litres: litres ? Number(litres[1]) : null };
}

/** "8.7 L / 100 km" -> 8.7 (L/100km). */
export function parseFuelConsumption(value: string | undefined): number | null {
  const v = clean(value);
  if (!v) return null;
  const m = /([\d.]+)\s*L\s*\/\s*100\s*km/i.exec(v);
  return m ? Number(m[1]) : null;
}

/** " 7 Seats" -> 7; " 4 Doors" -> 4; returns which unit was found. */
export function parseCount(value: string | undefined): { n: number; unit: "doors" | "seats" } | null {
  const v = clean(value);
  if (!v) return null;
  const m = /^(\d+)\s*(Doors?|Seats?)$/i.exec(v);
  if (!m) return null;
  return { n: Number(m[1]), unit: m[2].toLowerCase().startsWith("door") ? "doors" : "seats" };
}

/** "Caringbah, NSW" -> { suburb, state }; "AU-VIC" -> { suburb: null, state: "VIC" }. */
export function parseLocation(value: string | undefined): { suburb: string | null; state: string | null } {
  const v = clean(value);
  if (!v) return { suburb: null, state: null };
  const au = /^AU-([A-Z]{2,3})$/.exec(v);
  if (au) return { suburb: null, state: au[1] };
  const idx = v.lastIndexOf(",");
  if (idx < 0) return { suburb: v, state: null };
  return { suburb: v.slice(0, idx).trim() || null, state: v.slice(idx + 1).trim().toUpperCase() || null };
}

/** Stable stock number for a listing that has none: "AVP-" + 10 hex of the record's hash. */
export function stockNumberFor(raw: RealListing): string {
  const key = REAL_LISTING_COLUMNS.map((c) => raw[c] ?? "").join("\u001f");
  return `AVP-${createHash("sha1").update(key).digest("hex").slice(0, 10).toUpperCase()}`;
}

/**
 * Finds make, model and badge from the split columns and the title.
 * @param knownModels models per make (lower-case make -> model names), for the longest-prefix match
 */
export function resolveMakeModel(
  raw: Pick<RealListing, "Brand" | "Model" | "Title" | "Year">,
  knownModels: ReadonlyMap<string, readonly string[]>,
): { make: string; model: string; badge: string | null } | null {
  const brand = clean(raw.Brand);
  const model = clean(raw.Model);
  const title = clean(raw.Title) ?? "";
  if (!brand) return null;
  const joined = SPLIT_MAKES[`${brand} ${model ?? ""}`.toLowerCase()];
  // Remove "YEAR MAKE " from the title to get "MODEL BADGE...".
  const make = joined ?? brand;
  let rest = title;
  const prefix = `${clean(raw.Year) ?? ""} ${make}`.trim();
  if (rest.toLowerCase().startsWith(prefix.toLowerCase())) rest = rest.slice(prefix.length).trim();
  else if (rest.toLowerCase().startsWith(make.toLowerCase())) rest = rest.slice(make.length).trim();
  if (joined) {
    const candidates = [...(knownModels.get(make.toLowerCase()) ?? [])].sort((a, b) => b.length - a.length);
    const found = candidates.find((m) => rest.toLowerCase() === m.toLowerCase() || rest.toLowerCase().startsWith(`${m.toLowerCase()} `));
    const name = found ?? rest.split(/\s+/)[0];
    if (!name) return null;
    const badge = rest.slice(name.length).trim();
    return { make, model: name, badge: badge || null };
  }
  if (!model) return null;
  let badge = rest;
  if (badge.toLowerCase().startsWith(model.toLowerCase())) badge = badge.slice(model.length).trim();
  // Issue 17: the reference's one spelling ('Hiace' -> 'HiAce'; 'Land' + 'Cruiser' -> 'LandCruiser').
  const canonical = canonicalModelName(make, model, badge, knownModels);
  if (canonical.consumed) badge = badge.split(/\s+/).slice(canonical.consumed).join(" ");
  return { make, model: canonical.model, badge: dropRepeatedModelTail(canonical.model, badge || null) };
}

/**
 * Cleans one real-data-set record into the fields of `StockRecordSchema` (still to be validated).
 * @returns `{ ok: false, reason }` for a record that cannot be a listing (empty record, no make,
 *   no model, no year, unknown car type); never throws on bad cell values.
 */
export function cleanRealListing(raw: RealListing, knownModels: ReadonlyMap<string, readonly string[]>): CleanResult {
  if (REAL_LISTING_COLUMNS.every((c) => isMissing(raw[c]))) return { ok: false, reason: "empty record" };
  const names = resolveMakeModel(raw, knownModels);
  if (!names) return { ok: false, reason: "missing make or model" };
  const year = clean(raw.Year);
  if (!year || !/^\d{4}$/.test(year)) return { ok: false, reason: "missing or invalid year" };
  const usedOrNew = (clean(raw.UsedOrNew) ?? "").toUpperCase();
  const carType = usedOrNew === "NEW" ? "new" : usedOrNew === "USED" ? "used" : usedOrNew === "DEMO" ? "demo" : null;
  if (!carType) return { ok: false, reason: `unknown UsedOrNew '${raw.UsedOrNew ?? ""}'` };

  const fixes: string[] = [];
  if (SPLIT_MAKES[`${raw.Brand} ${raw.Model}`.toLowerCase()]) fixes.push("split make repaired");
  const priceText = clean(raw.Price);
  if (!priceText) fixes.push("blank price: no price shown");
  else if (priceText.toUpperCase() === "POA") fixes.push("POA price: no price shown");
  let price: number | null = null;
  if (priceText && priceText.toUpperCase() !== "POA") {
    if (!/^\d+$/.test(priceText)) return { ok: false, reason: `invalid price '${priceText}'` };
    price = Number(priceText);
    if (price < 500) fixes.push("price under $500 kept (looks like junk)");
  }
  const kmText = clean(raw.Kilometres);
  if (kmText !== null && !/^\d+$/.test(kmText)) return { ok: false, reason: `invalid kilometres '${kmText}'` };

  const engine = parseEngine(raw.Engine);
  const cylindersCol = clean(raw.CylindersinEngine);
  // "0 L" marks an EV (no cylinders); "4 cyl" is the usual form.
  const cylinders =
    engine.cylinders ?? (cylindersCol ? (/^0\s*L$/i.test(cylindersCol) ? 0 : (Number(/(\d+)\s*cyl/i.exec(cylindersCol)?.[1]) || null)) : null);

  const doorsCell = parseCount(raw.Doors);
  const seatsCell = parseCount(raw.Seats);
  const seats = seatsCell?.unit === "seats" ? seatsCell.n : doorsCell?.unit === "seats" ? doorsCell.n : null;
  const doors = doorsCell?.unit === "doors" ? doorsCell.n : null;
  if (doorsCell?.unit === "seats") fixes.push("seat count found in Doors column");

  // New-car listings often carry the warranty ("5 years / Unlimited km") in the colour column.
  const colourCell = clean(raw.ColourExtInt);
  const warranty = colourCell && /^\d+\s*years?\s*\/\s*(unlimited|[\d,]+)\s*km$/i.test(colourCell) ? colourCell : null;
  if (warranty) fixes.push("warranty found in colour column");
  const [colour, rawInterior] = warranty ? [null, null] : (raw.ColourExtInt ?? "").split("/").map((s) => clean(s));
  // Some interiors are trim codes or dates ("44Fa20", "2019/04"): not a colour a shopper can use.
  const interior = rawInterior && /\d/.test(rawInterior) ? null : rawInterior;
  const location = parseLocation(raw.Location);
  const carSuv = clean(raw["Car/Suv"]);
  const body = clean(raw.BodyType) ?? (carSuv && BODY_TYPES.has(carSuv) ? carSuv : null);
  if (!clean(raw.BodyType) && body) fixes.push("body type taken from Car/Suv");
  const fuel = clean(raw.FuelType);
  // "NEW Available to order" listings are not on the lot yet: coming soon.
  const status = carSuv?.toUpperCase() === "NEW AVAILABLE TO ORDER" ? "coming_soon" : "in_stock";

  return {
    ok: true,
    fixes,
    record: {
      stock_number: stockNumberFor(raw),
      car_type: carType,
      item_type: "car",
      status,
      make: names.make,
      model: names.model,
      badge: names.badge,
      year: Number(year),
      price,
      km: kmText === null ? null : Number(kmText),
      colour: colour ?? null,
      interior_colour: interior ?? null,
      body: body === "Ute / Tray" ? "Ute" : body,
      fuel: fuel,
      drive: clean(raw.DriveType),
      transmission: clean(raw.Transmission),
      seats,
      doors,
      cylinders,
      engine_size_litres: engine.litres,
      fuel_consumption: parseFuelConsumption(raw.FuelConsumption),
      features: warranty ? [`Manufacturer warranty: ${warranty}`] : [],
      listing_suburb: location.suburb,
      listing_state: location.state,
    },
  };
}
