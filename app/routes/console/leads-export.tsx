/**
 * `/sites/{slug}/leads.csv` (issue 49 item 4): the inbox's current filter (the same query string)
 * as CSV, every page of it up to 100,000 leads, within the same reach as the inbox (sales: their
 * assigned locations only). The shopper's personal columns are empty without `leads.personal`.
 * The export itself is written to the audit trail (who took which leads out, and how many).
 */
import { data } from "react-router";
import type { Route } from "./+types/leads-export";
import { csvDownload } from "~/console/csv.server";
import { consoleOf, guardConsoleRoute } from "~/console/guard.server";
import { exportLeads, formatInTimeZone, LeadFilterSchema, siteTimeZone } from "~/console/leads.server";
import { reachIn, recordAudit } from "~/console/staff.server";

const ROUTE_ID = "console-site-leads-export";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!;
  const params = Object.fromEntries(args.url.searchParams);
  const filter = LeadFilterSchema.safeParse(params);
  if (!filter.success) throw data(`Invalid filter: ${filter.error.issues.map((i) => `${String(i.path[0])} must be ${i.message}`).join("; ")}`, { status: 400 });
  const personal = reachIn(member, scoped.site, "leads.personal") !== null;
  const timeZone = await siteTimeZone(db, scoped.site.id);
  const rows = await exportLeads(db, { scoped, personal }, filter.data, timeZone);
  const { page: _page, ...exported } = filter.data;
  await recordAudit(db, { userId: member.id, actorEmail: member.email, siteId: scoped.site.id, action: "leads.export", entity: "leads", after: { filter: exported, rows: rows.length, personal }, ipAddress: consoleOf(args.context).clientIp });
  return csvDownload(
    ["lead", `received (${timeZone})`, "status", "form", "category", "first and last name", "email", "phone", "postcode", "location", "car", "stock number", "car type", "assigned to", "source", "anonymised", "failed deliveries"],
    rows.map((r) => [r.id, formatInTimeZone(r.createdAt, timeZone), r.status, r.form, r.category, r.name, r.email, r.phone, r.postcode, r.location, r.car, r.stockNumber, r.carType, r.assignedTo, r.source, r.anonymised ? "yes" : "no", r.deadDeliveries]),
    `leads-${scoped.site.slug}.csv`,
  );
}
