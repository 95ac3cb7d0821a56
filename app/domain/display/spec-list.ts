/**
 * VDP specification list, spec 5 ("Spec list: entries with empty, null or 'null' values are
 * dropped, as are entries named in a config filter (default excludes rego)") and spec 2.4 / 9
 * ("Specs show the first 4; features list default limit 8").
 */
import type { Car, CarVariant } from "~/domain/car";
import { decimalText, wholeNumberText } from "./number-text";

/** Spec 5: names dropped by default. */
export const DEFAULT_SPEC_LIST_EXCLUSIONS: readonly string[] = Object.freeze(["rego"]);
/** Spec 2.4/9: specification entries shown before 'show more'. */
export const DEFAULT_SPEC_LIST_INITIAL_COUNT = 4;
/** Spec 2.4/9: features shown before 'show more'. */
export const DEFAULT_FEATURES_LIMIT = 8;
export const SHOW_MORE_LABEL = "Show more";
export const SHOW_LESS_LABEL = "Show less";

/** One row of the specification list. */
export interface SpecEntry {
  /** Stable name, matched against the exclusion list (e.g. 'rego', 'km', 'vin'). */
  name: string;
  /** Label shown to the shopper, e.g. 'Odometer'. */
  label: string;
  /** Raw value; units are added by {@link buildCarSpecEntries} or the caller. */
  value: string | number | null | undefined;
}

/** A kept entry: its value is a display string. */
export interface DisplaySpecEntry {
  name: string;
  label: string;
  value: string;
}

/** Per-site options (SiteConfig `display.specListExclusions`, `display.featuresLimit`). */
export interface SpecListOptions {
  /** Entry names never shown, compared case-insensitively. Default {@link DEFAULT_SPEC_LIST_EXCLUSIONS} (['rego']). */
  specListExclusions: readonly string[];
  /** Entries before the toggle. Default {@link DEFAULT_SPEC_LIST_INITIAL_COUNT} (4). */
  initialCount: number;
}

export const DEFAULT_SPEC_LIST_OPTIONS: Readonly<SpecListOptions> = Object.freeze({
  specListExclusions: DEFAULT_SPEC_LIST_EXCLUSIONS,
  initialCount: DEFAULT_SPEC_LIST_INITIAL_COUNT,
});

/**
 * Whether a spec value is empty (spec 5): null, undefined, a non-finite number, or a string that
 * is blank or reads 'null' (any case, surrounding spaces ignored).
 */
export function isEmptySpecValue(value: unknown): value is null | undefined {
  if (value === null || value === undefined) return true;
  if (typeof value === "number") return !Number.isFinite(value);
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" || trimmed.toLowerCase() === "null";
  }
  return false;
}

/**
 * Drops empty entries and entries named in the exclusion list, spec 5. Order is kept; numbers
 * become strings (`String(n)`), strings are trimmed.
 *
 * @param entries raw entries
 * @param options partial {@link SpecListOptions} (only `specListExclusions` is used)
 * @returns the entries to show, with string values. Never throws.
 */
export function filterSpecEntries(
  entries: readonly SpecEntry[],
  options: Partial<Pick<SpecListOptions, "specListExclusions">> = {},
): DisplaySpecEntry[] {
  const excluded = new Set(
    (options.specListExclusions ?? DEFAULT_SPEC_LIST_EXCLUSIONS).map((name) => name.trim().toLowerCase()),
  );
  const kept: DisplaySpecEntry[] = [];
  for (const entry of entries) {
    if (excluded.has(entry.name.trim().toLowerCase())) continue;
    if (isEmptySpecValue(entry.value)) continue;
    kept.push({ name: entry.name, label: entry.label, value: String(entry.value).trim() });
  }
  return kept;
}

/** The visible part of a collapsible list and its toggle. */
export interface CollapsedList<T> {
  visible: T[];
  /** How many items are hidden now (0 when expanded or short). */
  hiddenCount: number;
  /** The list is longer than the limit, so the view shows a toggle. */
  hasToggle: boolean;
  /** 'Show more' when collapsed, 'Show less' when expanded, null without a toggle. */
  toggleLabel: string | null;
}

/**
 * Splits a list into what is shown and the toggle state, spec 2.4 ("first 4 entries, then a
 * show more / show less toggle"; features default limit 8).
 *
 * @param items the full list (already filtered)
 * @param limit items shown while collapsed (integer >= 0)
 * @param expanded the shopper opened the list
 * @throws RangeError when `limit` is not a non-negative integer
 */
export function collapseList<T>(items: readonly T[], limit: number, expanded: boolean): CollapsedList<T> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`collapseList: bad limit ${limit}`);
  const hasToggle = items.length > limit;
  if (!hasToggle || expanded) {
    return { visible: [...items], hiddenCount: 0, hasToggle, toggleLabel: hasToggle ? SHOW_LESS_LABEL : null };
  }
  return { visible: items.slice(0, limit), hiddenCount: items.length - limit, hasToggle, toggleLabel: SHOW_MORE_LABEL };
}

/**
 * The VDP specification list: {@link filterSpecEntries} then the first `initialCount` (default 4)
 * unless expanded.
 * @param entries raw entries (e.g. from {@link buildCarSpecEntries})
 * @param expanded the shopper clicked 'Show more'
 * @param options partial {@link SpecListOptions}
 * @throws RangeError when `initialCount` is not a non-negative integer
 */
export function getSpecList(
  entries: readonly SpecEntry[],
  expanded: boolean,
  options: Partial<SpecListOptions> = {},
): CollapsedList<DisplaySpecEntry> {
  const o = { ...DEFAULT_SPEC_LIST_OPTIONS, ...options };
  return collapseList(filterSpecEntries(entries, o), o.initialCount, expanded);
}

function withUnit(value: number | null, unit: string): string | null {
  return value === null || !Number.isFinite(value) ? null : `${decimalText(value, 1, 0)} ${unit}`;
}

/** A number from the variant block (spec 3 "Variant"), or null when absent or not a number. */
function variantNumber(variant: Car["variant"], key: keyof CarVariant): number | null {
  const value = variant?.[key];
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

function variantText(variant: Car["variant"], key: keyof CarVariant): string | null {
  const value = variant?.[key];
  return typeof value === "string" ? value : null;
}

/** Spec 3 ancaprating: '5 stars' (1 star). */
function starsText(stars: number | null): string | null {
  return stars === null ? null : `${wholeNumberText(stars)} ${stars === 1 ? "star" : "stars"}`;
}

/**
 * Raw specification entries of a car, in display order, before filtering. Names are the keys the
 * exclusion list uses: make, model, year, badge, series, body, colour, interiorColour,
 * transmission, trans, gears, gearType, drive, fuel, engine, induction, torque, cylinders,
 * fuelConsumption, fuelCapacity, length, width, height, grossVehicleMass, towingCapacityBraked,
 * ancapRating, km, seats, doors, rego, vin, nvic, stockNumber. Units as spec 9 gives them: km as
 * '12,345 km', engine as '1,998 cc', fuel consumption as '6.7 L/100km', fuel tank '55 L',
 * dimensions '4,550 mm', masses '2,140 kg', torque '252 Nm', ANCAP '5 stars'.
 * Empty values are left in; pass the result to {@link filterSpecEntries} / {@link getSpecList}.
 */
export function buildCarSpecEntries(
  car: Pick<
    Car,
    | "make"
    | "model"
    | "year"
    | "badge"
    | "series"
    | "simpleBody"
    | "colour"
    | "interiorColour"
    | "transmission"
    | "drive"
    | "fuel"
    | "simpleFuel"
    | "engineSize"
    | "cylinders"
    | "fuelConsumptionCombined"
    | "km"
    | "seats"
    | "doors"
    | "rego"
    | "vin"
    | "stockNumber"
  > &
    Partial<Pick<Car, "trans" | "gearNum" | "nvic" | "variant">>,
): SpecEntry[] {
  const variant = car.variant ?? {};
  return [
    { name: "make", label: "Make", value: car.make },
    { name: "model", label: "Model", value: car.model },
    { name: "year", label: "Year", value: car.year },
    { name: "badge", label: "Badge", value: car.badge },
    { name: "series", label: "Series", value: car.series },
    { name: "body", label: "Body", value: car.simpleBody },
    { name: "colour", label: "Colour", value: car.colour },
    { name: "interiorColour", label: "Interior colour", value: car.interiorColour },
    { name: "transmission", label: "Transmission", value: car.transmission },
    // The feed's own wording only when it says more than the transmission already does.
    { name: "trans", label: "Gearbox", value: car.trans && car.trans.trim().toLowerCase() !== (car.transmission ?? "").trim().toLowerCase() ? car.trans : null },
    { name: "gears", label: "Gears", value: car.gearNum ?? null },
    { name: "gearType", label: "Gear type", value: variantText(variant, "geartype") },
    { name: "drive", label: "Drive", value: car.drive },
    { name: "fuel", label: "Fuel", value: car.fuel ?? car.simpleFuel },
    { name: "engine", label: "Engine", value: withUnit(car.engineSize, "cc") },
    { name: "induction", label: "Induction", value: variantText(variant, "induction") },
    { name: "torque", label: "Torque", value: withUnit(variantNumber(variant, "torque"), "Nm") },
    { name: "cylinders", label: "Cylinders", value: car.cylinders },
    { name: "fuelConsumption", label: "Fuel consumption", value: withUnit(car.fuelConsumptionCombined, "L/100km") },
    { name: "fuelCapacity", label: "Fuel tank", value: withUnit(variantNumber(variant, "fuelcapacity"), "L") },
    { name: "length", label: "Length", value: withUnit(variantNumber(variant, "vehiclelength"), "mm") },
    { name: "width", label: "Width", value: withUnit(variantNumber(variant, "vehiclewidth"), "mm") },
    { name: "height", label: "Height", value: withUnit(variantNumber(variant, "vehicleheight"), "mm") },
    { name: "grossVehicleMass", label: "Gross vehicle mass", value: withUnit(variantNumber(variant, "grossvehiclemass"), "kg") },
    { name: "towingCapacityBraked", label: "Towing capacity (braked)", value: withUnit(variantNumber(variant, "towingcapacitybraked"), "kg") },
    { name: "ancapRating", label: "ANCAP safety rating", value: starsText(variantNumber(variant, "ancaprating")) },
    { name: "km", label: "Odometer", value: withUnit(car.km, "km") },
    { name: "seats", label: "Seats", value: car.seats },
    { name: "doors", label: "Doors", value: car.doors },
    { name: "rego", label: "Rego", value: car.rego },
    { name: "vin", label: "VIN", value: car.vin },
    { name: "nvic", label: "NVIC", value: car.nvic ?? null },
    { name: "stockNumber", label: "Stock number", value: car.stockNumber },
  ];
}
