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
 * one from the database, then {@link computeMarketAverages} keeps the comparables (similar km,
 * price above 200) and averages them by state and nationally.
 */
export function createEmbeddedMarketData(db: Database): MarketDataProvider {
  return {
    async averagesFor(car) {
      if (car.year === null || car.km === null) return null;
      const rows = await loadCandidateListings(db, { make: car.make, model: car.model, year: car.year, excludeCarId: car.id });
      const averages = computeMarketAverages(car, rows);
      return averages.averageMarketPrice === null && averages.stateAverageMarketPrice === null ? null : averages;
    },
  };
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
