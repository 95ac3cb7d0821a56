/**
 * Finance for a site (spec 5 "Finance estimate display" / "Finance calculator", spec 7 quote,
 * spec 9 "Finance"): lender data generated at import, the estimate view of a car, the quote, and
 * the finance page's car. Site first; every query scoped by the site.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, locations } from "../../db/schema/index";
import { getFinanceQuoteAdapter, type FinanceQuote, type FinanceQuoteAdapter, type QuoteRequest } from "~/adapters/finance-quote/quote";
import { carTitle, isInStock, type Car, type FinanceLenderData } from "~/domain/car";
import { getPriceDisplay } from "~/domain/display/price-display";
import type { FinanceEstimateView } from "~/domain/finance/estimate-view";
import { buildFinanceQuoteView, type FinanceQuoteView } from "~/domain/finance/quote-view";
import { calculatorStartFromQuery, type FinanceQuery } from "~/domain/finance/query";
import type { CalculatorConfig, CalculatorValues } from "~/domain/finance/calculator";
import { priceOptionsFor } from "~/sites/display-options";
import type { FinancePanelData } from "~/components/finance/finance-panel";
import { initialCalculatorValues } from "~/domain/finance/calculator";
import { financeHref } from "~/domain/finance/link";
import { buildLenderData } from "~/domain/finance/estimate";
import type { StockRecord } from "~/import/stock-record";
import { calculatorConfigFor, financeEstimateFor, lenderAssumptionsFor } from "~/sites/finance-options";
import type { Site } from "~/sites/site";
import { toCar } from "./cars.server";

/**
 * Lender data for an imported record when the site generates it (decision 020): the site
 * provider's figures from our engine for the record's price, car type rate and the site's fees.
 * Deterministic (no clock), so re-importing the same feed leaves the content hash unchanged.
 * @returns `{ financeLenders }` ({} inside when the car has no price) or `{}` when the site
 *   generates no lender data (the column is then left alone)
 */
export function generatedFinanceLenders(
  site: Pick<Site, "config">,
  record: Pick<StockRecord, "price" | "car_type">,
): { financeLenders?: Record<string, FinanceLenderData> } {
  const assumptions = lenderAssumptionsFor(site.config, record.car_type);
  const provider = site.config.finance.provider;
  if (!assumptions || !provider) return {};
  if (record.price == null || record.price <= 0) return { financeLenders: {} };
  return { financeLenders: { [provider]: buildLenderData(record.price, assumptions) } };
}

/**
 * Spec 7: the quote is requested only when the site flag is on, no quote is held and the price is
 * above 0.
 */
export function shouldRequestFinanceQuote(siteFlag: boolean, heldQuote: FinanceQuote | null | undefined, price: number | null | undefined): boolean {
  return siteFlag && heldQuote == null && price != null && price > 0;
}

/**
 * Spec 7 request body for a car: selfAssessedCreditScore 'GREAT', purchasePrice, loanTerm 5,
 * year, vin, nvic and whoIsHelping (the site's name).
 */
export function quoteRequestFor(site: Pick<Site, "name">, car: Pick<Car, "price" | "year" | "vin" | "nvic">): QuoteRequest {
  return {
    selfAssessedCreditScore: "GREAT",
    purchasePrice: car.price ?? 0,
    loanTerm: 5,
    year: car.year,
    vin: car.vin,
    nvic: car.nvic,
    whoIsHelping: site.name,
  };
}

/**
 * The car's quote (spec 7): asks the adapter when {@link shouldRequestFinanceQuote} allows; a
 * non-OK answer or a failure gives null (ignored, spec 10 "Quote fetch failure").
 * @param heldQuote a quote already held for the car, returned as is
 */
export async function getFinanceQuote(
  site: Site,
  car: Pick<Car, "price" | "year" | "vin" | "nvic">,
  heldQuote: FinanceQuote | null = null,
  adapter: FinanceQuoteAdapter = getFinanceQuoteAdapter(),
): Promise<FinanceQuote | null> {
  if (!shouldRequestFinanceQuote(site.config.finance.quoteService, heldQuote, car.price)) return heldQuote;
  try {
    return await adapter.quote(quoteRequestFor(site, car));
  } catch {
    return null;
  }
}

async function quoteViewFor(site: Site, car: Car, adapter?: FinanceQuoteAdapter): Promise<FinanceQuoteView | null> {
  if (!isInStock(car)) return null;
  const quote = await getFinanceQuote(site, car, null, adapter);
  return quote ? buildFinanceQuoteView(quote, car.price) : null;
}

/**
 * The car a finance page is about (`?car_id=`), scoped by the site; withdrawn cars are not offered.
 * @returns the car or null when the id is absent, unknown or of another site
 */
export async function getFinanceCar(db: Database, site: Site, carId: number | null): Promise<Car | null> {
  if (carId == null) return null;
  const [row] = await db
    .select()
    .from(cars)
    .leftJoin(locations, eq(cars.locationId, locations.id))
    .where(and(eq(cars.siteId, site.id), eq(cars.id, carId), ne(cars.status, "withdrawn")))
    .limit(1);
  return row ? toCar(row.cars, row.locations) : null;
}

/**
 * The site's finance provider's interest rate for the car (percent p.a.), or null when the car
 * has no lender data for that provider (issue 17: the calculator then uses spec 9's default).
 */
export function providerRateFor(site: Pick<Site, "config">, car: Pick<Car, "financeLenders">): number | null {
  const provider = site.config.finance.provider;
  const rate = provider ? car.financeLenders?.[provider]?.interestRate : null;
  return typeof rate === "number" && Number.isFinite(rate) ? rate : null;
}

/**
 * The VDP finance panel's data (spec 2.4, 5): the estimate, the calculator starting at the car's
 * price, and the finance link. No personal quote: a car shows one estimate unless the shopper asks
 * for a quote (the personalised finance page, {@link financePageFor}).
 * @param now instant now (type A's age rule)
 */
export async function financePanelFor(site: Site, car: Car, now: Date): Promise<FinancePanelData> {
  const config = calculatorConfigFor(site.config);
  return {
    estimate: financeEstimateFor(site, car, now),
    calculator: { config, initial: initialCalculatorValues(car.price, config, providerRateFor(site, car)) },
    financeHref: financeHref(site.config.finance.linkPath, { car_id: car.id, car_type: car.carType, preferredDealership: car.location?.slug, vehiclePriceBudget: car.price, vin: car.vin }),
    financePath: site.config.finance.linkPath,
    carId: car.id,
    inStock: isInStock(car),
    eventParams: { vehicleMake: car.make, vehicleModel: car.model, vehicleYear: car.year, vehicleStatus: car.carType },
  };
}

/** What the finance pages render (spec 2.1 /finance, /personalised/finance). */
export interface FinancePageData {
  query: FinanceQuery;
  /** The chosen car (`car_id`), as a short summary with its estimate and quote. */
  car: {
    id: number;
    slug: string;
    title: string;
    priceText: string;
    carType: Car["carType"];
    estimate: FinanceEstimateView | null;
    /** The personal quote when asked for, under the estimate's display rules; else null. */
    quote: FinanceQuoteView | null;
  } | null;
  calculator: { config: CalculatorConfig; initial: CalculatorValues; message: string | null };
  /** Spec 6: finance gated behind sign-in (the gate itself belongs to accounts). */
  gated: boolean;
  financePath: string;
}

/**
 * Data of a finance page: the chosen car (scoped by site), its estimate, its quote when the page is
 * where the shopper asks for one, and the calculator's starting values (submitted fields, the
 * car's price, the budget, or defaults).
 * @param now instant now (estimate rules)
 * @param options.quote true on the personalised finance page (the shopper asked for a quote);
 *   default false: the car shows its one estimate
 */
export async function financePageFor(
  db: Database,
  site: Site,
  query: FinanceQuery,
  now: Date,
  options: { quote?: boolean; adapter?: FinanceQuoteAdapter } = {},
): Promise<FinancePageData> {
  const config = calculatorConfigFor(site.config);
  const car = await getFinanceCar(db, site, query.car_id ?? null);
  const start = calculatorStartFromQuery(query, car?.price ?? null, config);
  return {
    query,
    car: car
      ? {
          id: car.id,
          slug: car.slug,
          title: carTitle(car),
          priceText: getPriceDisplay(car, priceOptionsFor(site.config)).text,
          carType: car.carType,
          estimate: financeEstimateFor(site, car, now),
          quote: options.quote ? await quoteViewFor(site, car, options.adapter) : null,
        }
      : null,
    calculator: { config, initial: start.values, message: start.message },
    gated: site.config.finance.gated,
    financePath: site.config.finance.linkPath,
  };
}
