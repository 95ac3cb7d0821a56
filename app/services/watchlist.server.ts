/**
 * Server-side watchlist (spec 3 "Watchlist entry: the car id", spec 4 "Watchlist", spec 7
 * "POST /api/watchlist/save-car | remove-car"). Every function takes the signed-in shopper and
 * the site: a shopper only ever reads or changes their own rows, and only cars of their own site.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, watchlistEntries } from "../../db/schema/index";
import { carTitle, isInStock, type Car, type CarStatus } from "~/domain/car";
import { getPriceDisplay } from "~/domain/display/price-display";
import { getCarById } from "./cars.server";
import type { Shopper } from "./auth.server";
import type { Site } from "~/sites/site";

type ChangedCar = Pick<Car, "id" | "slug"> & { name: string };
export type WatchlistChange =
  | { kind: "saved"; car: ChangedCar }
  | { kind: "removed"; car: ChangedCar }
  | { kind: "car-not-found"; message: string }
  | { kind: "sold"; message: string }
  | { kind: "off"; message: string };

/** Messages (spec 8 shows the error in an alert; it gives no wording, so ours say what happened). */
export const WATCHLIST_MESSAGES = {
  notFound: "That car is not listed on this site.",
  sold: "That car has been sold, so it can no longer be saved.",
  off: "The watchlist is not offered on this site.",
} as const;

/**
 * Saves a car of this site to the shopper's watchlist (idempotent). A sold car can be saved only
 * if it is already saved (spec 4 "A sold car not already saved shows no save button").
 */
export async function saveCar(db: Database, site: Site, shopper: Shopper, carId: number): Promise<WatchlistChange> {
  if (!site.config.features.watchlist) return { kind: "off", message: WATCHLIST_MESSAGES.off };
  const car = await getCarById(db, site, carId);
  if (!car || car.siteId !== shopper.siteId || car.status === "withdrawn" || !car.showOnDealerWebsite) return { kind: "car-not-found", message: WATCHLIST_MESSAGES.notFound };
  const name = carTitle(car);
  if (!isInStock(car)) {
    const saved = await watchlistCarIds(db, site, shopper, [car.id]);
    if (!saved.includes(car.id)) return { kind: "sold", message: WATCHLIST_MESSAGES.sold };
    return { kind: "saved", car: { id: car.id, slug: car.slug, name } };
  }
  await db
    .insert(watchlistEntries)
    .values({ siteId: site.id, shopperId: shopper.id, carId: car.id, carName: name, carSlug: car.slug })
    .onConflictDoNothing({ target: [watchlistEntries.shopperId, watchlistEntries.carId] });
  return { kind: "saved", car: { id: car.id, slug: car.slug, name } };
}

/** Removes a car from the shopper's watchlist (idempotent; another site's car id is not found). */
export async function removeCar(db: Database, site: Site, shopper: Shopper, carId: number): Promise<WatchlistChange> {
  if (!site.config.features.watchlist) return { kind: "off", message: WATCHLIST_MESSAGES.off };
  const car = await getCarById(db, site, carId);
  if (!car) return { kind: "car-not-found", message: WATCHLIST_MESSAGES.notFound };
  await db
    .delete(watchlistEntries)
    .where(and(eq(watchlistEntries.shopperId, shopper.id), eq(watchlistEntries.siteId, site.id), eq(watchlistEntries.carId, car.id)));
  return { kind: "removed", car: { id: car.id, slug: car.slug, name: carTitle(car) } };
}

/**
 * Ids of the shopper's saved cars on this site (optionally only among `among`), newest first.
 */
export async function watchlistCarIds(db: Database, site: Site, shopper: Shopper, among?: number[]): Promise<number[]> {
  if (among && among.length === 0) return [];
  const rows = await db
    .select({ carId: watchlistEntries.carId })
    .from(watchlistEntries)
    .where(
      and(
        eq(watchlistEntries.shopperId, shopper.id),
        eq(watchlistEntries.siteId, site.id),
        ...(among ? [inArray(watchlistEntries.carId, among)] : []),
      ),
    )
    .orderBy(desc(watchlistEntries.createdAt), desc(watchlistEntries.id));
  return rows.flatMap((r) => (r.carId === null ? [] : [r.carId]));
}

/** One My Garage row: the car as it is now (spec 4: price and status), or "no longer available". */
export interface WatchlistItem {
  entryId: number;
  savedAt: string;
  name: string;
  /** Null when the car left stock (withdrawn, hidden or deleted): shown as no longer available, never linked. */
  car: {
    id: number;
    slug: string;
    status: CarStatus;
    /** Spec 4 price display ("$29,990", the no-price text, ...). */
    priceText: string;
    carType: Car["carType"];
    make: string;
    model: string;
    km: number | null;
    imageUrl: string | null;
  } | null;
}

/** The shopper's watchlist on this site, newest first, with each car's current state. */
export async function listWatchlist(db: Database, site: Site, shopper: Shopper): Promise<WatchlistItem[]> {
  const rows = await db
    .select({ entry: watchlistEntries, car: cars })
    .from(watchlistEntries)
    .leftJoin(cars, and(eq(cars.id, watchlistEntries.carId), eq(cars.siteId, site.id)))
    .where(and(eq(watchlistEntries.shopperId, shopper.id), eq(watchlistEntries.siteId, site.id)))
    .orderBy(desc(watchlistEntries.createdAt), desc(watchlistEntries.id));
  return rows.map(({ entry, car }) => ({
    entryId: entry.id,
    savedAt: entry.createdAt.toISOString(),
    name: entry.carName,
    car:
      car && car.status !== "withdrawn" && car.showOnDealerWebsite
        ? {
            id: car.id,
            slug: car.slug,
            status: car.status,
            priceText: getPriceDisplay(car, {
              subscriptionPricing: site.config.features.subscriptionPricing,
              priceThreshold: site.config.display.priceThreshold,
              noPriceText: site.config.display.noPriceText,
            }).text,
            carType: car.carType,
            make: car.make,
            model: car.model,
            km: car.km,
            imageUrl: (car.images as { url: string }[] | null)?.[0]?.url ?? null,
          }
        : null,
  }));
}
