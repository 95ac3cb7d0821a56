import { Link } from "react-router";
import type { FinancePageData } from "~/services/finance.server";
import { FinanceEstimate } from "./finance-estimate";
import { FinanceQuoteLine } from "./finance-quote";


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
      {car.quote ? <FinanceQuoteLine quote={car.quote} className="mt-2 text-sm" /> : null}
    </section>
  );
}
