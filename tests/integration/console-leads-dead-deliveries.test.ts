/**
 * Issue 54 (decision 370): the leads inbox and its CSV export count each lead's dead deliveries
 * with one grouped query per page over the page's lead ids, not a query (or a subquery) per
 * lead. The statements the services send are recorded through the database handle's logger and
 * counted, and every row's count is checked against the deliveries written, on PGlite or
 * PostgreSQL (DATABASE_URL). The plan at size (no Seq Scan on lead_deliveries) is checked by
 * hot-query-plans.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leadDeliveries, leads } from "../../db/schema/index";
import { exportLeads, listLeads, LEADS_PAGE_SIZE } from "../../app/console/leads.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase, statementRecorder, wholeSiteLeadViewer } from "./database";

const LEADS = 130;
let handle: DatabaseHandle;
let site: Site;
let other: Site;
const recorder = statementRecorder();
/** Dead deliveries written per lead id (leads without any are absent). */
const deadByLead = new Map<number, number>();

const viewerOf = wholeSiteLeadViewer;

/** The statements `run` sends (their SQL). */
const statementsOf = async (run: () => Promise<unknown>) => (await recorder.during(run)).map((s) => s.sql);

beforeAll(async () => {
  handle = await openTestDatabase({ logger: recorder.logger });
  site = await createTestSite(handle);
  other = await createTestSite(handle);
  const base = Date.parse("2026-06-01T00:00:00Z");
  const rows = await handle.db
    .insert(leads)
    .values(Array.from({ length: LEADS }, (_, i) => ({ siteId: site.id, submissionKey: `dead-${site.slug}-${i}`, form: "enquiry", category: "Vehicle Enquiry", firstName: `Lead${i}`, payload: {}, createdAt: new Date(base + i * 60_000) })))
    .returning({ id: leads.id });
  const deliveries: (typeof leadDeliveries.$inferInsert)[] = [];
  for (const [i, { id }] of rows.entries()) {
    // Every lead has a sent e-mail; every third a dead webhook; every tenth a dead ADF as well;
    // every seventh a pending retry (neither counts as dead).
    deliveries.push({ leadId: id, siteId: site.id, channel: "email", target: "sales@dealer.test", status: "sent", attempts: 1, sentAt: new Date() });
    let dead = 0;
    if (i % 3 === 0) {
      deliveries.push({ leadId: id, siteId: site.id, channel: "webhook", target: "http://127.0.0.1:9/hook", status: "dead", attempts: 8, lastError: "webhook answered 500" });
      dead++;
    }
    if (i % 10 === 0) {
      deliveries.push({ leadId: id, siteId: site.id, channel: "adf", target: "crm@dealer.test", status: "dead", attempts: 8, lastError: "mailbox full" });
      dead++;
    }
    if (i % 7 === 0) deliveries.push({ leadId: id, siteId: site.id, channel: "webhook", target: "http://127.0.0.1:9/other", status: "pending", attempts: 2 });
    if (dead) deadByLead.set(id, dead);
  }
  await handle.db.insert(leadDeliveries).values(deliveries);
  // Another site's lead with dead deliveries: never counted on this site's pages.
  const [foreign] = await handle.db.insert(leads).values({ siteId: other.id, submissionKey: `dead-${other.slug}`, form: "enquiry", category: "Vehicle Enquiry", firstName: "Other", payload: {} }).returning({ id: leads.id });
  await handle.db.insert(leadDeliveries).values({ leadId: foreign.id, siteId: other.id, channel: "webhook", target: "http://127.0.0.1:9/hook", status: "dead", attempts: 8 });
}, 180_000);

afterAll(async () => {
  await handle?.close();
});

describe(`dead deliveries in the leads inbox and export (${ENGINE})`, () => {
  it("an inbox page is three statements, its ids, then its rows and one grouped count over its leads, and each row's count is its own dead deliveries", async () => {
    let page!: Awaited<ReturnType<typeof listLeads>>;
    const sent = await statementsOf(async () => {
      page = await listLeads(handle.db, viewerOf(site), {}, "Australia/Sydney");
    });
    expect(page.rows).toHaveLength(LEADS_PAGE_SIZE);
    expect(page.rows.map((r) => r.deadDeliveries)).toEqual(page.rows.map((r) => deadByLead.get(r.id) ?? 0));
    // The page has leads with none, one and two dead deliveries.
    expect(new Set(page.rows.map((r) => r.deadDeliveries))).toEqual(new Set([0, 1, 2]));
    expect(sent).toHaveLength(3);
    // The ids by the filter, then the page's rows and its count (sent together, in either order).
    expect(sent[0]).toMatch(/^select "id" from "leads" where .* limit \$\d+( offset \$\d+)?$/);
    const [rows, counts] = [sent.slice(1).filter((q) => !q.includes("lead_deliveries")), sent.slice(1).filter((q) => q.includes("lead_deliveries"))];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/from "leads" left join "cars"/);
    expect(rows[0]).toMatch(/"leads"\."id" = any\(\$\d+::text::int\[\]\)/);
    expect(counts).toEqual([expect.stringMatching(/^select "lead_id", count\(\*\)::int from "lead_deliveries" where \("lead_deliveries"\."lead_id" = any\(\$1::text::int\[\]\) and "lead_deliveries"\."status" = \$2\) group by "lead_deliveries"\."lead_id"$/)]);
  });

  it("the next page's ids are those after this page's, and no lead is listed twice", async () => {
    const first = await listLeads(handle.db, viewerOf(site), {}, "Australia/Sydney");
    const second = await listLeads(handle.db, viewerOf(site), { page: 2 }, "Australia/Sydney");
    expect(first.hasNext).toBe(true);
    const ids = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.rows, ...second.rows].map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("a later page counts its own leads", async () => {
    const page = await listLeads(handle.db, viewerOf(site), { page: 3 }, "Australia/Sydney");
    expect(page.rows).toHaveLength(LEADS - 2 * LEADS_PAGE_SIZE);
    expect(page.rows.map((r) => r.deadDeliveries)).toEqual(page.rows.map((r) => deadByLead.get(r.id) ?? 0));
  });

  it("the export sends one count per page of leads whatever the number of leads, and counts every lead right", async () => {
    const exported: { id: number; dead: number }[] = [];
    const sent = await statementsOf(async () => {
      for await (const rows of exportLeads(handle.db, viewerOf(site), {}, "Australia/Sydney", 40)) exported.push(...rows.map((r) => ({ id: r.id, dead: r.deadDeliveries })));
    });
    expect(exported).toHaveLength(LEADS);
    expect(exported.map((r) => r.dead)).toEqual(exported.map((r) => deadByLead.get(r.id) ?? 0));
    expect(exported.reduce((n, r) => n + r.dead, 0)).toBe([...deadByLead.values()].reduce((n, d) => n + d, 0));
    // 130 leads in pages of 40: four pages, each one page query and one count.
    expect(sent.filter((q) => q.includes('from "leads"'))).toHaveLength(4);
    expect(sent.filter((q) => q.includes("lead_deliveries"))).toHaveLength(4);
    expect(sent).toHaveLength(8);
  });

  it("a site with no leads sends no count at all", async () => {
    const empty = await createTestSite(handle);
    const sent = await statementsOf(() => listLeads(handle.db, viewerOf(empty), {}, "Australia/Sydney"));
    expect(sent).toHaveLength(1);
  });
});
