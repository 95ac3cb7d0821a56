/**
 * `/sites/{slug}/leads.csv` (issue 49 item 4): the inbox's current filter (the same query string)
 * as CSV, every page of it (streamed: read from the database a page at a time while it is sent),
 * within the same reach as the inbox (sales: their assigned locations only). The shopper's
 * personal columns are empty without `leads.personal`. The export itself is written to the audit
 * trail (who took which leads out, and how many; an export the client broke off is marked
 * incomplete).
 */
import { data } from "react-router";
import type { Route } from "./+types/leads-export";
import { csvStreamDownload } from "~/console/csv.server";
import { consoleOf, guardConsoleRoute } from "~/console/guard.server";
import { exportLeads, LeadFilterSchema, siteTimeZone } from "~/console/leads.server";
import { reachIn, recordAudit } from "~/console/staff.server";

const ROUTE_ID = "console-site-leads-export";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!;
  const params = Object.fromEntries(args.url.searchParams);
  const filter = LeadFilterSchema.safeParse(params);
  if (!filter.success) throw data(`Invalid filter: ${filter.error.issues.map((i) => `${String(i.path[0])} must be ${i.message}`).join("; ")}`, { status: 400 });
  const personal = reachIn(member, scoped.site, "leads.personal") !== null;
  const timeZone = await siteTimeZone(db, scoped.site.id, scoped.configVersion);
  const { page: _page, ...exported } = filter.data;
  const audit = (rows: number, complete: boolean) =>
    recordAudit(db, { userId: member.id, actorEmail: member.email, siteId: scoped.site.id, action: "leads.export", entity: "leads", after: { filter: exported, rows, personal, ...(complete ? {} : { complete }) }, ipAddress: consoleOf(args.context).clientIp });
  async function* rows() {
    let count = 0;
    let complete = false;
    try {
      for await (const page of exportLeads(db, { scoped, personal }, filter.data!, timeZone)) {
        count += page.length;
        yield page.map((r) => [r.id, r.received, r.status, r.form, r.category, r.name, r.email, r.phone, r.postcode, r.location, r.car, r.stockNumber, r.carType, r.assignedTo, r.source, r.anonymised ? "yes" : "no", r.deadDeliveries]);
      }
      complete = true;
    } finally {
      // Written when the last row has been read (or the download stopped), with the rows that left.
      await audit(count, complete);
    }
  }
  return csvStreamDownload(
    ["lead", `received (${timeZone})`, "status", "form", "category", "first and last name", "email", "phone", "postcode", "location", "car", "stock number", "car type", "assigned to", "source", "anonymised", "failed deliveries"],
    rows(),
    `leads-${scoped.site.slug}.csv`,
  );
}
