/**
 * Issue 52: the demo data must read as true to a shopper. Lists every place where a seeded
 * demo site contradicts itself: a just-arrived tag named like a condition, tags against the car's
 * facts, comments against its type, new and demo cars with used-car kilometres, placeholder prices
 * under $500, sales stock at a yard that does not sell, caravan names against their axles, a
 * headline (hero title, subtitle, tagline) promising stock, makes, places or a number of locations
 * the site does not have, and promo cards or offers for stock the site has none of.
 * What a site's switched-on features look like to a shopper is checked over HTTP by
 * tests/integration/demo-consistency.test.ts with {@link switchedOnFeatures}.
 */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "../client";
import { cars, locations, manufacturers, models, offers, sites } from "../schema/index";
import { SiteConfigSchema, type SiteConfig } from "../../app/sites/site-config";
import { distanceKm, getGeocoder } from "../../app/adapters/geocoder/postcodes";
import { DEMO_SITES } from "./demo-sites";

/** A 'Low Kms' tag is believable up to this odometer reading (km). */
export const LOW_KMS_MAX = 40_000;
/** A new car has delivery kilometres only (km). */
export const NEW_CAR_MAX_KM = 1_000;
/** A demonstrator has dealer test-drive kilometres (km). */
export const DEMO_CAR_MAX_KM = 20_000;
/** Below this a price is a placeholder, not a car's price (dollars, spec 9's finance eligibility). */
export const PLACEHOLDER_PRICE_BELOW = 500;
/** Tag names that read as a car's condition (spec 3 car_type) rather than "recently listed". */
const CONDITION_WORDS = ["new", "used", "demo"];
/** A place a headline names is covered by a location of the site within this distance (km). */
export const HEADLINE_PLACE_KM = 60;
/** Headline words that promise a car type (spec 3 car_type); 'pre-owned' is used stock. */
const TYPE_WORDS: [RegExp, "new" | "demo" | "used"][] = [[/\bnew\b/, "new"], [/\bdemo\b/, "demo"], [/\bused\b|\bpre-owned\b/, "used"]];
/** Headline words that promise an item type (spec 3 item_type). */
const ITEM_WORDS: [RegExp, string][] = [[/\bcaravans?\b|\bvans\b/, "caravan"], [/\bcars\b/, "car"]];
/** Fuels an offer may promise by name. */
const FUEL_WORDS = ["hybrid", "electric", "diesel"];
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const word = (text: string, w: string) => new RegExp(`(^|[^a-z0-9-])${w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^a-z0-9-])`).test(text);

/**
 * The features a site's configuration switches on, derived from the schema rather than listed by
 * hand, so a new flag is found without anyone remembering it: every boolean that is true where its
 * default is false (`features.compare`, `display.makeAnOffer`, ...), and every optional block that
 * defaults to null and is set (`navigation.popup`, `finance.generatedLenderRates`, ...), named by
 * its dotted path. Text, numbers and records are settings, not switches.
 * @param config a parsed site configuration
 * @returns dotted paths, e.g. ["features.compare", "navigation.popup"]
 */
export function switchedOnFeatures(config: SiteConfig): string[] {
  const found: string[] = [];
  const walk = (value: unknown, fallback: unknown, path: string) => {
    if (typeof value === "boolean") {
      if (value && fallback === false) found.push(path);
      return;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    if (fallback === null) {
      found.push(path);
      return;
    }
    if (fallback === null || typeof fallback !== "object") return;
    for (const [key, child] of Object.entries(value)) walk(child, (fallback as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
  };
  walk(config, SiteConfigSchema.parse({}), "");
  return found;
}

/**
 * The consistency problems of the seeded demo sites, one line each ('site: stock: problem').
 * @param now epoch ms deciding which offers are current
 * @returns an empty list when the demo data agrees with itself
 */
export async function demoConsistencyProblems(db: Database, now: number = Date.now()): Promise<string[]> {
  const problems: string[] = [];
  const siteRows = await db.select().from(sites).where(inArray(sites.slug, DEMO_SITES.map((d) => d.slug)));
  for (const site of siteRows) {
    const config = SiteConfigSchema.parse(site.config);
    if (CONDITION_WORDS.includes(config.display.justArrivedTagName.trim().toLowerCase())) {
      problems.push(`${site.slug}: the just-arrived tag '${config.display.justArrivedTagName}' reads as the car's condition`);
    }
    const rows = await db
      .select({ car: cars, locationType: locations.locationType })
      .from(cars)
      .leftJoin(locations, eq(locations.id, cars.locationId))
      .where(and(eq(cars.siteId, site.id), inArray(cars.status, ["in_stock", "coming_soon"])));
    problems.push(...(await headlineProblems(db, site.slug, site.id, config, rows.map((r) => r.car))));
    problems.push(...(await offerProblems(db, site.slug, site.id, config, rows.map((r) => r.car), now)));
    for (const { car, locationType } of rows) {
      const at = `${site.slug}: ${car.stockNumber}`;
      const comments = (car.dealerComments ?? "").toLowerCase();
      if (car.tag === "Low Kms" && (car.km ?? 0) > LOW_KMS_MAX) problems.push(`${at}: 'Low Kms' on ${car.km} km`);
      if (car.carType === "new" && car.itemType === "car" && (car.km ?? 0) > NEW_CAR_MAX_KM) problems.push(`${at}: new with ${car.km} km`);
      if (car.carType === "demo" && (car.km ?? 0) > DEMO_CAR_MAX_KM) problems.push(`${at}: demo with ${car.km} km`);
      if (car.carType !== "new" && comments.includes("brand new")) problems.push(`${at}: ${car.carType} car whose comments say brand new`);
      if (car.carType !== "demo" && comments.includes("ex-demonstrator")) problems.push(`${at}: ${car.carType} car whose comments say ex-demonstrator`);
      if (car.price !== null && car.price < PLACEHOLDER_PRICE_BELOW) problems.push(`${at}: priced $${car.price}`);
      if (locationType !== null && locationType !== "sales") problems.push(`${at}: for sale at a ${locationType} location`);
      const name = `${car.model} ${car.badge ?? ""}`.toLowerCase();
      const axle = car.caravan?.axleType?.toLowerCase() ?? null;
      if (axle && ((name.includes("single axle") && axle !== "single") || (name.includes("tandem") && axle !== "tandem"))) problems.push(`${at}: '${car.badge}' with axle ${car.caravan?.axleType}`);
    }
  }
  return problems;
}

type StockCar = typeof cars.$inferSelect;

/**
 * What a site's headline (hero title and subtitle, theme tagline) promises and its stock and
 * locations do not bear out: car types ('new', 'demo', 'used', 'pre-owned'), 'certified', item
 * types ('cars', 'caravans', 'vans'), make names, places (a suburb of the postcode data in the
 * site's states, with a location within {@link HEADLINE_PLACE_KM} km) and a number of locations.
 * Adjectives ('quality', 'off-road') are not claims this check can weigh.
 */
async function headlineProblems(db: Database, slug: string, siteId: number, config: SiteConfig, stock: StockCar[]): Promise<string[]> {
  const problems: string[] = [];
  const raw = `${config.hero.title} | ${config.hero.subtitle} | ${config.theme.tagline}`;
  const headline = raw.toLowerCase();
  const promise = (what: string, count: number) => count === 0 && problems.push(`${slug}: the headline promises ${what} and the site has none`);
  for (const [re, type] of TYPE_WORDS) if (re.test(headline)) promise(`${type} stock`, stock.filter((c) => c.carType === type).length);
  if (/\bcertified\b/.test(headline)) promise("certified stock", stock.filter((c) => c.certified).length);
  for (const [re, itemType] of ITEM_WORDS) if (re.test(headline)) promise(`${itemType} stock`, stock.filter((c) => c.itemType === itemType).length);
  const makes = await db.select({ name: manufacturers.name }).from(manufacturers);
  for (const { name } of makes) if (name.length > 2 && word(headline, name)) promise(`${name} stock`, stock.filter((c) => c.make.toLowerCase() === name.toLowerCase()).length);
  const siteLocations = await db.select().from(locations).where(and(eq(locations.siteId, siteId), eq(locations.visible, true)));
  const count = headline.match(new RegExp(`\\b(${NUMBER_WORDS.join("|")}|\\d+) locations\\b`));
  if (count) {
    const promised = NUMBER_WORDS.includes(count[1]) ? NUMBER_WORDS.indexOf(count[1]) : Number(count[1]);
    if (promised !== siteLocations.length) problems.push(`${slug}: the headline promises ${promised} locations and the site has ${siteLocations.length}`);
  }
  const geocoder = getGeocoder();
  const states = [...new Set(siteLocations.map((l) => l.state))];
  const phrases = new Set<string>();
  for (const run of raw.match(/[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*/g) ?? []) {
    const words = run.split(" ");
    for (let i = 0; i < words.length; i++) for (let j = i + 1; j <= Math.min(words.length, i + 3); j++) phrases.add(words.slice(i, j).join(" ").replace(/'s$/, ""));
  }
  for (const phrase of phrases) {
    const point = states.map((state) => geocoder.bySuburb(phrase, state)).find((p) => p !== null);
    if (!point || makes.some((m) => m.name.toLowerCase() === phrase.toLowerCase())) continue;
    const near = siteLocations.some((l) => l.lat !== null && l.long !== null && distanceKm(point, { lat: Number(l.lat), long: Number(l.long) }) <= HEADLINE_PLACE_KM);
    if (!near) problems.push(`${slug}: the headline names ${phrase} and the site has no location within ${HEADLINE_PLACE_KM} km`);
  }
  return problems;
}

/**
 * Promo cards and offers shown on the site (its own and the network's, current at `now`) that
 * promise stock it has none of: a promo card's car type, an offer's make and model, the new car
 * an offer names, a fuel it names ('hybrid'); and stock words in another item's noun ('Used car
 * finance' on a caravan site).
 */
async function offerProblems(db: Database, slug: string, siteId: number, config: SiteConfig, stock: StockCar[], now: number): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db
    .select({ offer: offers, make: manufacturers.name, model: models.name })
    .from(offers)
    .leftJoin(manufacturers, eq(manufacturers.id, offers.manufacturerId))
    .leftJoin(models, eq(models.id, offers.modelId))
    .where(or(eq(offers.siteId, siteId), isNull(offers.siteId)));
  const noun = config.itemNoun.singular.toLowerCase();
  for (const { offer, make, model } of rows) {
    if (offer.excludedSiteIds.includes(siteId)) continue;
    if ((offer.startsAt && offer.startsAt.getTime() > now) || (offer.expiresAt && offer.expiresAt.getTime() < now)) continue;
    const at = `${slug}: ${offer.kind === "promo_card" ? "promo card" : "offer"} '${offer.name}'`;
    const text = `${offer.name} ${offer.description} ${offer.category ?? ""}`.toLowerCase();
    let matching = stock;
    if (offer.carType) {
      if (!config.carTypes.includes(offer.carType as "new")) problems.push(`${at}: for ${offer.carType} stock, which the site does not sell`);
      matching = matching.filter((c) => c.carType === offer.carType);
    }
    if (make) matching = matching.filter((c) => c.make.toLowerCase() === make.toLowerCase());
    if (model) matching = matching.filter((c) => c.model.toLowerCase() === model.toLowerCase());
    if (make && /\bnew\b/.test(text)) matching = matching.filter((c) => c.carType === "new");
    for (const fuel of FUEL_WORDS) if (make && text.includes(fuel)) matching = matching.filter((c) => (c.fuel ?? "").toLowerCase().includes(fuel) || (c.simpleFuel ?? "").toLowerCase().includes(fuel));
    if (matching.length === 0) problems.push(`${at}: the site has no ${[offer.carType, make, model].filter(Boolean).join(" ") || "matching"} stock${make && /\bnew\b/.test(text) ? " (new)" : ""}`);
    const stockWord = text.match(/\b(?:any|new|used|demo) (car|caravan|van)s?\b/);
    if (stockWord && stockWord[1] !== noun) problems.push(`${at}: speaks of a ${stockWord[1]} on a site selling ${config.itemNoun.plural}`);
  }
  return problems;
}
