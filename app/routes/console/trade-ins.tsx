/**
 * `/sites/{slug}/trade-ins` (issue 49 item 6): the site's trade-in valuations with the car, the
 * offer, the condition answers that adjusted it and the shopper's decision, each with its lead.
 * Read-only; guarded like the leads they belong to.
 */
import { data } from "react-router";
import type { Route } from "./+types/trade-ins";
import { FieldErrors } from "~/console/forms";
import { guardConsoleRoute } from "~/console/guard.server";
import { CONSOLE_ROUTES } from "~/console/route-table";
import { Pager } from "~/console/pager";
import { ScrollingTable } from "~/console/scrolling-table";
import { FilterSelect, SitePageHeading } from "~/console/site-page";
import { listConsoleTradeIns, TRADE_INS_PAGE_SIZE, TradeInFilterSchema } from "~/console/trade-ins.server";

/** The leads inbox's lead page, when the console has one: leads are linked, else named. */
const HAS_LEAD_PAGE = CONSOLE_ROUTES.some((r) => r.path === "sites/:slug/leads/:id");
const DECISIONS = { accepted: "Accepted the offer", declined: "Declined the offer", undecided: "Not decided" } as const;

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute("console-site-trade-ins", args);
  const scoped = site!;
  const params = Object.fromEntries(args.url.searchParams);
  const values = { decision: params.decision ?? "", page: params.page ?? "" };
  const parsed = TradeInFilterSchema.safeParse(params);
  const filter = parsed.success ? parsed.data : TradeInFilterSchema.parse({});
  const errors: Record<string, string> = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), `Choose ${i.message}.`]));
  const { rows, total } = await listConsoleTradeIns(db, scoped, filter);
  const body = {
    site: { slug: scoped.site.slug, name: scoped.site.name },
    limitedToLocations: scoped.reach === "assigned-locations",
    values,
    errors,
    page: filter.page,
    pages: Math.max(1, Math.ceil(total / TRADE_INS_PAGE_SIZE)),
    total,
    rows: rows.map((r) => ({ ...r, created: r.createdAt.toISOString().replace("T", " ").slice(0, 16) })),
  };
  return parsed.success ? body : data(body, { status: 400 });
}

const dollars = (n: number) => `$${n.toLocaleString("en-AU")}`;

export default function ConsoleTradeIns({ loaderData }: Route.ComponentProps) {
  const { site, rows, values, errors, page, pages, total, limitedToLocations } = loaderData;
  const query = (p: number) => `?${new URLSearchParams({ ...(values.decision ? { decision: values.decision } : {}), page: String(p) })}`;
  return (
    <section aria-labelledby="trade-ins-title">
      <SitePageHeading site={site} title="Trade-in valuations" id="trade-ins-title" />
      {limitedToLocations ? <p className="mt-1 text-sm text-slate-700">Valuations whose lead is at one of your locations.</p> : null}
      <form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Filter trade-in valuations">
        <FilterSelect id="ti-decision" name="decision" label="Customer's decision" any="Any" options={DECISIONS} value={values.decision} error={errors.decision} />
        <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-white">
          Filter
        </button>
      </form>
      {errors.page ? <FieldErrors id="ti-page-error" messages={[errors.page]} /> : null}
      {rows.length ? (
        <ScrollingTable label="Trade-in valuations" className="mt-4">
          <caption className="sr-only">Trade-in valuations, newest first ({total.toLocaleString("en-AU")} in all)</caption>
          <thead>
            <tr>
              <th scope="col">Valuation</th>
              <th scope="col">Their car</th>
              <th scope="col">Offer</th>
              <th scope="col">Adjustments</th>
              <th scope="col">Decision</th>
              <th scope="col">Lead</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 align-top" data-testid={`trade-in-${r.id}`}>
                <th scope="row" className="font-normal">
                  <strong>#{r.id}</strong>
                  <br />
                  <span className="text-slate-700">{r.created} UTC</span>
                </th>
                <td>
                  {r.vehicle}
                  {r.rego ? (
                    <>
                      <br />
                      Rego {r.rego}
                    </>
                  ) : null}
                  {r.kms !== null ? (
                    <>
                      <br />
                      {r.kms.toLocaleString("en-AU")} km
                    </>
                  ) : null}
                  {r.wantedCar ? (
                    <>
                      <br />
                      Wants {r.wantedCar.name} (stock number {r.wantedCar.stockNumber})
                    </>
                  ) : null}
                </td>
                <td>
                  {r.offerDollars !== null ? <strong>{dollars(r.offerDollars)}</strong> : "No offer"}
                  {r.range ? (
                    <>
                      <br />
                      <span className="text-slate-700">
                        Estimate {dollars(r.range.low)} to {dollars(r.range.high)}
                      </span>
                    </>
                  ) : null}
                  {r.noEstimateReason ? (
                    <>
                      <br />
                      <span className="text-slate-700">No estimate: {r.noEstimateReason.replace(/-/g, " ")}</span>
                    </>
                  ) : null}
                </td>
                <td>
                  {r.adjustments.length ? (
                    <ul>
                      {r.adjustments.map((a) => (
                        <li key={a.question}>
                          {a.answer}
                          {a.deduction ? ` (−${Math.round(a.deduction * 100)}%)` : ""}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "None answered"
                  )}
                </td>
                <td>{DECISIONS[r.decision]}</td>
                <td>{r.leadId === null ? "No lead yet" : HAS_LEAD_PAGE ? <a href={`/sites/${site.slug}/leads/${r.leadId}`} className="underline">Lead #{r.leadId}</a> : `Lead #${r.leadId}`}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">No trade-in valuations{values.decision ? " match this filter" : " yet"}.</p>
      )}
      <Pager label="Pages of trade-in valuations" page={page} pages={pages} href={query} />
    </section>
  );
}
