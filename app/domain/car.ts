/**
 * The car (vehicle) as the application sees it: spec section 3 "Car", reshaped from the
 * database row at the service edge. Domain rules and components take this type (or a `Pick`
 * of it), never a database row.
 *
 * Units: money in whole Australian dollars (integers; the data we import has no cents),
 * distance in km, fuel consumption in L/100km, engine size in cc (and litres where named),
 * caravan body length and width in feet as given by the feed (display converts with 0.3048).
 * Dates are ISO-8601 strings (UTC instants) so the type crosses the server/browser boundary.
 */

/** Spec 3: car_type. */
export const CAR_TYPES = ["new", "demo", "used"] as const;
export type CarType = (typeof CAR_TYPES)[number];

/** Spec 3: status. In stock means in_stock or coming_soon (spec 4). */
export const CAR_STATUSES = ["in_stock", "coming_soon", "sold", "withdrawn"] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

/** One lender's figures for a car (spec 3 "Finance"), keyed by provider in `financeLenders`. */
export interface FinanceLenderData {
  interestRate: number | null;
  comparisonRate: number | null;
  /** Whole dollars per week. */
  paymentWeek: number | null;
  /** Whole dollars per month. */
  paymentMonth: number | null;
  deposit: number | null;
  balloon: number | null;
  establishmentFees: number | null;
  totalPayable: number | null;
  termYears: number | null;
  termMonths: number | null;
  termWeeks: number | null;
  disclaimer: string | null;
  [termKey: `term${number}`]: number | null | undefined;
}

export interface CarLocation {
  id: number;
  name: string;
  slug: string;
  phone: string | null;
  address: { street: string | null; city: string; state: string; postcode: string; placeUrl: string | null };
}

export interface CaravanSpecifications {
  /** Feet, as supplied by the feed. */
  bodyWidthFeet: number | null;
  /** Feet, as supplied by the feed. */
  bodyLengthFeet: number | null;
  /** kg */
  tareWeight: number | null;
  axleType: string | null;
  sleeps: number | null;
  /** kg */
  aggregateTrailerMass: number | null;
}

/**
 * Spec 3 "Variant": the keys the importer writes into `Car.variant` (issue 52), with units.
 * Cylinders, engine size, fuel consumption and body configuration have their own Car fields.
 */
export interface CarVariant {
  induction?: string | null;
  geartype?: string | null;
  /** litres */
  fuelcapacity?: number | null;
  /** kg */
  grossvehiclemass?: number | null;
  /** mm */
  vehiclelength?: number | null;
  /** mm */
  vehicleheight?: number | null;
  /** mm */
  vehiclewidth?: number | null;
  /** kg */
  towingcapacitybraked?: number | null;
  /** Nm */
  torque?: number | null;
  /** stars, 0-5 */
  ancaprating?: number | null;
}

export interface Car {
  id: number;
  siteId: number;
  slug: string;
  name: string;
  stockNumber: string;
  vin: string | null;
  nvic: string | null;
  /** Spec 3 has_nvic: the car has an NVIC (the feed's flag, else whether `nvic` is given). */
  hasNvic: boolean;
  rego: string | null;
  /** ISO date (YYYY-MM-DD) or null. */
  regoExpiry: string | null;
  carType: CarType;
  itemType: string;
  make: string;
  model: string;
  series: string | null;
  badge: string | null;
  year: number | null;
  certified: boolean;
  tag: string | null;
  status: CarStatus;
  sold: boolean;
  soldAt: string | null;
  reserved: boolean;
  showOnDealerWebsite: boolean;
  /** Whole dollars; null when the feed gives none (e.g. POA). */
  price: number | null;
  priceType: string | null;
  beforePrice: number | null;
  offerPrice: number | null;
  subscriptionPrice: number | null;
  preorder: boolean;
  km: number | null;
  colour: string | null;
  interiorColour: string | null;
  simpleBody: string | null;
  bodyConfiguration: string | null;
  simpleFuel: string | null;
  fuel: string | null;
  drive: string | null;
  seats: number | null;
  doors: number | null;
  transmission: string | null;
  simpleTransmission: string | null;
  /** Spec 3 'trans': the feed's own transmission description, e.g. '8 SP AUTOMATIC'. */
  trans: string | null;
  gearNum: number | null;
  cylinders: number | null;
  /** cc */
  engineSize: number | null;
  engineSizeLitres: number | null;
  /** L/100km */
  fuelConsumptionCombined: number | null;
  /** `YYYY-MM` or `YYYY-MM-DD` (issue 52). */
  complianceDate: string | null;
  /** `YYYY-MM` (issue 52). */
  buildDate: string | null;
  views: number;
  dealerComments: string | null;
  standardEquipment: string[];
  features: string[];
  /** Spec 3 carsales_title: the portal listing title. */
  carsalesTitle: string | null;
  file: string | null;
  photosCount: number;
  images: { url: string }[];
  primaryImageUrl: string | null;
  /** Issue 17: the feed's price basis, null when it did not say (the site's default applies). */
  priceBasis: "drive_away" | "excl_govt_charges" | null;
  caravan: CaravanSpecifications | null;
  /** Spec 3 "Variant" block, keyed by the spec's names ({@link CarVariant}). */
  variant: Record<string, string | number | null>;
  autograbData: { stateAverageMarketPrice: number | null; averageMarketPrice: number | null } | null;
  financeLenders: Record<string, FinanceLenderData>;
  location: CarLocation | null;
  /** Suburb and postcode of the original listing (private sellers / source feed). */
  privateSuburb: string | null;
  privatePostcode: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Spec 4: "In stock means status in_stock or coming_soon." */
export function isInStock(car: Pick<Car, "status">): boolean {
  return car.status === "in_stock" || car.status === "coming_soon";
}

/**
 * The car's display title, spec 2.4: year, make, model, then badge and series.
 * @returns e.g. "2022 Toyota Corolla Ascent Sport ZWE211R"; parts that are empty are skipped.
 */
export function carTitle(car: Pick<Car, "year" | "make" | "model" | "badge" | "series">): string {
  return [car.year, car.make, car.model, car.badge, car.series]
    .filter((part) => part !== null && part !== undefined && String(part).trim() !== "")
    .join(" ");
}
