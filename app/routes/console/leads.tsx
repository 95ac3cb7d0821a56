/**
 * `/sites/{slug}/leads` (issue 49 item 4): the leads inbox. Filters by status, department,
 * location, form, car type, a date range (days in the site's time zone) and free text, in a GET
 * form (the filters are in the URL, so a page, a link and the CSV export agree), newest first,
 * paged on the server. Sales see their assigned locations' leads only; the shopper's name and
 * contact details only with `leads.personal`.
 */
import { data } from "react-router";
import type { Route } from "./+types/leads";
import { FilterActions, FilterField, filterAria } from "~/console/forms";
import { guardConsoleRoute } from "~/console/guard.server";
import { LEAD_FILTER_FIELDS, LeadFilterSchema, leadFilterChoices, listLeads, siteTimeZone, type LeadPageRow } from "~/console/leads.server";
import { ScrollingTable } from "~/console/scrolling-table";
import { reachIn } from "~/console/staff.server";
import { DEPARTMENTS, LEAD_STATUSES, LEAD_STATUS_LABELS } from "~/domain/leads/status";

const ROUTE_ID = "console-site-leads";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!;
  const params = Object.fromEntries(args.url.searchParams);
  const values = Object.fromEntries(LEAD_FILTER_FIELDS.map((f) => [f, params[f] ?? ""])) as Record<(typeof LEAD_FILTER_FIELDS)[number], string>;
  const personal = reachIn(member, scoped.site, "leads.personal") !== null;
  const timeZone = await siteTimeZone(db, scoped.site.id, scoped.configVersion);
  const filter = LeadFilterSchema.safeParse(params);
  // The page and the filter's choices at once: each wait for the database is one more turn behind
  // the other requests the process is serving.
  const [choices, listed] = await Promise.all([leadFilterChoices(db, scoped), filter.success ? listLeads(db, { scoped, personal }, filter.data, timeZone) : null]);
  const head = { site: { slug: scoped.site.slug, name: scoped.site.name }, values, choices, personal, limited: scoped.reach === "assigned-locations", timeZone };
  if (!filter.success || !listed) {
    const errors = Object.fromEntries((filter.error?.issues ?? []).map((i) => [String(i.path[0]), `Enter ${i.message}.`]));
    return data({ ...head, errors, rows: [] as ReturnType<typeof shown>[], page: 1, hasNext: false, query: "" }, { status: 400 });
  }
  const { rows, page, hasNext } = listed;
  return { ...head, errors: {} as Record<string, string>, rows: rows.map(shown), page, hasNext, query: new URLSearchParams(Object.entries(values).filter(([, v]) => v)).toString() };
}

/**
 * What the table shows of a row, and nothing else: every value a loader returns is encoded for
 * the browser on each request (React Router's turbo-stream), though the console's pages are not
 * hydrated, so the received instant (the table shows the local time) is not in it.
 */
function shown(r: LeadPageRow) {
  return { id: r.id, received: r.received, status: r.status, category: r.category, name: r.name, anonymised: r.anonymised, car: r.car, stockNumber: r.stockNumber, location: r.location, assignedTo: r.assignedTo, deadDeliveries: r.deadDeliveries };
}

const CAR_TYPES = [
  { value: "new", label: "New" },
  { value: "demo", label: "Demo" },
  { value: "used", label: "Used" },
];

export default function ConsoleLeads({ loaderData }: Route.ComponentProps) {
  const { site, values, choices, errors, rows, page, hasNext, query, personal, limited, timeZone } = loaderData;
  const pageLink = (n: number) => `/sites/${site.slug}/leads?${new URLSearchParams([...new URLSearchParams(query), ["page", String(n)]]).toString()}`;
  const selects = [
    { name: "status", label: "Status", options: LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })) },
    { name: "department", label: "Department", options: DEPARTMENTS.map((d) => ({ value: d, label: d.charAt(0).toUpperCase() + d.slice(1) })) },
    { name: "location", label: "Location", options: choices.locations.map((l) => ({ value: String(l.id), label: l.name })) },
    { name: "form", label: "Form", options: choices.forms.map((f) => ({ value: f, label: f })) },
    { name: "carType", label: "Car type", options: CAR_TYPES },
  ] as const;
  const inputs = [
    { name: "from", label: "From (day)", type: "date" },
    { name: "to", label: "To (day)", type: "date" },
    { name: "q", label: personal ? "Search (name, e-mail, phone, stock number, car, lead number)" : "Search (stock number, car, lead number)", type: "search" },
  ] as const;
  return (
    <section aria-labelledby="leads-title">
      <title>{`Leads · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="leads-title" className="text-2xl font-bold">
        Leads
      </h1>
      {limited ? <p className="mt-1 text-sm text-slate-600">Leads of your assigned locations only.</p> : null}
      <form method="get" className="mt-3 grid gap-3 sm:grid-cols-4" aria-label="Filter the leads">
        {selects.map((f) => (
          <FilterField key={f.name} id={`leads-${f.name}`} label={f.label} error={errors[f.name]}>
            <select id={`leads-${f.name}`} name={f.name} defaultValue={values[f.name]} {...filterAria(`leads-${f.name}`, errors[f.name])} className="mt-1 w-full rounded border border-slate-500 px-2 py-1">
              <option value="">Any</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </FilterField>
        ))}
        {inputs.map((f) => (
          <FilterField key={f.name} id={`leads-${f.name}`} label={f.label} error={errors[f.name]} className={f.name === "q" ? "sm:col-span-2" : undefined}>
            <input id={`leads-${f.name}`} name={f.name} type={f.type} defaultValue={values[f.name]} {...filterAria(`leads-${f.name}`, errors[f.name])} className="mt-1 w-full rounded border border-slate-500 px-2 py-1" />
          </FilterField>
        ))}
        <FilterActions clearHref={`/sites/${site.slug}/leads`} exportHref={`/sites/${site.slug}/leads.csv${query ? `?${query}` : ""}`} exportLabel="Export these leads as CSV" />
      </form>
      {errors.page ? <p className="mt-2 text-sm font-semibold text-red-800">{errors.page}</p> : null}
      {rows.length ? (
        <ScrollingTable label="Leads" className="mt-4">
          <caption className="sr-only">Leads, newest first (times in {timeZone})</caption>
          <thead>
            <tr>
              <th scope="col">Lead</th>
              <th scope="col">Received</th>
              <th scope="col">Status</th>
              <th scope="col">Form</th>
              <th scope="col">Customer</th>
              <th scope="col">Car</th>
              <th scope="col">Location</th>
              <th scope="col">Assigned to</th>
              <th scope="col">Delivery</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 align-top">
                <td>
                  <a href={`/sites/${site.slug}/leads/${r.id}`} className="underline">
                    #{r.id}
                  </a>
                </td>
                <td className="whitespace-nowrap">{r.received}</td>
                <td>{LEAD_STATUS_LABELS[r.status]}</td>
                <td>{r.category}</td>
                <td>{r.anonymised ? "Anonymised" : personal ? r.name : "Hidden"}</td>
                <td>{r.car ? `${r.car}${r.stockNumber ? ` (${r.stockNumber})` : ""}` : "-"}</td>
                <td>{r.location ?? "-"}</td>
                <td>{r.assignedTo ?? "-"}</td>
                <td>{r.deadDeliveries ? <strong className="text-red-800">{r.deadDeliveries} failed</strong> : "OK"}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">{page > 1 ? "No leads on this page." : query ? "No leads for these filters." : "No leads yet."}</p>
      )}
      {/* An empty first page has nothing to page through; past the last page, "Previous page" leads back. */}
      {rows.length || page > 1 ? (
        <nav aria-label="Pages of leads" className="mt-3 flex gap-4 text-sm">
          {page > 1 ? (
            <a href={pageLink(page - 1)} className="underline" rel="prev">
              Previous page
            </a>
          ) : null}
          <span>Page {page}</span>
          {hasNext ? (
            <a href={pageLink(page + 1)} className="underline" rel="next">
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
