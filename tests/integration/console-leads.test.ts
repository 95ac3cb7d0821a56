/**
 * The leads inbox (issue 49 item 4; decisions 315-317) over real HTTP through the Hono app on the
 * production build, on PGlite or PostgreSQL (DATABASE_URL): filters and paging, the detail page
 * and its audit row, status, assignment, notes and retrying a dead delivery, sales reach by list,
 * URL and CSV export, refused input, and the retention job.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymiseExpiredLeads } from "../../app/console/leads.server";
import { addStaffMember } from "../../app/console/staff.server";
import { SiteConfigSchema } from "../../app/sites/site-config";
import { cars, dealerGroups, leadDeliveries, leadNotes, leads, locations, sites, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } }, site: { locations: [{ slug: "north", name: "North Yard", primary: true }, { slug: "south", name: "South Yard" }] } });
const ip = freshClientIp();
const stamp = randomUUID().slice(0, 6);
let manager: string;
let managerEmail: string;
let sales: string;
let salesEmail: string;
let readOnly: string;
let north: number;
let south: number;
/** Lead ids by name. */
const ids: Record<string, number> = {};
let deadDelivery: number;
let sentDelivery: number;

async function member(role: "site_manager" | "sales" | "read_only", locationSlugs?: string[]): Promise<{ cookie: string; email: string }> {
  const email = `${role}-${stamp}-${Math.random().toString(36).slice(2, 7)}@leads.test`;
  await addStaffMember(state.handle.db, { email, role, target: { siteSlug: state.t.site.slug, locationSlugs } });
  return { cookie: await signInByLink(state.t, state.handle, email, ip), email };
}

async function get(path: string, cookie: string) {
  const response = await consoleRequest(state.t, path, { ip, cookie });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The lead numbers linked from an inbox page, in order. */
function listed(html: string): number[] {
  return [...html.matchAll(/href="\/sites\/[^/]+\/leads\/(\d+)"/g)].map((m) => Number(m[1]));
}

/** The 55 "Bulk" leads' numbers, newest first. */
async function bulkLeadsNewestFirst(): Promise<number[]> {
  const rows = await state.handle.db.select({ id: leads.id, createdAt: leads.createdAt }).from(leads).where(and(eq(leads.siteId, state.t.site.id), eq(leads.form, "general")));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);
}

beforeAll(async () => {
  const { db } = state.handle;
  const site = state.t.site;
  const locs = await db.select({ id: locations.id, slug: locations.slug }).from(locations).where(eq(locations.siteId, site.id));
  north = locs.find((l) => l.slug === "north")!.id;
  south = locs.find((l) => l.slug === "south")!.id;
  const [car] = await db.select({ id: cars.id, carType: cars.carType }).from(cars).where(eq(cars.id, state.t.carId));
  expect(car.carType).toBe("used");
  const at = (day: string) => new Date(`${day}T02:00:00Z`);
  const base = { siteId: site.id, category: "Sales Enquiry", payload: {} };
  const rows = [
    { name: "enquiry", form: "enquiry", locationId: north, carId: car.id, firstName: "Jane", lastName: "Citizen", email: "jane@example.com", phone: "+61412345678", postcode: "2150", createdAt: at("2026-11-20"), payload: { source: "Website", message: "=HYPERLINK(\"x\")", url: "https://dealer.test/cars/x", preferred_time: "Morning", lead_attributes: { visited_pages: ["/search", "/cars/x"], linked_query_params: "utm_source=google&utm_medium=cpc" } } },
    { name: "service", form: "service", category: "Service Booking", locationId: south, firstName: "Sam", lastName: "South", email: "sam@example.com", createdAt: at("2026-11-22") },
    { name: "parts", form: "parts", category: "Parts Enquiry", locationId: north, firstName: "Pat", createdAt: at("2026-11-24") },
  ];
  for (const r of rows) {
    const { name, ...values } = r;
    const [lead] = await db.insert(leads).values({ ...base, submissionKey: `${name}-${stamp}`, ...values }).returning({ id: leads.id });
    ids[name] = lead.id;
  }
  // 55 older general enquiries at the south yard: more than one page.
  await db.insert(leads).values(Array.from({ length: 55 }, (_, i) => ({ ...base, submissionKey: `bulk-${i}-${stamp}`, form: "general", category: "General Enquiry", locationId: south, firstName: `Bulk${i}`, createdAt: new Date(Date.parse("2026-10-01T00:00:00Z") + i * 60_000) })));
  const [dead, sent] = await db
    .insert(leadDeliveries)
    .values([
      { leadId: ids.enquiry, siteId: site.id, channel: "webhook", target: "http://127.0.0.1:9/hook", status: "dead", attempts: 8, lastError: "webhook answered 500" },
      { leadId: ids.enquiry, siteId: site.id, channel: "email", target: "sales@dealer.test", status: "sent", attempts: 1, sentAt: new Date() },
    ])
    .returning({ id: leadDeliveries.id });
  deadDelivery = dead.id;
  sentDelivery = sent.id;
  ({ cookie: manager, email: managerEmail } = await member("site_manager"));
  ({ cookie: sales, email: salesEmail } = await member("sales", ["north"]));
  ({ cookie: readOnly } = await member("read_only"));
});

describe(`leads inbox (${ENGINE})`, () => {
  const inbox = (query = "") => `/sites/${state.t.site.slug}/leads${query}`;

  it("lists the site's leads newest first, 50 a page, with a next page", async () => {
    const first = await get(inbox(), manager);
    expect(first.status).toBe(200);
    expect(listed(first.text).slice(0, 3)).toEqual([ids.parts, ids.service, ids.enquiry]);
    expect(listed(first.text)).toHaveLength(50);
    expect(first.text).toContain("Next page");
    const second = await get(inbox("?page=2"), manager);
    expect(listed(second.text)).toHaveLength(8);
    expect(second.text).not.toContain("Next page");
    expect(second.text).toContain("Previous page");
  });

  it("an empty result says so without a pager; a page past the last still leads back", async () => {
    const none = await get(inbox("?status=won"), manager);
    expect(none.text).toContain("No leads for these filters.");
    expect(none.text).not.toContain('aria-label="Pages of leads"');
    const past = await get(inbox("?page=9"), manager);
    expect(listed(past.text)).toEqual([]);
    expect(past.text).toContain("No leads on this page.");
    expect(past.text).toContain('aria-label="Pages of leads"');
    expect(past.text).toContain("Previous page");
  });

  it("filters by status, department, location, form, car type, dates and free text", async () => {
    const only = async (query: string) => listed((await get(inbox(query), manager)).text);
    expect(await only("?department=service")).toEqual([ids.service]);
    expect(await only("?department=parts")).toEqual([ids.parts]);
    expect(await only(`?location=${north}`)).toEqual([ids.parts, ids.enquiry]);
    expect(await only("?form=enquiry")).toEqual([ids.enquiry]);
    expect(await only("?carType=used")).toEqual([ids.enquiry]);
    expect(await only("?carType=new")).toEqual([]);
    expect(await only("?from=2026-11-21&to=2026-11-22")).toEqual([ids.service]);
    expect(await only("?q=citizen")).toEqual([ids.enquiry]);
    expect(await only("?q=sam%40example")).toEqual([ids.service]);
    expect(await only("?q=SAM%40Example.COM")).toEqual([ids.service]);
    expect(await only("?q=sam%40elsewhere")).toEqual([]);
    expect(await only("?q=am%40ex")).toEqual([ids.service]);
    expect(await only(`?q=%23${ids.parts}`)).toEqual([ids.parts]);
    expect(await only("?status=won")).toEqual([]);
    expect(await only("?department=sales&location=" + south)).toHaveLength(50);
  });

  it("free text with other filters: each way of matching is filtered, a lead matching two ways is listed once, pages stay in order", async () => {
    const only = async (query: string, cookie = manager) => listed((await get(inbox(query), cookie)).text);
    // 50 more leads on the same car at the south yard, whose shoppers are also named after its
    // make: each matches by its car and by its name, and takes one place on a page.
    const fans = await state.handle.db
      .insert(leads)
      .values(Array.from({ length: 50 }, (_, i) => ({ siteId: state.t.site.id, submissionKey: `fan-${i}-${stamp}`, form: "enquiry", category: "Sales Enquiry", payload: {}, locationId: south, carId: state.t.carId, firstName: "Toyota", lastName: `Fan${i}`, createdAt: new Date(Date.parse("2026-09-01T02:00:00Z") + i * 60_000) })))
      .returning({ id: leads.id });
    const newestFans = fans.map((f) => f.id).reverse();
    try {
      expect(await only("?q=toyota")).toEqual([ids.enquiry, ...newestFans.slice(0, 49)]);
      expect(await only("?q=toyota&page=2")).toEqual(newestFans.slice(49));
      expect(await only("?q=toyota&location=" + south)).toEqual(newestFans);
      expect(await only("?q=toyota&form=enquiry&status=won")).toEqual([]);
      expect(await only("?q=toyota&carType=used&location=" + north)).toEqual([ids.enquiry]);
      expect(await only("?q=toyota&carType=new")).toEqual([]);
      expect(await only("?q=fan7&carType=used")).toEqual([newestFans[49 - 7]]);
      expect(await only(`?q=%23${ids.parts}&location=${north}`)).toEqual([ids.parts]);
      expect(await only(`?q=%23${ids.parts}&location=${south}`)).toEqual([]);
      // The 55 "Bulk" shoppers, newest first, over two pages; none at the north yard.
      const bulk = await bulkLeadsNewestFirst();
      expect(bulk).toHaveLength(55);
      expect(await only("?q=bulk")).toEqual(bulk.slice(0, 50));
      expect(await only("?q=bulk&page=2")).toEqual(bulk.slice(50));
      expect(await only("?q=bulk&location=" + north)).toEqual([]);
      // Sales at the north yard: the south yard's matches are not theirs.
      expect(await only("?q=toyota", sales)).toEqual([ids.enquiry]);
      expect(await only("?q=bulk", sales)).toEqual([]);
    } finally {
      await state.handle.db.delete(leads).where(inArray(leads.id, fans.map((f) => f.id)));
    }
  });

  it("free text shared by hundreds of leads: every page lists the next 50 in received order, none twice", async () => {
    const page = async (query: string, cookie = manager) => {
      const res = await get(inbox(query), cookie);
      return { ids: listed(res.text), next: res.text.includes("Next page") };
    };
    // 1,200 older leads at the south yard: every hundredth named "Rare", every third of the others
    // "Common" (396, eight pages).
    const crowd = Array.from({ length: 1_200 }, (_, i) => ({ siteId: state.t.site.id, submissionKey: `crowd-${i}-${stamp}`, form: "general", category: "General Enquiry", payload: {}, locationId: south, firstName: `Crowd${i}`, lastName: i % 100 === 0 ? "Rare" : i % 3 === 0 ? "Common" : "Other", createdAt: new Date(Date.parse("2026-08-01T00:00:00Z") + i * 60_000) }));
    const inserted: { id: number; i: number }[] = [];
    for (let from = 0; from < crowd.length; from += 400) {
      const rows = await state.handle.db.insert(leads).values(crowd.slice(from, from + 400)).returning({ id: leads.id, key: leads.submissionKey });
      inserted.push(...rows.map((r) => ({ id: r.id, i: Number(r.key!.split("-")[1]) })));
    }
    const newestFirst = (keep: (i: number) => boolean) => inserted.filter((r) => keep(r.i)).sort((a, b) => b.i - a.i).map((r) => r.id);
    try {
      const common = newestFirst((i) => i % 3 === 0 && i % 100 !== 0);
      expect(common).toHaveLength(396);
      const pages: number[] = [];
      for (let n = 1; n <= 8; n++) {
        const p = await page(`?q=common&page=${n}`);
        expect(p.ids).toEqual(common.slice((n - 1) * 50, n * 50));
        expect(p.next).toBe(n < 8);
        pages.push(...p.ids);
      }
      expect(new Set(pages).size).toBe(396);
      expect((await page("?q=rare")).ids).toEqual(newestFirst((i) => i % 100 === 0));
      expect((await page(`?q=common&location=${north}`)).ids).toEqual([]);
      expect((await page("?q=common", sales)).ids).toEqual([]);
      // "Crowd" names every one of them: a page far into the matches.
      const everyCrowd = newestFirst(() => true);
      expect((await page("?q=crowd&page=2")).ids).toEqual(everyCrowd.slice(50, 100));
      expect((await page("?q=crowd&page=11")).ids).toEqual(everyCrowd.slice(500, 550));
    } finally {
      await state.handle.db.delete(leads).where(inArray(leads.id, inserted.map((r) => r.id)));
    }
  });

  it("refuses a bad filter with a message beside it and keeps what was typed", async () => {
    const page = await get(inbox("?from=2026-13-40&q=keep%20me&status=nope"), manager);
    expect(page.status).toBe(400);
    expect(page.text).toContain("Enter a real date.");
    expect(page.text).toContain("Enter one of the listed statuses.");
    expect(page.text).toContain('value="keep me"');
    const february30 = await get(inbox("?from=2026-02-30"), manager);
    expect(february30.status).toBe(400);
    expect(february30.text).toContain("Enter a real date.");
    const backwards = await get(inbox("?from=2026-11-22&to=2026-11-01"), manager);
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain("Enter a day on or after the From day.");
  });

  it("shows one lead: contact, car, answers, visited pages, source, linked parameters and every delivery; the view is audited", async () => {
    const page = await get(`${inbox()}/${ids.enquiry}`, manager);
    expect(page.status).toBe(200);
    for (const text of ["Jane Citizen", "jane@example.com", "+61412345678", "2150", "North Yard", "preferred_time", "Morning", "/search", "/cars/x", "utm_source", "google", "cpc", "Website", "webhook answered 500", "Failed (gave up)", "http://127.0.0.1:9/hook", "sales@dealer.test", "Retry webhook delivery"])
      expect(page.text).toContain(text);
    // Only the dead delivery offers a retry.
    expect(page.text.match(/Retry \w+ delivery/g)).toEqual(["Retry webhook delivery"]);
    const [view] = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "lead.view"), eq(staffAudit.entityId, String(ids.enquiry)), eq(staffAudit.actorEmail, managerEmail)));
    expect(view).toMatchObject({ entity: "lead", after: { personal: true } });
  });

  it("changes the status, assigns, adds notes with their history, and retries a dead delivery, each audited", async () => {
    const path = `${inbox()}/${ids.enquiry}`;
    const post = (form: Record<string, string>) => consoleRequest(state.t, path, { ip, cookie: manager, form });
    const status = await post({ intent: "status", status: "contacted" });
    expect(status.status).toBe(200);
    expect(await status.text()).toContain("Status changed to Contacted.");
    const badStatus = await post({ intent: "status", status: "sold" });
    expect(badStatus.status).toBe(400);
    expect(await badStatus.text()).toContain("Choose one of the listed statuses.");

    const page = await get(path, manager);
    const salesId = /<option value="([^"]+)">[^<]*sales-/.exec(page.text)?.[1];
    expect(salesId, "the sales member of this location may be assigned").toBeTruthy();
    const assigned = await post({ intent: "assign", assignee: salesId! });
    expect(await assigned.text()).toContain(`Assigned to ${salesEmail}.`);
    const stranger = await post({ intent: "assign", assignee: "no-such-member" });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain("Choose one of the listed staff members.");

    const empty = await post({ intent: "note", body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the note.");
    const long = "x".repeat(4001);
    const tooLong = await post({ intent: "note", body: long });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(long);
    await post({ intent: "note", body: "Called, no answer" });
    await post({ intent: "note", body: "Booked a test drive" });
    const notes = await state.handle.db.select().from(leadNotes).where(eq(leadNotes.leadId, ids.enquiry)).orderBy(asc(leadNotes.id));
    expect(notes.map((n) => [n.body, n.authorEmail])).toEqual([
      ["Called, no answer", managerEmail],
      ["Booked a test drive", managerEmail],
    ]);
    const after = (await get(path, manager)).text;
    expect(after.indexOf("Called, no answer")).toBeLessThan(after.indexOf("Booked a test drive"));
    expect(after).toContain('data-testid="lead-status">Contacted<');

    const notDead = await post({ intent: "retry", delivery: String(sentDelivery) });
    expect(notDead.status).toBe(400);
    expect(await notDead.text()).toContain("That delivery is sent, not dead: there is nothing to retry.");
    const retried = await post({ intent: "retry", delivery: String(deadDelivery) });
    expect(await retried.text()).toContain("The webhook delivery is queued for an immediate attempt.");
    const [job] = await state.handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, deadDelivery));
    expect(job).toMatchObject({ status: "pending", attempts: 0 });

    const actions = await state.handle.db.select({ action: staffAudit.action }).from(staffAudit).where(and(eq(staffAudit.entityId, String(ids.enquiry)), eq(staffAudit.actorEmail, managerEmail))).orderBy(asc(staffAudit.id));
    expect(actions.map((a) => a.action).filter((a) => a !== "lead.view")).toEqual(["lead.status", "lead.assign", "lead.note", "lead.note", "lead.delivery-retry"]);
  });

  it("read-only staff see a lead but change nothing", async () => {
    const page = await get(`${inbox()}/${ids.parts}`, readOnly);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Add note");
    const refused = await consoleRequest(state.t, `${inbox()}/${ids.parts}`, { ip, cookie: readOnly, form: { intent: "status", status: "won" } });
    expect(refused.status).toBe(403);
  });

  it("sales see only their assigned locations' leads: by list, by URL and by CSV export", async () => {
    const list = await get(inbox(), sales);
    expect(listed(list.text)).toEqual([ids.parts, ids.enquiry]);
    expect(list.text).toContain("Leads of your assigned locations only.");
    expect((await get(`${inbox()}/${ids.enquiry}`, sales)).status).toBe(200);
    expect((await get(`${inbox()}/${ids.service}`, sales)).status).toBe(404);
    expect((await consoleRequest(state.t, `${inbox()}/${ids.service}`, { ip, cookie: sales, form: { intent: "status", status: "won" } })).status).toBe(404);
    // Asking for the other location by filter finds nothing either.
    expect(listed((await get(inbox(`?location=${south}`), sales)).text)).toEqual([]);
    const csv = await get(`/sites/${state.t.site.slug}/leads.csv?location=${south}`, sales);
    expect(csv.status).toBe(200);
    expect(parse(csv.text)).toHaveLength(1);
    const all = parse((await get(`/sites/${state.t.site.slug}/leads.csv`, sales)).text) as string[][];
    expect(all.slice(1).map((r) => Number(r[0]))).toEqual([ids.parts, ids.enquiry]);
  });

  it("exports the current filter as CSV, every page of it, and audits the export", async () => {
    const response = await get(`/sites/${state.t.site.slug}/leads.csv?location=${south}`, manager);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="leads-${state.t.site.slug}.csv"`);
    const rows = parse(response.text) as string[][];
    expect(rows[0].slice(0, 3)).toEqual(["lead", "received (Australia/Sydney)", "status"]);
    expect(rows).toHaveLength(1 + 56);
    expect(rows[1]).toContain("Sam South");
    const [exported] = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.action, "leads.export"), eq(staffAudit.actorEmail, managerEmail)));
    expect(exported.after).toMatchObject({ rows: 56, filter: { location: south } });
    const bad = await get(`/sites/${state.t.site.slug}/leads.csv?carType=boat`, manager);
    expect(bad.status).toBe(400);
  });

  it("anonymises leads older than the site's retention, once, and reports the count", async () => {
    expect(SiteConfigSchema.safeParse({ leads: { retentionDays: 5 } }).success).toBe(false);
    expect(SiteConfigSchema.parse({}).leads.retentionDays).toBeNull();
    const { db } = state.handle;
    const now = Date.parse("2026-11-29T00:00:00Z");
    const mine = async () => (await anonymiseExpiredLeads(db, now)).find((s) => s.siteId === state.t.site.id);
    expect(await mine()).toBeUndefined();
    await db.update(sites).set({ config: { ...(state.t.site.config as object), leads: { retentionDays: 30 } } }).where(eq(sites.id, state.t.site.id));
    // The 55 leads of October are older than 30 days; the November ones are not.
    expect(await mine()).toEqual({ siteId: state.t.site.id, slug: state.t.site.slug, anonymised: 55 });
    expect(await mine()).toBeUndefined();
    const [old] = await db.select().from(leads).where(eq(leads.submissionKey, `bulk-0-${stamp}`));
    expect(old).toMatchObject({ firstName: "(anonymised)", lastName: null, email: null, phone: null, ip: null, form: "general", locationId: south });
    expect(old.anonymisedAt).not.toBeNull();
    const [kept] = await db.select().from(leads).where(eq(leads.id, ids.enquiry));
    expect(kept.firstName).toBe("Jane");
    const [report] = await db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "leads.anonymise")));
    expect(report.after).toEqual({ anonymised: 55, olderThanDays: 30 });
    const page = await get(`/sites/${state.t.site.slug}/leads?page=2`, manager);
    expect(page.text).toContain("Anonymised");
  });

  it("applies a dealer group's retention to its sites unless the site sets its own, null included", async () => {
    const { db } = state.handle;
    const group = state.t.site.dealerGroup!;
    const now = Date.parse("2026-11-29T00:00:00Z");
    const mine = async () => (await anonymiseExpiredLeads(db, now)).find((s) => s.siteId === state.t.site.id);
    const [lead] = await db.insert(leads).values({ siteId: state.t.site.id, category: "General Enquiry", form: "general", payload: {}, submissionKey: `august-${stamp}`, firstName: "August", createdAt: new Date("2026-08-01T02:00:00Z") }).returning({ id: leads.id });
    const groupConfig = (await db.select({ config: dealerGroups.config }).from(dealerGroups).where(eq(dealerGroups.id, group.id)))[0].config as object;
    // The earlier test left the site's own 30 days: what the site stores, without its leads settings.
    const stored = (await db.select({ config: sites.config }).from(sites).where(eq(sites.id, state.t.site.id)))[0].config as Record<string, unknown>;
    const { leads: _own, ...siteConfig } = stored;
    try {
      await db.update(dealerGroups).set({ config: { ...groupConfig, leads: { retentionDays: 90 } } }).where(eq(dealerGroups.id, group.id));
      // The site's own null wins over the group's 90 days (DESIGN.md section 3: the site's value wins).
      await db.update(sites).set({ config: { ...siteConfig, leads: { retentionDays: null } } }).where(eq(sites.id, state.t.site.id));
      expect(await mine()).toBeUndefined();
      await db.update(sites).set({ config: siteConfig }).where(eq(sites.id, state.t.site.id));
      // The August lead is older than 90 days; the earlier test's October leads are already anonymised.
      expect(await mine()).toEqual({ siteId: state.t.site.id, slug: state.t.site.slug, anonymised: 1 });
      const [row] = await db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row.firstName).toBe("(anonymised)");
    } finally {
      await db.update(dealerGroups).set({ config: groupConfig }).where(eq(dealerGroups.id, group.id));
      await db.update(sites).set({ config: stored }).where(eq(sites.id, state.t.site.id));
    }
  });
});
