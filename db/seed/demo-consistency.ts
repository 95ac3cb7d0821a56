/**
 * Issue 52 item 4: the demo data must read as true to a shopper. Lists every place where a seeded
 * demo site contradicts itself: a just-arrived tag named like a condition, tags against the car's
 * facts, comments against its type, new and demo cars with used-car kilometres, placeholder prices
 * under $500, sales stock at a yard that does not sell, caravan names against their axles, and a
 * hero headline promising stock the site does not have.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../client";
import { cars, locations, sites } from "../schema/index";
import { SiteConfigSchema } from "../../app/sites/site-config";
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

/**
 * The consistency problems of the seeded demo sites, one line each ('site: stock: problem').
 * @returns an empty list when the demo data agrees with itself
 */
export async function demoConsistencyProblems(db: Database): Promise<string[]> {
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
    const stock = (type: string) => rows.filter((r) => r.car.carType === type).length;
    const headline = `${config.hero?.title ?? ""} ${config.hero?.subtitle ?? ""}`.toLowerCase();
    for (const [word, count] of [["demo", stock("demo")], ["new", stock("new")], ["certified", rows.filter((r) => r.car.certified).length]] as const) {
      if (new RegExp(`\\b${word}\\b`).test(headline) && count === 0) problems.push(`${site.slug}: the headline promises ${word} stock and the site has none`);
    }
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
