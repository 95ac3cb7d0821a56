/**
 * Market price data (spec 5 "Market-price indicator", spec 7's autograb lookup). The product reads
 * state and national average market prices from an outside provider; this embedded adapter stands
 * in for it by averaging comparable listings across ALL stock in the database (every dealer site:
 * the market is wider than one dealer, so this is the one read that is deliberately not scoped to
 * the requesting site). A real provider implements {@link MarketDataProvider} and replaces it.
 */
import { and, between, eq, ne, sql } from "drizzle-orm";
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
      const rows = await db
        .select({ id: cars.id, make: cars.make, model: cars.model, year: cars.year, km: cars.km, price: cars.price, state: locations.state })
        .from(cars)
        .leftJoin(locations, eq(cars.locationId, locations.id))
        .where(
          and(
            ne(cars.id, car.id),
            sql`lower(${cars.make}) = ${car.make.toLowerCase()}`,
            sql`lower(${cars.model}) = ${car.model.toLowerCase()}`,
            between(cars.year, car.year - 1, car.year + 1),
            sql`${cars.status} <> 'withdrawn'`,
          ),
        )
        .limit(2000);
      const averages = computeMarketAverages(car, rows);
      return averages.averageMarketPrice === null && averages.stateAverageMarketPrice === null ? null : averages;
    },
  };
}
