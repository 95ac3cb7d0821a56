/**
 * Cars of a site: the VDP lookup, views and phone reveals. Every query is scoped by the site.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { cars, carViewVisits, locations, phoneReveals } from "../../db/schema/index";
import type { Car, CarLocation } from "~/domain/car";
import { isDbId } from "~/domain/db-id";
import type { Site } from "~/sites/site";

type CarRow = typeof cars.$inferSelect;
type LocationRow = typeof locations.$inferSelect;

/** Reshapes a database row (and its location) into the app's Car type. */
export function toCar(row: CarRow, location: LocationRow | null): Car {
  const carLocation: CarLocation | null = location
    ? {
        id: location.id,
        name: location.name,
        slug: location.slug,
        phone: location.phone,
        address: { street: location.street, city: location.city, state: location.state, postcode: location.postcode, placeUrl: location.placeUrl },
      }
    : null;
  return {
    id: row.id,
    siteId: row.siteId,
    slug: row.slug,
    name: row.name,
    stockNumber: row.stockNumber,
    vin: row.vin,
    nvic: row.nvic,
    hasNvic: row.hasNvic,
    rego: row.rego,
    regoExpiry: row.regoExpiry,
    carType: row.carType,
    itemType: row.itemType,
    make: row.make,
    model: row.model,
    series: row.series,
    badge: row.badge,
    year: row.year,
    certified: row.certified,
    tag: row.tag,
    status: row.status,
    sold: row.sold,
    soldAt: row.soldAt?.toISOString() ?? null,
    reserved: row.reserved,
    showOnDealerWebsite: row.showOnDealerWebsite,
    price: row.price,
    priceType: row.priceType,
    beforePrice: row.beforePrice,
    offerPrice: row.offerPrice,
    subscriptionPrice: row.subscriptionPrice,
    preorder: row.preorder,
    km: row.km,
    colour: row.colour,
    interiorColour: row.interiorColour,
    simpleBody: row.simpleBody,
    bodyConfiguration: row.bodyConfiguration,
    simpleFuel: row.simpleFuel,
    fuel: row.fuel,
    drive: row.drive,
    seats: row.seats,
    doors: row.doors,
    transmission: row.transmission,
    simpleTransmission: row.simpleTransmission,
    trans: row.trans,
    gearNum: row.gearNum,
    cylinders: row.cylinders,
    engineSize: row.engineSize,
    engineSizeLitres: row.engineSizeLitres,
    fuelConsumptionCombined: row.fuelConsumptionCombined,
    complianceDate: row.complianceDate,
    buildDate: row.buildDate,
    views: row.views,
    dealerComments: row.dealerComments,
    standardEquipment: row.standardEquipment,
    features: row.features,
    carsalesTitle: row.carsalesTitle,
    file: row.file,
    photosCount: row.photosCount,
    images: row.images,
    primaryImageUrl: row.primaryImageUrl,
    priceBasis: row.priceBasis ?? null,
    caravan: row.caravan ?? null,
    variant: row.variant,
    autograbData: row.autograbData ?? null,
    financeLenders: row.financeLenders,
    location: carLocation,
    privateSuburb: row.privateSuburb,
    privatePostcode: row.privatePostcode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Issue 10: a car held by an online reservation shows as reserved (spec 4 'Reserved' tag) and leaves checkout. */
const onlineReserved = sql<boolean>`exists (select 1 from reservations r where r.car_id = ${cars.id} and r.status in ('active', 'captured'))`;
const withOnlineReserved = (r: { car: CarRow; onlineReserved: boolean }): CarRow => (r.onlineReserved ? { ...r.car, reserved: true } : r.car);

export type CarLookup = { kind: "found"; car: Car } | { kind: "withdrawn"; car: Car } | { kind: "not-found" };

/**
 * Finds a car of this site by its slug (the VDP).
 * @returns found (any status but withdrawn, and shown on the dealer website), withdrawn (the VDP
 *   answers 410 with similar stock), or not-found. A slug of another site is not-found.
 */
export async function getCarBySlug(db: Database, site: Site, slug: string): Promise<CarLookup> {
  const [row] = await carQueries(db).bySlug.execute({ siteId: site.id, slug });
  if (!row || !row.car.showOnDealerWebsite) return { kind: "not-found" };
  const car = toCar(withOnlineReserved(row), row.location);
  return row.car.status === "withdrawn" ? { kind: "withdrawn", car } : { kind: "found", car };
}

/**
 * The VDP's car query, prepared once per database handle (issue 15 "Fast pages"): its SQL (every
 * column of cars and locations) is built once instead of per request, and PostgreSQL parses and
 * plans it once per connection (a named statement). Similar stock comes from the search documents
 * in memory (search.server.ts `findSimilarStock`, decision 189).
 */
const carQueries = preparedPerDatabase((db) => {
  const carWithLocation = () => db.select({ car: cars, location: locations, onlineReserved }).from(cars).leftJoin(locations, eq(cars.locationId, locations.id));
  return {
    bySlug: carWithLocation()
      .where(and(eq(cars.siteId, sql.placeholder("siteId")), eq(cars.slug, sql.placeholder("slug"))))
      .limit(1)
      .prepare("forecourt_car_by_slug"),
  };
});

/**
 * Counts one view of a car's page (spec 7 "GET {api}/cars/{slug}/view.json ... returns views"),
 * at most once per visitor (address + user agent) per car per UTC day.
 * @param visitor the client's address and user agent; `now` in epoch ms
 * @returns the view count after this call, or null when the slug is not a visible car of this site.
 */
export async function recordCarView(db: Database, site: Site, slug: string, visitor: { ip: string | null; userAgent: string | null; now: number }): Promise<number | null> {
  const [car] = await db
    .select({ id: cars.id, views: cars.views })
    .from(cars)
    .where(and(eq(cars.siteId, site.id), eq(cars.slug, slug), eq(cars.showOnDealerWebsite, true)))
    .limit(1);
  if (!car) return null;
  // At most once per visitor per car per day (issue 16 defect 10); the visitor is a hash, not an address.
  const id = createHash("sha256").update(`${visitor.ip ?? "unknown"}|${visitor.userAgent ?? ""}`).digest("base64url").slice(0, 22);
  const day = new Date(visitor.now).toISOString().slice(0, 10);
  const first = await db.insert(carViewVisits).values({ carId: car.id, visitor: id, day }).onConflictDoNothing().returning({ carId: carViewVisits.carId });
  if (!first.length) return car.views;
  const [row] = await db.update(cars).set({ views: sql`${cars.views} + 1` }).where(eq(cars.id, car.id)).returning({ views: cars.views });
  return row ? row.views : null;
}

/** Deletes view-visit rows older than `keepDays` (default 2). Run by the delivery worker. @returns rows deleted */
export async function purgeCarViewVisits(db: Database, now: number, keepDays = 2): Promise<number> {
  const before = new Date(now - keepDays * 86_400_000).toISOString().slice(0, 10);
  return (await db.delete(carViewVisits).where(sql`${carViewVisits.day} < ${before}::date`).returning({ carId: carViewVisits.carId })).length;
}

/**
 * Logs a phone reveal on the car's call-the-dealer panel (spec 4 "Phone reveal", spec 7
 * "Phone-reveal log {car_id, dealership_id, website_id}"): one row with the car, its location
 * (dealership) and the site (website).
 * @returns the logged ids, or null when the slug is not a visible car of this site.
 */
export async function recordPhoneReveal(
  db: Database,
  site: Site,
  slug: string,
): Promise<{ carId: number; dealershipId: number | null; websiteId: number } | null> {
  const [car] = await db
    .select({ id: cars.id, locationId: cars.locationId })
    .from(cars)
    .where(and(eq(cars.siteId, site.id), eq(cars.slug, slug), eq(cars.showOnDealerWebsite, true)))
    .limit(1);
  if (!car) return null;
  await db.insert(phoneReveals).values({ carId: car.id, locationId: car.locationId, siteId: site.id });
  return { carId: car.id, dealershipId: car.locationId, websiteId: site.id };
}

/**
 * A car of this site by id (lead forms carry car_id). Any status; null when the id belongs to
 * another site or does not exist.
 */
export async function getCarById(db: Database, site: Site, id: number): Promise<Car | null> {
  if (!isDbId(id)) return null; // beyond the id column's range: no car, not a failed query
  const [row] = await db
    .select({ car: cars, location: locations, onlineReserved })
    .from(cars)
    .leftJoin(locations, eq(cars.locationId, locations.id))
    .where(and(eq(cars.siteId, site.id), eq(cars.id, id)))
    .limit(1);
  return row ? toCar(withOnlineReserved(row), row.location) : null;
}
