import { Link } from "react-router";
import type { Route } from "./+types/car-finance";
import { siteContext } from "~/context";
import { COMPARISON_RATE_BENCHMARK } from "~/domain/finance/comparison-rate";
import { COMPARISON_RATE_WARNING } from "~/domain/finance/disclosure-text";
import { ESTIMATE_ASSUMPTIONS } from "~/domain/finance/estimate";
import { financeHref } from "~/domain/finance/link";
import { wholeNumberText } from "~/domain/display/number-text";

/**
 * About finance (spec 2.1 `/car-finance`): how our estimates and comparison rates work. The
 * comparison-rate warning comes as loader data: imported by this module, it would bring the car
 * card's chunk, where the browser build keeps it for the cards (decision 205), to this page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  return { siteName: site.name, financePath: site.config.finance.linkPath, comparisonRateWarning: COMPARISON_RATE_WARNING };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `About car finance | ${data.siteName}` : "About car finance" }];
}

export default function CarFinancePage({ loaderData }: Route.ComponentProps) {
  const { siteName, financePath, comparisonRateWarning } = loaderData;
  return (
    <article className="prose max-w-3xl space-y-4">
      <h1 className="text-3xl font-bold">About car finance</h1>
      <p>
        {siteName} can arrange a secured car loan for new, demo and used vehicles. The weekly repayments shown on our cars are estimates to help you
        compare; your finance consultant will confirm your rate, fees and repayments.
      </p>
      <h2 className="text-xl font-semibold">How our estimates are worked out</h2>
      <ul className="list-disc pl-6">
        <li>A {ESTIMATE_ASSUMPTIONS.termYears}-year secured loan.</li>
        <li>A {ESTIMATE_ASSUMPTIONS.depositPercent.toFixed(1)}% deposit.</li>
        <li>A final (balloon) payment of {ESTIMATE_ASSUMPTIONS.balloonPercent}% of the price, paid with the last repayment.</li>
        <li>Repayments rounded to whole dollars; a repayment of $25 or less reads 'Enquire for Finance'.</li>
      </ul>
      <h2 className="text-xl font-semibold">Comparison rates</h2>
      <p>
        A comparison rate combines the interest rate with most fees and charges into one rate, so loans can be compared. Our comparison rates are
        calculated for a ${wholeNumberText(COMPARISON_RATE_BENCHMARK.amount)} secured loan over {COMPARISON_RATE_BENCHMARK.termYears} years.
      </p>
      <p className="font-semibold">{comparisonRateWarning}</p>
      <p className="flex flex-wrap gap-3">
        <Link to={financeHref(financePath)} className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)] no-underline">
          Finance Enquiry
        </Link>
        <Link to={`${financePath}#finance-calculator`} className="rounded border border-slate-300 px-4 py-2 no-underline">
          Calculate your repayments
        </Link>
      </p>
    </article>
  );
}
