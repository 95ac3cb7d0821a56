/**
 * Issue 49 items 6 and 7 on PGlite or PostgreSQL (DATABASE_URL): the dashboard's figures with an
 * injected clock (leads by form and source for today in the site's time zone, 7 and 30 days;
 * delivery failures; reservations; stock by type with aged stock; no photos, no price; most
 * viewed), for a manager and for sales staff of one location; the page's charts with their text
 * alternatives over HTTP; and the trade-in valuations list with its scoping.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentsAdapterFor } from "../../app/adapters/payments/index.server";
import { siteDashboard } from "../../app/console/dashboard.server";
import { addStaffMember, siteFor, loadStaffMember } from "../../app/console/staff.server";
import { getCarBySlug } from "../../app/services/cars.server";
import { endReservation, reserveCar } from "../../app/services/reservations.server";
import { cars, leadDeliveries, leads, locations, staffUsers, tradeInValuations } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";
import { stockRecord } from "./fixtures";

const DAY = 24 * 3_600_000;
/** 14:00 in Sydney (AEDT, UTC+11) on Sunday 29 November 2026: "today" began at 13:00 UTC on the 28th. */
const NOW = Date.parse("2026-11-29T03:00:00Z");
const PHOTO = ["https://img.test/car.jpg"];

const state = useTestApp({
  site: { locations: [{ slug: "north", primary: true }, { slug: "south" }], config: { features: { checkout: true } } },
  cars: [
    stockRecord({ stock_number: "D-NEW", car_type: "new", location_slug: "north", price: 40_000, images: PHOTO }),
    stockRecord({ stock_number: "D-USED-NOPRICE", car_type: "used", location_slug: "north", price: null, images: [] }),
    stockRecord({ stock_number: "D-USED-OLD", car_type: "used", location_slug: "south", price: 25_000, images: [] }),
    stockRecord({ stock_number: "D-DEMO", car_type: "demo", location_slug: "north", price: 5, images: PHOTO }),
    stockRecord({ stock_number: "D-SOLD", car_type: "used", location_slug: "north", price: 20_000, images: PHOTO }),
  ],
  app: { trustProxy: true, console: { mailer: recordingMailer() } },
});
const ip = freshClientIp();
const stamp = randomUUID().slice(0, 6);
const ids: Record<string, number> = {};
const loc: Record<string, number> = {};
let managerEmail: string;
let salesEmail: string;

async function setCar(stockNumber: string, values: { ageDays: number; views: number; status?: "sold" }) {
  await state.handle.db
    .update(cars)
    .set({ createdAt: new Date(NOW - values.ageDays * DAY), views: values.views, ...(values.status ? { status: values.status, sold: true } : {}) })
    .where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, stockNumber)));
}

async function lead(form: string, location: "north" | "south", at: number, linked: string, deliveries: { status: string; attempts: number }[]) {
  const { db } = state.handle;
  const [row] = await db
    .insert(leads)
    .values({ siteId: state.t.site.id, submissionKey: randomUUID(), form, category: "Enquiry", firstName: "Jane", locationId: loc[location], payload: { lead_attributes: { visited_pages: [], linked_query_params: linked } }, createdAt: new Date(at) })
    .returning({ id: leads.id });
  for (const d of deliveries) await db.insert(leadDeliveries).values({ leadId: row.id, siteId: state.t.site.id, channel: "webhook", target: "https://crm.test/hook", status: d.status, attempts: d.attempts, lastError: d.status === "sent" ? null : "HTTP 500" });
  return row.id;
}

async function reserveAt(stockNumber: string, at: number): Promise<number> {
  const { db } = state.handle;
  const lookup = await getCarBySlug(db, state.t.site, (await db.select({ slug: cars.slug }).from(cars).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, stockNumber))))[0].slug);
  if (lookup.kind !== "found") throw new Error("car not found");
  const result = await reserveCar(db, paymentsAdapterFor(db), state.t.site, {
    car: lookup.car, details: { name: "Jane", last_name: "Citizen", phone: "+61412345678", email: "jane@example.com", postcode: "2150", location_id: null },
    card: { number: "4242 4242 4242 4242" }, now: at, ip: null, userAgent: null, url: null, skipLead: true,
  });
  if (result.kind !== "reserved") throw new Error(`not reserved: ${result.kind}`);
  return result.reservationId;
}

async function figuresFor(email: string) {
  const { db } = state.handle;
  const [user] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
  const member = (await loadStaffMember(db, user.id))!;
  const scoped = await siteFor(db, member, state.t.site.slug, "site.view");
  return siteDashboard(db, scoped, { now: NOW, timeZone: "Australia/Sydney", priceThreshold: 10 });
}

beforeAll(async () => {
  const { db } = state.handle;
  for (const l of await db.select({ id: locations.id, slug: locations.slug }).from(locations).where(eq(locations.siteId, state.t.site.id))) loc[l.slug] = l.id;
  // Reservations first: the cars must still be reservable (in stock, priced).
  ids.today = await reserveAt("D-NEW", NOW - 2 * 3_600_000);
  await endReservation(db, paymentsAdapterFor(db), ids.today, "capture", NOW - 3_600_000);
  ids.older = await reserveAt("D-USED-OLD", NOW - 10 * DAY);
  // Ended, so no other test's expiry job (one PostgreSQL for every file) finds a due hold of ours.
  await endReservation(db, paymentsAdapterFor(db), ids.older, "release", NOW - 9 * DAY);
  await setCar("D-NEW", { ageDays: 10, views: 7 });
  await setCar("D-USED-NOPRICE", { ageDays: 45, views: 0 });
  await setCar("D-USED-OLD", { ageDays: 95, views: 3 });
  await setCar("D-DEMO", { ageDays: 65, views: 50 });
  await setCar("D-SOLD", { ageDays: 20, views: 100, status: "sold" });

  await lead("enquiry", "north", NOW - 3_600_000, "", [{ status: "dead", attempts: 5 }]);
  await lead("enquiry", "north", NOW - 3 * DAY, "utm_source=Newsletter+Nov&utm_medium=email", [{ status: "pending", attempts: 2 }]);
  await lead("test-drive", "south", NOW - 20 * DAY, "fbclid=abc", [{ status: "dead", attempts: 5 }, { status: "sent", attempts: 1 }]);
  await lead("enquiry", "north", NOW - 40 * DAY, "", [{ status: "dead", attempts: 5 }]);
  // 01:00 on the 29th in Sydney (14:00 UTC on the 28th): today for the dealer, yesterday in UTC.
  await lead("finance", "north", Date.parse("2026-11-28T14:00:00Z"), "gclid=xyz", []);
  // 23:00 on the 28th in Sydney: yesterday for the dealer.
  await lead("finance", "north", Date.parse("2026-11-28T12:00:00Z"), "utm_source=newsletter%20nov", []);

  managerEmail = `manager-${stamp}@dash.test`;
  salesEmail = `sales-${stamp}@dash.test`;
  await addStaffMember(db, { email: managerEmail, role: "site_manager", target: { siteSlug: state.t.site.slug } });
  await addStaffMember(db, { email: salesEmail, role: "sales", target: { siteSlug: state.t.site.slug, locationSlugs: ["north"] } });
});

describe(`console dashboard figures (issue 49 item 7) (${ENGINE})`, () => {
  it("counts leads by form and source for today (the site's time zone), 7 and 30 days", async () => {
    const f = await figuresFor(managerEmail);
    expect(f.since.today).toBe("2026-11-28T13:00:00.000Z");
    expect(f.leads).toEqual({ today: 2, week: 4, month: 5 });
    expect(f.leadsByForm).toEqual([
      { form: "enquiry", today: 1, week: 2, month: 2 },
      { form: "finance", today: 1, week: 2, month: 2 },
      { form: "test-drive", today: 0, week: 0, month: 1 },
    ]);
    expect(f.leadsBySource).toEqual([
      { source: "newsletter nov", today: 0, week: 2, month: 2 },
      { source: "direct or unknown", today: 1, week: 1, month: 1 },
      { source: "google ads", today: 1, week: 1, month: 1 },
      { source: "facebook ads", today: 0, week: 0, month: 1 },
    ]);
  });

  it("counts failed and retrying deliveries of the period's leads, and reservations made and captured", async () => {
    const f = await figuresFor(managerEmail);
    expect(f.deliveryFailures).toEqual({ dead: { today: 1, week: 1, month: 2 }, retrying: { today: 0, week: 1, month: 1 } });
    expect(f.reservations).toEqual({ made: { today: 1, week: 1, month: 2 }, captured: { today: 1, week: 1, month: 1 } });
  });

  it("counts stock by type with aged stock over 30, 60 and 90 days, cars without photos or price, and the most viewed", async () => {
    const f = await figuresFor(managerEmail);
    expect(f.stockByType).toEqual([
      { carType: "demo", inStock: 1, over30: 1, over60: 1, over90: 0 },
      { carType: "new", inStock: 1, over30: 0, over60: 0, over90: 0 },
      { carType: "used", inStock: 2, over30: 2, over60: 1, over90: 1 },
    ]);
    expect(f.noPhotos).toBe(2);
    expect(f.noPrice).toBe(2);
    expect(f.mostViewed.map((c) => [c.stockNumber, c.views])).toEqual([
      ["D-DEMO", 50],
      ["D-NEW", 7],
      ["D-USED-OLD", 3],
    ]);
  });

  it("gives sales staff their locations' figures only", async () => {
    const f = await figuresFor(salesEmail);
    expect(f.limitedToLocations).toBe(true);
    expect(f.leads).toEqual({ today: 2, week: 4, month: 4 });
    expect(f.leadsByForm.map((r) => r.form)).toEqual(["enquiry", "finance"]);
    expect(f.deliveryFailures.dead).toEqual({ today: 1, week: 1, month: 1 });
    expect(f.reservations.made).toEqual({ today: 1, week: 1, month: 1 });
    expect(f.stockByType.find((r) => r.carType === "used")).toEqual({ carType: "used", inStock: 1, over30: 1, over60: 0, over90: 0 });
    expect(f.noPhotos).toBe(1);
    expect(f.mostViewed.map((c) => c.stockNumber)).toEqual(["D-DEMO", "D-NEW"]);
  });

  it("draws the charts as SVG with a title, every figure as text, and a table; sales see no other location's car", async () => {
    const manager = await signInByLink(state.t, state.handle, managerEmail, ip);
    const page = await consoleRequest(state.t, `/sites/${state.t.site.slug}`, { ip, cookie: manager });
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain('<svg viewBox="0 0 640');
    expect(html).toContain('role="img" aria-labelledby="aged-stock-title aged-stock-desc"');
    expect(html).toContain("<desc id=\"aged-stock-desc\">Demo: In stock 1, Over 30 days 1, Over 60 days 1, Over 90 days 0; New: In stock 1, Over 30 days 0, Over 60 days 0, Over 90 days 0; Used: In stock 2, Over 30 days 2, Over 60 days 1, Over 90 days 1</desc>");
    expect(html).toContain("Most viewed cars (VDP views): the figures as a table");
    expect(html).toMatch(/D-USED-OLD/);
    const sales = await signInByLink(state.t, state.handle, salesEmail, ip);
    const salesHtml = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}`, { ip, cookie: sales })).text();
    expect(salesHtml).toContain("Figures for your locations");
    expect(salesHtml).toContain("D-DEMO");
    expect(salesHtml).not.toContain("D-USED-OLD");
  });
});

describe(`console trade-in valuations (issue 49 item 6) (${ENGINE})`, () => {
  it("lists each valuation with the car, offer, adjustments, decision and lead; sales see their locations' only", async () => {
    const { db } = state.handle;
    const northLead = await lead("trade-in", "north", NOW - DAY, "", []);
    const southLead = await lead("trade-in", "south", NOW - DAY, "", []);
    const base = { siteId: state.t.site.id, regoState: "NSW", kms: 62_000, formCompleted: true };
    const [north] = await db
      .insert(tradeInValuations)
      .values({
        ...base, token: randomUUID(), rego: "ABC123", vehicle: { make: "Toyota", model: "Corolla", year: 2019, body: "Hatch", transmission: "Automatic", source: "rego" },
        adjustmentAnswers: [{ id: "accident-history", answer: "minor-repaired" }, { id: "service-history", answer: "full" }],
        valuation: { kind: "estimate", low: 14_000, high: 17_000, offer: 15_500 }, offerPrice: 15_500, leadId: northLead, offerAccepted: true,
      })
      .returning({ id: tradeInValuations.id });
    const [south] = await db
      .insert(tradeInValuations)
      .values({ ...base, token: randomUUID(), rego: "XYZ789", vehicle: { make: "Holden", model: "Commodore", year: 2012, body: "Sedan", transmission: "Automatic", source: "manual" }, valuation: { kind: "no-estimate", reason: "too-old" }, offerPrice: null, leadId: southLead, offerAccepted: false })
      .returning({ id: tradeInValuations.id });

    const manager = await signInByLink(state.t, state.handle, managerEmail, ip);
    const page = await consoleRequest(state.t, `/sites/${state.t.site.slug}/trade-ins`, { ip, cookie: manager });
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("2019 Toyota Corolla Hatch, automatic");
    expect(html).toContain("Rego ABC123 (NSW)");
    expect(html).toContain("$15,500");
    expect(html).toContain("Estimate $14,000 to $17,000");
    expect(html).toContain("Minor accident, professionally repaired (−5%)");
    expect(html).toContain("Full service history");
    expect(html).toContain("Accepted the offer");
    expect(html).toContain(`Lead #${northLead}`);
    expect(html).toContain("No estimate: too old");
    expect(html).toContain("Declined the offer");
    expect(html).toContain(`trade-in-${south.id}"`);

    const declined = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}/trade-ins?decision=declined`, { ip, cookie: manager })).text();
    expect(declined).toContain(`trade-in-${south.id}"`);
    expect(declined).not.toContain(`trade-in-${north.id}"`);
    const bad = await consoleRequest(state.t, `/sites/${state.t.site.slug}/trade-ins?decision=maybe`, { ip, cookie: manager });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose accepted, declined or undecided.");

    const sales = await signInByLink(state.t, state.handle, salesEmail, ip);
    const salesHtml = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}/trade-ins`, { ip, cookie: sales })).text();
    expect(salesHtml).toContain(`trade-in-${north.id}"`);
    expect(salesHtml).not.toContain(`trade-in-${south.id}"`);
  });
});
