/** `/sites/{slug}`: the site dashboard (issue 48; issue 49 item 7 adds its charts). */
import type { Route } from "./+types/site";
import { guardConsoleRoute } from "~/console/guard.server";
import { siteDashboard } from "~/console/dashboard.server";
import { accessOf } from "~/console/permissions";
import { SITE_SECTIONS } from "~/console/site-sections";

const STATUS_LABELS: Record<string, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold", withdrawn: "Withdrawn" };

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute("console-site", args);
  const scoped = site!;
  const figures = await siteDashboard(db, scoped, Date.now());
  const roles = member.grants.map((g) => g.role);
  const may = (p: Parameters<typeof accessOf>[1]) => roles.some((r) => accessOf(r, p));
  return { site: { slug: scoped.site.slug, name: scoped.site.name, hosts: scoped.site.hosts }, figures, sections: SITE_SECTIONS.filter((s) => may(s.permission)).map(({ label, path }) => ({ label, path })) };
}

export default function ConsoleSite({ loaderData }: Route.ComponentProps) {
  const { site, figures, sections } = loaderData;
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
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="stock-title" className="rounded border border-slate-300 p-4">
          <h2 id="stock-title" className="font-semibold">
            Stock
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
            {figures.carsByStatus.length ? (
              figures.carsByStatus.map((row) => (
                <div key={row.status} className="contents">
                  <dt>{STATUS_LABELS[row.status] ?? row.status}</dt>
                  <dd className="text-right font-semibold">{row.cars.toLocaleString("en-AU")}</dd>
                </div>
              ))
            ) : (
              <div className="col-span-2">No cars yet.</div>
            )}
          </dl>
        </section>
        <section aria-labelledby="leads-title" className="rounded border border-slate-300 p-4">
          <h2 id="leads-title" className="font-semibold">
            Leads
          </h2>
          <p className="mt-2 text-sm">
            Last 7 days: <strong>{figures.leadsLast7Days.toLocaleString("en-AU")}</strong>
          </p>
        </section>
      </div>
      {site.hosts.length ? (
        <p className="mt-4 text-sm">
          Public site: {site.hosts.map((h) => <a key={h} href={`https://${h}/`} className="mr-2 underline">{h}</a>)}
        </p>
      ) : null}
    </section>
  );
}
