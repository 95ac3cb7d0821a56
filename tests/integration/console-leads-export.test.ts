/**
 * The leads CSV export streamed a page at a time (issue 49 item 4, decision 346), over real HTTP
 * through the production build, on PGlite or PostgreSQL (DATABASE_URL): an export of more rows
 * than one database page holds every lead once, newest first, with its content, and is audited
 * with its count. Leads received in the same microsecond, and many in the same millisecond, sit on
 * the page boundaries: a cursor rounded to JavaScript's milliseconds would skip or repeat them.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { exportLeads, LEADS_EXPORT_PAGE, LeadFilterSchema } from "../../app/console/leads.server";
import { leads, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { consoleRequest, freshClientIp, recordingMailer, signInSiteStaff } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
const ip = freshClientIp();
const LEADS = LEADS_EXPORT_PAGE * 2 + 345;
let manager: string;
/** The site's lead ids, newest first (received time, then number). */
let expected: number[];

beforeAll(async () => {
  const { db } = state.handle;
  const site = state.t.site;
  // Three leads share each received time, a microsecond apart from the next three: the whole set
  // falls within a few milliseconds.
  await db.execute(sql`
    insert into leads (site_id, submission_key, form, category, first_name, last_name, email, phone, postcode, payload, created_at)
    select ${site.id}, 'export-' || g || '-' || ${site.slug}, 'enquiry', 'Sales Enquiry',
      case when g = 1500 then '=cmd' else 'Shopper' || g end, 'Export', 'shopper' || g || '@example.com', '+614' || lpad(g::text, 8, '0'), '6000',
      '{"source":"Website"}'::jsonb, timestamptz '2026-06-01 02:00:00+00' + (g / 3) * interval '1 microsecond'
    from generate_series(1, ${LEADS}::int) g`);
  expected = (await db.select({ id: leads.id }).from(leads).where(eq(leads.siteId, site.id)).orderBy(desc(leads.createdAt), desc(leads.id))).map((r) => r.id);
  ({ site_manager: manager } = await signInSiteStaff(state.t, state.handle, ["site_manager"], ip));
});

describe(`leads CSV export, streamed (${ENGINE})`, () => {
  it("reads the filter a page at a time, each lead once, newest first", async () => {
    const site = state.t.site;
    const pages: number[] = [];
    const ids: number[] = [];
    const viewer = { scoped: { site: { id: site.id, slug: site.slug } as never, reach: "all" as const, locationIds: [] }, personal: true };
    for await (const page of exportLeads(state.handle.db, viewer, LeadFilterSchema.parse({}), "Australia/Perth", 100)) {
      pages.push(page.length);
      ids.push(...page.map((r) => r.id));
    }
    expect(pages).toEqual([...Array.from({ length: Math.floor(LEADS / 100) }, () => 100), LEADS % 100]);
    expect(ids).toEqual(expected);
  });

  it(`exports ${LEADS} leads (more than one page of ${LEADS_EXPORT_PAGE}) with their content, and audits the count`, async () => {
    const site = state.t.site;
    const response = await consoleRequest(state.t, `/sites/${site.slug}/leads.csv`, { ip, cookie: manager });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parse(await response.text()) as string[][];
    expect(rows[0]).toEqual(["lead", "received (Australia/Sydney)", "status", "form", "category", "first and last name", "email", "phone", "postcode", "location", "car", "stock number", "car type", "assigned to", "source", "anonymised", "failed deliveries"]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(expected);
    const byName = new Map(rows.slice(1).map((r) => [r[5], r]));
    expect(byName.get("Shopper1001 Export")?.slice(2, 9)).toEqual(["new", "enquiry", "Sales Enquiry", "Shopper1001 Export", "shopper1001@example.com", "'+61400001001", "6000"]);
    expect(byName.get("Shopper1001 Export")?.slice(14)).toEqual(["Website", "no", "0"]);
    // Text a spreadsheet would run as a formula (a name, and a phone number's +) is written as text.
    expect(byName.get("'=cmd Export")?.[6]).toBe("shopper1500@example.com");
    const [audit] = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, site.id), eq(staffAudit.action, "leads.export")));
    expect(audit.after).toEqual({ filter: {}, rows: LEADS, personal: true });
  });
});
