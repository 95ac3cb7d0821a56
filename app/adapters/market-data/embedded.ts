/**
 * Market price data (spec 5 "Market-price indicator", spec 7's autograb lookup). The product reads
 * state and national average market prices from an outside provider; this embedded adapter stands
 * in for it by averaging comparable listings across ALL stock in the database (every dealer site:
 * the market is wider than one dealer, so this is the one read that is deliberately not scoped to
 * the requesting site). A real provider implements {@link MarketDataProvider} and replaces it.
 */
import { and, between, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { cars, locations } from "../../../db/schema/index";
import { computeMarketAverages, type MarketAverages, type MarketListing } from "~/domain/market/comparables";

/** The car to price. Price whole dollars, km kilometres, state e.g. 'NSW'. */
export type MarketSubject = MarketListing;

/** Source of average market prices. */
export interface MarketDataProvider {
  /**
   * Average market prices for the car.
   * @returns averages in whole dollars (either may be null), or null when the provider has none.
   *   Implementations should not throw for a car they cannot price.
   */
  averagesFor(car: MarketSubject): Promise<MarketAverages | null>;
}

/**
 * The embedded provider: loads candidate listings with the same make and model and a year within
 * one from the database (kept for a minute: {@link MARKET_LISTINGS_TTL_MS}), leaves the car itself
 * out, then {@link computeMarketAverages} keeps the comparables (similar km, price above 200) and
 * averages them by state and nationally.
 * @param now the clock (epoch ms) the listings' lifetime is measured by
 */
export function createEmbeddedMarketData(db: Database, now: () => number = Date.now): MarketDataProvider {
  return {
    async averagesFor(car) {
      if (car.year === null || car.km === null) return null;
      const listings = await recentCandidateListings(db, { make: car.make, model: car.model, year: car.year }, now());
      const averages = computeMarketAverages(
        car,
        listings.filter((l) => l.id !== car.id),
      );
      return averages.averageMarketPrice === null && averages.stateAverageMarketPrice === null ? null : averages;
    },
  };
}

/** How long the embedded provider keeps a make, model and year's candidate listings (ms). */
export const MARKET_LISTINGS_TTL_MS = 60_000;
/** Make, model and year combinations kept per database at most; past this the oldest are dropped. */
const MARKET_LISTINGS_MAX_ENTRIES = 2_000;
const recentListings = new WeakMap<Database, Map<string, { at: number; listings: Promise<MarketListing[]> }>>();

/**
 * {@link loadCandidateListings} for a make, model and year (every car type, no car left out),
 * kept for MARKET_LISTINGS_TTL_MS per database handle (issue 15 "Fast pages", decision 189): VDPs
 * of cars of the same make, model and year share one query a minute instead of one each. Like
 * an outside provider's figures, the averages may lag a stock change on any site by up to that
 * long. A failed load is not kept.
 * @param now epoch ms
 */
function recentCandidateListings(db: Database, query: { make: string; model: string; year: number }, now: number): Promise<MarketListing[]> {
  let byKey = recentListings.get(db);
  if (!byKey) recentListings.set(db, (byKey = new Map()));
  const key = `${query.make.toLowerCase()}\u0000${query.model.toLowerCase()}\u0000${query.year}`;
  const hit = byKey.get(key);
  if (hit && Math.abs(now - hit.at) < MARKET_LISTINGS_TTL_MS) return hit.listings;
  const entry = { at: now, listings: loadCandidateListings(db, query) };
  if (byKey.size >= MARKET_LISTINGS_MAX_ENTRIES) byKey.delete(byKey.keys().next().value!);
  byKey.delete(key);
  byKey.set(key, entry);
  entry.listings.catch(() => {
    if (byKey.get(key) === entry) byKey.delete(key);
  });
  return entry.listings;
}

/**
 * Candidate listings for a comparables rule, from ALL sites' stock: same make and model
 * (case-insensitive), model year within one of `year`, not withdrawn. State is the listing
 * location's state. Used by the market-price indicator and the trade-in valuer (issue 11).
 *
 * @param query.excludeCarId a car to leave out (the car being priced)
 * @param query.carTypes only these car types (default: all)
 * @returns up to 2,000 listings; price whole dollars, km kilometres
 */
export async function loadCandidateListings(
  db: Database,
  query: { make: string; model: string; year: number; excludeCarId?: number; carTypes?: readonly ("new" | "demo" | "used")[] },
): Promise<MarketListing[]> {
  return db
    .select({ id: cars.id, make: cars.make, model: cars.model, year: cars.year, km: cars.km, price: cars.price, state: locations.state })
    .from(cars)
    .leftJoin(locations, eq(cars.locationId, locations.id))
    .where(
      and(
        query.excludeCarId === undefined ? undefined : ne(cars.id, query.excludeCarId),
        sql`lower(${cars.make}) = ${query.make.toLowerCase()}`,
        sql`lower(${cars.model}) = ${query.model.toLowerCase()}`,
        between(cars.year, query.year - 1, query.year + 1),
        sql`${cars.status} <> 'withdrawn'`,
        query.carTypes ? inArray(cars.carType, [...query.carTypes]) : undefined,
      ),
    )
    .limit(2000);
}
