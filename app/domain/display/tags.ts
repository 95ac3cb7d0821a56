/**
 * The tag on a car card or VDP image, spec 4 "Car tag precedence" and spec 9 ("Just-arrived
 * window: 8 days by default").
 */
import { isInStock, type Car } from "~/domain/car";

/** Spec 9: just-arrived window in days. */
export const DEFAULT_JUST_ARRIVED_DAYS = 8;
/** Spec 4: default just-arrived tag name. */
export const DEFAULT_JUST_ARRIVED_TAG_NAME = "New";
/** Spec 4: default tag for a car that is not in stock. */
export const DEFAULT_SOLD_TAG_NAME = "JUST SOLD";
export const RESERVED_TAG_TEXT = "Reserved";
export const COMING_SOON_TAG_TEXT = "COMING SOON";

/** Fuel tag labels by kind (spec 4 step 1). */
export const DEFAULT_FUEL_TAG_LABELS: Readonly<Record<FuelTagKind, string>> = Object.freeze({
  electric: "Electric",
  hybrid: "Hybrid",
  "plug-in-hybrid": "Plug-in Hybrid",
});

export type FuelTagKind = "electric" | "hybrid" | "plug-in-hybrid";

/** The site's certified pre-owned logo (spec 4 step 3). */
export interface CertifiedLogo {
  /** Image URL of the brand's certified-used logo. */
  url: string;
  /** Alternative text, e.g. the programme name 'Toyota Certified Pre-Owned'. */
  alt: string;
}

/**
 * Per-site options (SiteConfig `display.fuelTagEnabled`, `display.justArrivedDays`,
 * `display.justArrivedTagName`, `display.soldTagName`; the certified logo comes from the brand
 * when `display.certifiedBadge` is on).
 */
export interface TagOptions {
  /** Step 1 on: electric/hybrid fuel tag first. Default `false`. */
  fuelTagEnabled: boolean;
  /** Labels for the fuel tag. Default {@link DEFAULT_FUEL_TAG_LABELS}. */
  fuelTagLabels: Readonly<Record<FuelTagKind, string>>;
  /** Step 3: logo for certified used cars; `null` (default) = the site has no certified logo. */
  certifiedLogo: CertifiedLogo | null;
  /** Step 6 window, days (24-hour periods). Default {@link DEFAULT_JUST_ARRIVED_DAYS} (8). */
  justArrivedDays: number;
  /** Step 6 text. Default {@link DEFAULT_JUST_ARRIVED_TAG_NAME} ('New'). */
  justArrivedTagName: string;
  /** Tag for a car not in stock. Default {@link DEFAULT_SOLD_TAG_NAME} ('JUST SOLD'). */
  soldTagName: string;
}

export const DEFAULT_TAG_OPTIONS: Readonly<TagOptions> = Object.freeze({
  fuelTagEnabled: false,
  fuelTagLabels: DEFAULT_FUEL_TAG_LABELS,
  certifiedLogo: null,
  justArrivedDays: DEFAULT_JUST_ARRIVED_DAYS,
  justArrivedTagName: DEFAULT_JUST_ARRIVED_TAG_NAME,
  soldTagName: DEFAULT_SOLD_TAG_NAME,
});

/** The tag to render; `null` means no tag (spec 4 step 7). */
export type CarTag =
  | { kind: "fuel"; fuel: FuelTagKind; text: string }
  | { kind: "reserved"; text: string }
  | { kind: "certified"; text: string; logoUrl: string }
  | { kind: "custom"; text: string }
  | { kind: "coming-soon"; text: string }
  | { kind: "just-arrived"; text: string }
  | { kind: "sold"; text: string };

export type TagFields = Pick<
  Car,
  "status" | "reserved" | "certified" | "carType" | "tag" | "simpleFuel" | "fuel" | "createdAt"
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Classifies the car's fuel for the fuel tag from `simpleFuel` (else `fuel`), case-insensitive:
 * 'Electric'/'EV'/'BEV' -> electric; 'PHEV' or containing 'plug-in' -> plug-in-hybrid;
 * containing 'hybrid' -> hybrid; anything else (petrol, diesel, null...) -> null.
 */
export function getFuelTagKind(car: Pick<Car, "simpleFuel" | "fuel">): FuelTagKind | null {
  const value = (car.simpleFuel ?? car.fuel ?? "").trim().toLowerCase();
  if (value === "") return null;
  if (value === "phev" || value.includes("plug-in") || value.includes("plug in")) return "plug-in-hybrid";
  if (value.includes("hybrid")) return "hybrid";
  if (value === "electric" || value === "ev" || value === "bev" || value.startsWith("electric")) return "electric";
  return null;
}

/**
 * Whether the car was created within the just-arrived window: `now - createdAt` is less than
 * `days` x 24 hours. A `createdAt` in the future (clock skew) counts as just arrived; an
 * unparseable `createdAt` or `days <= 0` does not.
 *
 * @param createdAt ISO-8601 instant
 * @param now the current instant (injected)
 * @param days window length in days
 */
export function isJustArrived(createdAt: string, now: Date, days: number = DEFAULT_JUST_ARRIVED_DAYS): boolean {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created) || !(days > 0)) return false;
  return now.getTime() - created < days * DAY_MS;
}

function isBlank(text: string | null | undefined): boolean {
  if (text === null || text === undefined) return true;
  const trimmed = text.trim();
  return trimmed === "" || trimmed.toLowerCase() === "null";
}

/**
 * Chooses the car's tag, spec 4. For an in-stock car (status in_stock or coming_soon) the first
 * match wins:
 * 1. electric/hybrid fuel tag, when `fuelTagEnabled`;
 * 2. 'Reserved' when `reserved`;
 * 3. the certified-used brand logo, when the site has one (`certifiedLogo`) and the car is
 *    certified and used;
 * 4. the custom `tag` text (blank or the string 'null' is ignored);
 * 5. 'COMING SOON' when status is coming_soon;
 * 6. the just-arrived name (default 'New') when created within the window (default 8 days);
 * 7. otherwise `null`.
 * A car not in stock gets `{ kind: 'sold', text: soldTagName }` (default 'JUST SOLD').
 *
 * @param car the car's tag fields
 * @param now current instant, injected for the just-arrived window
 * @param options partial {@link TagOptions}; missing fields take {@link DEFAULT_TAG_OPTIONS}
 * @returns a {@link CarTag} or `null`. Never throws.
 */
export function getCarTag(car: TagFields, now: Date, options: Partial<TagOptions> = {}): CarTag | null {
  const o: TagOptions = { ...DEFAULT_TAG_OPTIONS, ...options };

  if (!isInStock(car)) return { kind: "sold", text: o.soldTagName };

  if (o.fuelTagEnabled) {
    const fuel = getFuelTagKind(car);
    if (fuel) return { kind: "fuel", fuel, text: o.fuelTagLabels[fuel] };
  }
  if (car.reserved) return { kind: "reserved", text: RESERVED_TAG_TEXT };
  if (o.certifiedLogo && car.certified && car.carType === "used") {
    return { kind: "certified", text: o.certifiedLogo.alt, logoUrl: o.certifiedLogo.url };
  }
  if (!isBlank(car.tag)) return { kind: "custom", text: (car.tag as string).trim() };
  if (car.status === "coming_soon") return { kind: "coming-soon", text: COMING_SOON_TAG_TEXT };
  if (isJustArrived(car.createdAt, now, o.justArrivedDays)) return { kind: "just-arrived", text: o.justArrivedTagName };
  return null;
}
