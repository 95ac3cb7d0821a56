/**
 * `/sites/{slug}`: the site dashboard (issue 48; issue 49 item 7): today, 7 and 30 days of leads
 * by form and source, delivery failures and reservations; stock by car type with aged stock, cars
 * with no photos or no price; the most viewed cars. Charts are SVG drawn on the server, each with
 * its figures as text and as a table. Sales staff see their locations' figures only.
 */
import type { Route } from "./+types/site";
import { BarChart } from "~/console/bar-chart";
import { PERIODS, type PeriodCounts } from "~/console/dashboard-periods";
import { siteDashboard } from "~/console/dashboard.server";
import { guardConsoleRoute } from "~/console/guard.server";
import { accessOf } from "~/console/permissions";
import { failedChangesByPlace } from "~/console/scheduling.server";
import { FAILED_SHOWN_DAYS } from "~/domain/content/schedule";
import { SITE_SECTIONS } from "~/console/site-sections";
import { getSiteBySlug } from "~/services/sites.server";

const STATUS_LABELS: Record<string, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold", withdrawn: "Withdrawn" };
const CAR_TYPES: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute("console-site", args);
  const scoped = site!;
  const config = (await getSiteBySlug(db, scoped.site.slug))?.config;
  const timeZone = config?.timeZone ?? "Australia/Sydney";
  const figures = await siteDashboard(db, scoped, { now: Date.now(), timeZone, priceThreshold: config?.display.priceThreshold ?? 10 });
  const roles = member.grants.map((g) => g.role);
  const may = (p: Parameters<typeof accessOf>[1]) => roles.some((r) => accessOf(r, p));
  const failedChanges = (await failedChangesByPlace(db, scoped.site.id, Date.now())).filter((p) => may(p.permission)).map(({ label, path, count }) => ({ label, path, count }));
  return { site: { slug: scoped.site.slug, name: scoped.site.name, hosts: scoped.site.hosts }, timeZone, figures, failedChanges, sections: SITE_SECTIONS.filter((s) => may(s.permission)).map(({ label, path }) => ({ label, path })) };
}

const PERIOD_SERIES = PERIODS.map((p) => ({ label: p.label }));
const periodValues = (c: PeriodCounts) => PERIODS.map((p) => c[p.key]);
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/-/g, " ");

export default function ConsoleSite({ loaderData }: Route.ComponentProps) {
  const { site, figures, sections, timeZone, failedChanges } = loaderData;
  const failedCount = failedChanges.reduce((sum, p) => sum + p.count, 0);
  const n = (v: number) => v.toLocaleString("en-AU");
  return (
    <section aria-labelledby="site-title">
      <title>{`${site.name} · Forecourt console`}</title>
      <h1 id="site-title" className="text-2xl font-bold">
        {site.name}
      </h1>
      {figures.limitedToLocations ? <p className="mt-1 text-sm text-slate-600">Figures for your locations: {figures.locations.map((l) => l.name).join(", ") || "none assigned"}.</p> : null}
      <nav aria-label="Site sections" className="mt-3 flex flex-wrap gap-3 text-sm">
        {sections.map((s) => (
          <a key={s.path} href={`/sites/${site.slug}/${s.path}`} className="underline">
            {s.label}
          </a>
        ))}
      </nav>

      {failedCount ? (
        <section aria-labelledby="failed-changes-title" className="mt-4 rounded border border-red-700 p-4">
          <h2 id="failed-changes-title" className="font-semibold">
            {`Scheduled changes that did not happen: ${n(failedCount)}`}
          </h2>
          <p className="text-sm text-slate-700">{`Due in the last ${FAILED_SHOWN_DAYS} days and not dismissed. Each editor shows why, and who scheduled it.`}</p>
          <ul className="mt-2 grid gap-1 text-sm">
            {failedChanges.map((p) => (
              <li key={p.path}>
                <a href={`/sites/${site.slug}/${p.path}`} className="underline">
                  {p.label}
                </a>
                {`: ${n(p.count)} ${p.count === 1 ? "change" : "changes"}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="periods-title" className="mt-4 rounded border border-slate-300 p-4">
        <h2 id="periods-title" className="font-semibold">
          Leads, deliveries and reservations
        </h2>
        <p className="text-sm text-slate-700">Today counts from midnight in {timeZone}.</p>
        <table className="mt-2 w-full max-w-2xl text-left text-sm" data-testid="period-figures">
          <caption className="sr-only">Figures for today, the last 7 days and the last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {PERIODS.map((p) => (
                <th key={p.key} scope="col" className="text-right">
                  {p.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(
              [
                ["Leads", figures.leads],
                ["Lead deliveries failed", figures.deliveryFailures.dead],
                ["Lead deliveries being retried", figures.deliveryFailures.retrying],
                ["Reservations made", figures.reservations.made],
                ["Of which sold (deposit captured)", figures.reservations.captured],
              ] as const
            ).map(([label, counts]) => (
              <tr key={label} className="border-t border-slate-200">
                <th scope="row" className="font-normal">
                  {label}
                </th>
                {PERIODS.map((p) => (
                  <td key={p.key} className="text-right font-semibold">
                    {n(counts[p.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <BarChart id="leads-by-form" title="Leads by form" groupHeading="Form" series={PERIOD_SERIES} groups={figures.leadsByForm.map((r) => ({ label: sentence(r.form), values: periodValues(r) }))} empty="No leads in the last 30 days." />
          <BarChart id="leads-by-source" title="Leads by source" groupHeading="Source" series={PERIOD_SERIES} groups={figures.leadsBySource.map((r) => ({ label: sentence(r.source), values: periodValues(r) }))} empty="No leads in the last 30 days." />
        </div>
      </section>

      <section aria-labelledby="stock-title" className="mt-4 rounded border border-slate-300 p-4">
        <h2 id="stock-title" className="font-semibold">
          Stock
        </h2>
        <dl className="mt-2 grid max-w-md grid-cols-2 gap-1 text-sm" data-testid="stock-figures">
          {figures.carsByStatus.length ? (
            figures.carsByStatus.map((row) => (
              <div key={row.status} className="contents">
                <dt>{STATUS_LABELS[row.status] ?? row.status}</dt>
                <dd className="text-right font-semibold">{n(row.cars)}</dd>
              </div>
            ))
          ) : (
            <div className="col-span-2">No cars yet.</div>
          )}
          <div className="contents">
            <dt>In stock without a photo</dt>
            <dd className="text-right font-semibold">{n(figures.noPhotos)}</dd>
          </div>
          <div className="contents">
            <dt>In stock without a price</dt>
            <dd className="text-right font-semibold">{n(figures.noPrice)}</dd>
          </div>
        </dl>
        <BarChart
          id="aged-stock"
          title="Cars in stock by type, and how many are aged"
          groupHeading="Car type"
          series={[{ label: "In stock" }, { label: "Over 30 days" }, { label: "Over 60 days" }, { label: "Over 90 days" }]}
          groups={figures.stockByType.map((r) => ({ label: CAR_TYPES[r.carType] ?? r.carType, values: [r.inStock, r.over30, r.over60, r.over90] }))}
          empty="No cars in stock."
        />
        <BarChart id="most-viewed" title="Most viewed cars (VDP views)" groupHeading="Car" series={[{ label: "Views" }]} groups={figures.mostViewed.map((c) => ({ label: `${c.name} (${c.stockNumber})`, values: [c.views] }))} empty="No car has been viewed yet." />
      </section>
      {site.hosts.length ? (
        <p className="mt-4 text-sm">
          Public site: {site.hosts.map((h) => <a key={h} href={`https://${h}/`} className="mr-2 underline">{h}</a>)}
        </p>
      ) : null}
    </section>
  );
}
