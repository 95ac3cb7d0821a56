/**
 * Market-price indicator for a VDP, spec 5 ("Market-price indicator", "Market-price lookup
 * eligibility") and spec 9 ("Market indicator threshold: $500 below market").
 */
import type { Database } from "../../db/client";
import { createEmbeddedMarketData, type MarketDataProvider } from "~/adapters/market-data/embedded";
import type { Car } from "~/domain/car";
import { getMarketPriceIndicator, isMarketPriceEligible, type MarketPriceIndicator } from "~/domain/display/market-price";
import { marketPriceOptionsFor } from "~/sites/display-options";
import type { Site } from "~/sites/site";

/**
 * The indicator for a car of the site: looks market data up only for eligible cars (site flag,
 * in_stock, not sold, not reserved, price above 200). Data stored on the car (`autograbData`, from
 * a feed) wins over the provider. A provider failure yields `{ shown: false }`, never an error.
 *
 * @param provider market data source; default the embedded one over this database
 */
export async function getMarketIndicator(
  db: Database,
  site: Site,
  car: Car,
  provider: MarketDataProvider = createEmbeddedMarketData(db),
): Promise<MarketPriceIndicator> {
  const options = marketPriceOptionsFor(site.config);
  if (car.siteId !== site.id || !isMarketPriceEligible(car, options)) return { shown: false };
  let data = car.autograbData;
  if (data === null) {
    try {
      data = await provider.averagesFor({ id: car.id, make: car.make, model: car.model, year: car.year, km: car.km, price: car.price, state: car.location?.address.state ?? null });
    } catch {
      data = null;
    }
  }
  return getMarketPriceIndicator({ price: car.price, offerPrice: car.offerPrice, autograbData: data }, options);
}
