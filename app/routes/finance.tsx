import { redirect } from "react-router";
import type { Route } from "./+types/finance";
import { FinanceCalculatorSection } from "~/components/finance/finance-calculator";
import { FinanceCarSummary } from "~/components/finance/finance-car-summary";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { parseFinanceQuery } from "~/domain/finance/query";
import { FinanceEnquiryForm } from "~/components/leads/finance-enquiry-form";
import { getCarById } from "~/services/cars.server";
import { financePageFor } from "~/services/finance.server";
import { leadFormAction, loadLeadForm } from "~/services/lead-forms.server";
import { listLocations } from "~/services/locations.server";
import { requireShopperFor } from "~/services/auth.server";
import { leadClientAction } from "~/components/leads/lead-client-action";

/**
 * Finance page (spec 2.1): served at the site's configured finance path (`/finance`,
 * `/finance-enquiry` or `/apply-for-finance`); the other two redirect there with the query kept.
 * Query: preferredDealership, vehiclePriceBudget, car_id, car_type, vin (zod; invalid fields are
 * dropped). The enquiry form lives in the section `#finance-form`.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now } = context.get(requestInfoContext);
  const path = site.config.finance.linkPath;
  if (url.pathname.replace(/\/$/, "") !== path) throw redirect(`${path}${url.search}`, 301);
  await requireShopperFor(request, site, db, "finance"); // Issue 9: spec 6 finance gate (finance.gated).
  const query = parseFinanceQuery(url.searchParams);
  const page = await financePageFor(db, site, query, new Date(now));
  const car = query.car_id ? await getCarById(db, site, query.car_id) : null;
  const form = await loadLeadForm(db, site, "finance", car);
  // Spec 2.1: ?preferredDealership={location slug} preselects that location in the picker.
  const preferred = query.preferredDealership ? (await listLocations(db, site)).find((l) => l.slug === query.preferredDealership) : undefined;
  const financeForm = preferred && form.locations.some((l) => l.id === preferred.id) ? { ...form, preferredLocationId: preferred.id } : form;
  return { ...page, financeForm, siteName: site.name };
}

/** The finance enquiry (spec 5: opt_in defaults to true) posts here; the lead pipeline stores it. */
/** A failed round trip keeps the form and what was typed (spec 8, lead-client-action.ts). */
export const clientAction = leadClientAction;

export async function action({ request, context, url }: Route.ActionArgs) {
  const info = context.get(requestInfoContext);
  await requireShopperFor(request, context.get(siteContext), context.get(dbContext), "finance"); // Issue 9.
  return leadFormAction(context.get(dbContext), context.get(siteContext), request, "finance", { now: info.now, clientIp: info.clientIp ?? null });
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Finance | ${data.siteName}` : "Finance" }, { name: "description", content: "Car finance: estimate your repayments and apply for finance." }];
}

export default function FinancePage({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <div className="space-y-8" data-finance-gated={d.gated ? "true" : "false"}>
      <header>
        <h1 className="text-3xl font-bold">Finance</h1>
        <p className="mt-2 text-slate-700">Work out your repayments, then send us a finance enquiry and our finance team will be in touch.</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          <FinanceCalculatorSection calculator={d.calculator} financePath={d.financePath} carId={d.car?.id ?? null} />
          <section id="finance-form">
            <FinanceEnquiryForm setup={d.financeForm} />
          </section>
        </div>
        <aside className="space-y-4">{d.car ? <FinanceCarSummary car={d.car} /> : null}</aside>
      </div>
    </div>
  );
}
