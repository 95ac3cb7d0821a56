import { Link } from "react-router";
import type { FinancePageData } from "~/services/finance.server";
import { FinanceEstimate } from "./finance-estimate";

const DOLLARS = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });

/** The car a finance page is about: title, price, estimate and quote (spec 2.1, 5, 7). */
export function FinanceCarSummary({ car }: { car: NonNullable<FinancePageData["car"]> }) {
  return (
    <section aria-labelledby="finance-car-title" className="rounded-lg bg-white p-4 shadow-sm" data-testid="finance-car">
      <h2 id="finance-car-title" className="text-lg font-semibold">
        <Link to={`/cars/${car.slug}`} className="hover:underline">
          {car.title}
        </Link>
      </h2>
      <p className="text-xl font-bold">{car.priceText}</p>
      {car.estimate ? <FinanceEstimate estimate={car.estimate} /> : null}
      {car.quote ? (
        <p className="mt-2 text-sm" data-testid="finance-quote">
          Personal quote: <strong>{DOLLARS.format(car.quote.weeklyRepaymentAmount)} per week</strong> at {car.quote.advertisedRate.toFixed(2)}% p.a.,
          comparison rate <strong>{car.quote.comparisonRate.toFixed(2)}% p.a.*</strong>
        </p>
      ) : null}
    </section>
  );
}
