import { Link } from "react-router";
import type { Route } from "./+types/personalised-finance";
import { FinanceCalculatorSection } from "~/components/finance/finance-calculator";
import { FinanceCarSummary } from "~/components/finance/finance-car-summary";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { financeHref } from "~/domain/finance/link";
import { parseFinanceQuery } from "~/domain/finance/query";
import { financePageFor } from "~/services/finance.server";

/**
 * Personalised finance (spec 2.1 `/personalised/finance?car_id={id}`): the car's estimate, its
 * quote (spec 7, when the site flag is on) and the calculator at its price. Without a car id the
 * page offers the calculator and a link to search; an id of no car of this site answers 404.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now } = context.get(requestInfoContext);
  const query = parseFinanceQuery(url.searchParams);
  const page = await financePageFor(db, site, query, new Date(now), { quote: true });
  if (query.car_id !== undefined && !page.car) throw new Response("Not Found", { status: 404 });
  return { ...page, siteName: site.name };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Personalised finance | ${data.siteName}` : "Personalised finance" }];
}

export default function PersonalisedFinancePage({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Personalised repayments</h1>
      {d.car ? (
        <FinanceCarSummary car={d.car} />
      ) : (
        <p className="text-slate-700">
          Choose a car to see its repayments, or <Link to="/search" className="underline">browse our stock</Link>.
        </p>
      )}
      <FinanceCalculatorSection calculator={d.calculator} financePath={d.financePath} carId={d.car?.id ?? null} />
      <p>
        <Link to={financeHref(d.financePath, { car_id: d.car?.id, car_type: d.car?.carType })} className="inline-block rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
          Finance Enquiry
        </Link>
      </p>
    </div>
  );
}
