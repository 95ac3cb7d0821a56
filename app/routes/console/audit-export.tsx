/**
 * `/sites/{slug}/audit/export` (issue 48 item 6): the audit rows of the view's filters as CSV
 * (csv-stringify quotes every field that needs it), up to 50,000 rows.
 */
import { data } from "react-router";
import type { Route } from "./+types/audit-export";
import { auditRows, AuditFilterSchema } from "~/console/audit.server";
import { csvDownload } from "~/console/csv.server";
import { guardConsoleRoute } from "~/console/guard.server";

const ROUTE_ID = "console-site-audit-export";
const MAX_ROWS = 50_000;

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const filter = AuditFilterSchema.safeParse(Object.fromEntries(args.url.searchParams));
  if (!filter.success) throw data(`Invalid filter: ${filter.error.issues.map((i) => `${String(i.path[0])} must be ${i.message}`).join("; ")}`, { status: 400 });
  const rows = await auditRows(db, scoped, filter.data, MAX_ROWS);
  return csvDownload(
    ["id", "at_utc", "site", "who", "action", "entity", "entity_id", "before", "after", "ip_address"],
    rows.map((r) => [r.id, r.at.toISOString(), scoped.name, r.actor, r.action, r.entity, r.entityId, r.before, r.after, r.ipAddress]),
    `audit-${scoped.slug}.csv`,
  );
}
