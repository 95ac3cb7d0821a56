/**
 * `/sites/{slug}/audit` (issue 48 item 6): the site's audit trail, filtered by who, what and a
 * date range (a GET form: the filters are in the URL), with a CSV export of the same rows.
 * There is no way here, or anywhere in the app, to change or remove a row.
 */
import { data } from "react-router";
import type { Route } from "./+types/audit";
import { auditRows, AuditFilterSchema } from "~/console/audit.server";
import { FilterActions, FilterField, filterAria } from "~/console/forms";
import { guardConsoleRoute } from "~/console/guard.server";
import { ScrollingTable } from "~/console/scrolling-table";
import { SitePageHeading } from "~/console/site-page";

const ROUTE_ID = "console-site-audit";
/** Rows shown on the page (the export has more). */
const PAGE_ROWS = 200;

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const params = Object.fromEntries(args.url.searchParams);
  const filter = AuditFilterSchema.safeParse(params);
  const values = { who: params.who ?? "", entity: params.entity ?? "", from: params.from ?? "", to: params.to ?? "" };
  if (!filter.success) {
    const errors = Object.fromEntries(filter.error.issues.map((i) => [String(i.path[0]), `Enter ${i.message}.`]));
    return data({ site: { slug: scoped.slug, name: scoped.name }, values, errors, rows: [], query: "" }, { status: 400 });
  }
  const rows = await auditRows(db, scoped, filter.data, PAGE_ROWS);
  return {
    site: { slug: scoped.slug, name: scoped.name },
    values,
    errors: {} as Record<string, string>,
    rows: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), actor: r.actor, action: r.action, entity: [r.entity, r.entityId].filter(Boolean).join(" "), changes: summary(r.before, r.after) })),
    query: new URLSearchParams(Object.entries(values).filter(([, v]) => v)).toString(),
  };
}

/** "path: before → after" per changed path (settings rows), else nothing. */
function summary(before: unknown, after: unknown): string[] {
  if (typeof after !== "object" || after === null || Array.isArray(after)) return [];
  const was = (typeof before === "object" && before !== null ? before : {}) as Record<string, unknown>;
  return Object.entries(after as Record<string, unknown>).map(([path, value]) => `${path}: ${JSON.stringify(was[path] ?? null)} → ${JSON.stringify(value)}`);
}

const FILTERS = [
  { name: "who", label: "Who (e-mail contains)", type: "text" },
  { name: "entity", label: "What (entity or action contains)", type: "text" },
  { name: "from", label: "From (UTC day)", type: "date" },
  { name: "to", label: "To (UTC day)", type: "date" },
] as const;

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const { site, values, errors, rows, query } = loaderData;
  return (
    <section aria-labelledby="audit-title">
      <SitePageHeading site={site} title="Audit trail" id="audit-title" />
      <form method="get" className="mt-3 grid gap-3 sm:grid-cols-4" aria-label="Filter the audit trail">
        {FILTERS.map((f) => (
          <FilterField key={f.name} id={`audit-${f.name}`} label={f.label} error={errors[f.name]}>
            <input id={`audit-${f.name}`} name={f.name} type={f.type} defaultValue={values[f.name]} {...filterAria(`audit-${f.name}`, errors[f.name])} className="mt-1 w-full rounded border border-slate-500 px-2 py-1" />
          </FilterField>
        ))}
        <FilterActions clearHref={`/sites/${site.slug}/audit`} exportHref={`/sites/${site.slug}/audit/export${query ? `?${query}` : ""}`} exportLabel="Export as CSV" />
      </form>
      {rows.length ? (
        <ScrollingTable label="Audit trail" className="mt-4">
          <caption className="sr-only">Audit rows, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} className="border-t border-slate-200 align-top">
                <td className="whitespace-nowrap">{a.at.replace("T", " ").slice(0, 19)}</td>
                <td>{a.actor ?? "command line"}</td>
                <td>{[a.action, a.entity].filter(Boolean).join(" · ")}</td>
                <td className="break-all">
                  {a.changes.length ? (
                    <ul>
                      {a.changes.slice(0, 8).map((c) => (
                        <li key={c}>{c}</li>
                      ))}
                      {a.changes.length > 8 ? <li>and {a.changes.length - 8} more</li> : null}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">Nothing recorded{query ? " for these filters" : " for this site yet"}.</p>
      )}
    </section>
  );
}
