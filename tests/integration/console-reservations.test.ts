/**
 * Issue 49 item 5 over real HTTP (the production build through the Hono app) on PGlite or
 * PostgreSQL (DATABASE_URL): capture, release, refund and extend from the console, each at most
 * once per form (idempotency key) and per reservation state (two tabs), with one audit row and
 * one provider call each; sales staff reach only their locations' reservations.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentsAdapterFor } from "../../app/adapters/payments/index.server";
import { addStaffMember } from "../../app/console/staff.server";
import { getCarBySlug } from "../../app/services/cars.server";
import { isReservedOnline, reserveCar } from "../../app/services/reservations.server";
import { cars, payments, reservationActions, reservations, sites, staffAudit, testPaymentIntents } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { createTestSite, ENGINE } from "./database";
import { feed, stockRecord } from "./fixtures";
import { importStock } from "../../app/services/stock-import.server";

const state = useTestApp({
  site: { locations: [{ slug: "north", primary: true }, { slug: "south" }], config: { features: { checkout: true } } },
  cars: Array.from({ length: 24 }, (_, i) => stockRecord({ make: "Toyota", model: "Corolla", location_slug: i % 2 ? "south" : "north", price: 30_000 + i })),
  app: { trustProxy: true, console: { mailer: recordingMailer() } },
});
const ip = freshClientIp();
const stamp = randomUUID().slice(0, 6);
let manager: string;
let sales: string;
let readOnly: string;
const HOUR = 3_600_000;
const used: number[] = [];

async function signIn(role: "site_manager" | "sales" | "read_only", locationSlugs?: string[]): Promise<string> {
  const email = `${role}-${stamp}-${Math.random().toString(36).slice(2, 7)}@res.test`;
  await addStaffMember(state.handle.db, { email, role, target: { siteSlug: state.t.site.slug, locationSlugs } });
  return signInByLink(state.t, state.handle, email, ip);
}

/** Reserves a free car of `location` with the test card; returns the reservation id. */
async function reserve(location: "north" | "south", now = Date.now()): Promise<number> {
  const { db } = state.handle;
  const site = state.t.site;
  const rows = await db.execute(sql`
    select c.slug, c.id from cars c join locations l on l.id = c.location_id
    where c.site_id = ${site.id} and l.slug = ${location} order by c.id`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { slug: string; id: number }[];
  const free = list.find((r) => !used.includes(Number(r.id)));
  if (!free) throw new Error(`no free car at ${location}`);
  used.push(Number(free.id));
  const lookup = await getCarBySlug(db, site, free.slug);
  if (lookup.kind !== "found") throw new Error("car not found");
  const result = await reserveCar(db, paymentsAdapterFor(db), site, {
    car: lookup.car,
    details: { name: "Jane", last_name: "Citizen", phone: "+61412345678", email: `jane-${stamp}@example.com`, postcode: "2150", location_id: null },
    card: { number: "4242 4242 4242 4242" },
    now,
    ip: "203.0.113.9",
    userAgent: "vitest",
    url: null,
    skipLead: true,
  });
  if (result.kind !== "reserved") throw new Error(`not reserved: ${result.kind}`);
  return result.reservationId;
}

function post(cookie: string, form: Record<string, string>) {
  return consoleRequest(state.t, `/sites/${state.t.site.slug}/reservations`, { ip, cookie, form });
}

/** The reservation, its payment and the provider's ledger entry. */
async function ledger(id: number) {
  const { db } = state.handle;
  const [row] = await db
    .select({ status: reservations.status, endReason: reservations.endReason, expiresAt: reservations.expiresAt, payment: payments.status, intent: testPaymentIntents.status, captureCalls: testPaymentIntents.captureCalls, releaseCalls: testPaymentIntents.releaseCalls })
    .from(reservations)
    .innerJoin(payments, eq(payments.id, reservations.paymentId))
    .innerJoin(testPaymentIntents, eq(testPaymentIntents.id, payments.providerRef))
    .where(eq(reservations.id, id));
  return row;
}

async function auditCount(id: number, action: string): Promise<number> {
  const rows = await state.handle.db.select({ id: staffAudit.id }).from(staffAudit).where(and(eq(staffAudit.entity, "reservation"), eq(staffAudit.entityId, String(id)), eq(staffAudit.action, action)));
  return rows.length;
}

beforeAll(async () => {
  manager = await signIn("site_manager");
  sales = await signIn("sales", ["north"]);
  readOnly = await signIn("read_only");
});

describe(`console reservations: capture, release, refund, extend (issue 49 item 5) (${ENGINE})`, () => {
  it("lists a hold with its car, deposit, payment state and expiry", async () => {
    const id = await reserve("north");
    const page = await consoleRequest(state.t, `/sites/${state.t.site.slug}/reservations`, { ip, cookie: manager });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`#${id}`);
    expect(html).toContain("Authorised (held on the card)");
    expect(html).toContain("$200");
    expect(html).toMatch(/Expires(<!-- -->)? /);
    expect(html).toContain(`Capture deposit of reservation #${id}`);
  });

  it("captures a deposit once: the same form sent again repeats the answer, with one provider capture and one audit row", async () => {
    const id = await reserve("north");
    const key = randomUUID();
    const first = await post(manager, { intent: "capture", reservation: String(id), key });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(`Deposit captured for reservation #${id}: the car is sold.`);
    const again = await post(manager, { intent: "capture", reservation: String(id), key });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(`Deposit captured for reservation #${id}: the car is sold.`);
    expect(await ledger(id)).toMatchObject({ status: "captured", endReason: "captured by dealer", payment: "captured", intent: "captured", captureCalls: 1, releaseCalls: 0 });
    expect(await auditCount(id, "reservation.capture")).toBe(1);
    const actions = await state.handle.db.select().from(reservationActions).where(eq(reservationActions.reservationId, id));
    expect(actions.map((a) => a.action)).toEqual(["capture"]);
  });

  it("ten simultaneous captures (five with one key, five from other tabs) capture once", async () => {
    const id = await reserve("north");
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => post(manager, { intent: "capture", reservation: String(id), key: i < 5 ? key : randomUUID() })));
    const statuses = responses.map((r) => r.status).sort();
    // The first form's five answers are the capture and its replays; every other tab is refused.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(bodies.filter((b) => b.includes("Nothing done: this reservation is captured now")).length).toBe(statuses.filter((s) => s === 409).length);
    expect(await ledger(id)).toMatchObject({ status: "captured", captureCalls: 1 });
    expect(await auditCount(id, "reservation.capture")).toBe(1);
  });

  it("refunds a captured deposit once; a stale 'Release hold' on it refunds nothing", async () => {
    const id = await reserve("north");
    await post(manager, { intent: "capture", reservation: String(id), key: randomUUID() });
    const stale = await post(manager, { intent: "release", reservation: String(id), key: randomUUID() });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("only an active hold can be released (refund a captured deposit instead)");
    expect(await ledger(id)).toMatchObject({ status: "captured", releaseCalls: 0 });
    const key = randomUUID();
    const refunded = await post(manager, { intent: "refund", reservation: String(id), key });
    expect(await refunded.text()).toContain(`Deposit refunded for reservation #${id}.`);
    await post(manager, { intent: "refund", reservation: String(id), key });
    expect(await ledger(id)).toMatchObject({ status: "released", endReason: "refunded by dealer", payment: "released", intent: "refunded", captureCalls: 1, releaseCalls: 1 });
    expect(await auditCount(id, "reservation.refund")).toBe(1);
  });

  it("releases a hold: the car is free again and the site's stock version moves, so shoppers see it on the next request", async () => {
    const id = await reserve("north");
    const { db } = state.handle;
    const [{ carId }] = await db.select({ carId: reservations.carId }).from(reservations).where(eq(reservations.id, id));
    const [before] = await db.select({ v: sites.stockVersion }).from(sites).where(eq(sites.id, state.t.site.id));
    const released = await post(manager, { intent: "release", reservation: String(id), key: randomUUID() });
    expect(await released.text()).toContain(`Hold released for reservation #${id}: the car is free again.`);
    expect(await ledger(id)).toMatchObject({ status: "released", endReason: "released by dealer", payment: "released", intent: "released", captureCalls: 0, releaseCalls: 1 });
    expect(await isReservedOnline(db, carId)).toBe(false);
    const [after] = await db.select({ v: sites.stockVersion }).from(sites).where(eq(sites.id, state.t.site.id));
    expect(after.v).toBeGreaterThan(before.v);
    const capture = await post(manager, { intent: "capture", reservation: String(id), key: randomUUID() });
    expect(capture.status).toBe(409);
    expect(await ledger(id)).toMatchObject({ captureCalls: 0 });
    expect(await auditCount(id, "reservation.release")).toBe(1);
  });

  it("extends a hold once per form, refuses a hold past 7 days and bad hours with the typed value kept", async () => {
    const id = await reserve("north");
    const start = (await ledger(id)).expiresAt.getTime();
    const key = randomUUID();
    const extended = await post(manager, { intent: "extend", reservation: String(id), key, hours: "24" });
    expect(await extended.text()).toContain(`Hold on reservation #${id} extended by 24 hours.`);
    await post(manager, { intent: "extend", reservation: String(id), key, hours: "24" });
    expect((await ledger(id)).expiresAt.getTime()).toBe(start + 24 * HOUR);
    expect(await auditCount(id, "reservation.extend")).toBe(1);

    // 48 h hold + 24 h so far; 100 more runs past 7 days from when it was made.
    const tooLong = await post(manager, { intent: "extend", reservation: String(id), key: randomUUID(), hours: "100" });
    expect(tooLong.status).toBe(409);
    expect(await tooLong.text()).toContain("Not extended: a hold can run at most 7 days from when it was made");
    expect((await ledger(id)).expiresAt.getTime()).toBe(start + 24 * HOUR);

    const zero = await post(manager, { intent: "extend", reservation: String(id), key: randomUUID(), hours: "0" });
    expect(zero.status).toBe(400);
    const html = await zero.text();
    expect(html).toContain("Extend by at least 1 hour.");
    expect(html).toMatch(new RegExp(`id="reservation-extend-${id}-hours"[^>]*value="0"|value="0"[^>]*id="reservation-extend-${id}-hours"`));
    expect(await auditCount(id, "reservation.extend")).toBe(1);
  });

  it("refuses to extend a hold past its expiry (the expiry job has it)", async () => {
    const id = await reserve("north", Date.now() - 49 * HOUR);
    const late = await post(manager, { intent: "extend", reservation: String(id), key: randomUUID(), hours: "24" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("Not extended: this reservation is past its expiry");
    // Released, so no other test's expiry job (one PostgreSQL for every file) finds this due hold.
    expect((await post(manager, { intent: "release", reservation: String(id), key: randomUUID() })).status).toBe(200);
  });

  it("sales staff see and act on their locations' reservations only; read-only staff change nothing", async () => {
    const north = await reserve("north");
    const south = await reserve("south");
    const list = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}/reservations`, { ip, cookie: sales })).text();
    expect(list).toContain(`reservation-${north}"`);
    expect(list).not.toContain(`reservation-${south}"`);
    const denied = await post(sales, { intent: "capture", reservation: String(south), key: randomUUID() });
    expect(denied.status).toBe(404);
    expect(await ledger(south)).toMatchObject({ status: "active", captureCalls: 0 });
    const allowed = await post(sales, { intent: "capture", reservation: String(north), key: randomUUID() });
    expect(allowed.status).toBe(200);
    expect(await ledger(north)).toMatchObject({ status: "captured", captureCalls: 1 });
    const readOnlyPost = await post(readOnly, { intent: "release", reservation: String(south), key: randomUUID() });
    expect(readOnlyPost.status).toBe(403);
    expect(await ledger(south)).toMatchObject({ status: "active", releaseCalls: 0 });
    const readOnlyPage = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}/reservations`, { ip, cookie: readOnly })).text();
    expect(readOnlyPage).toContain(`reservation-${south}"`);
    expect(readOnlyPage).not.toContain("Capture deposit of reservation");
  });

  it("a reservation of another site is not found from this site's page, and is left alone", async () => {
    const { db } = state.handle;
    const other = await createTestSite(state.handle, { config: { features: { checkout: true } } });
    const record = stockRecord({ make: "Kia", model: "Cerato" });
    await importStock(db, other, feed([record]));
    const [row] = await db.select({ slug: cars.slug }).from(cars).where(and(eq(cars.siteId, other.id), eq(cars.stockNumber, record.stock_number)));
    const lookup = await getCarBySlug(db, other, row.slug);
    if (lookup.kind !== "found") throw new Error("car not found");
    const result = await reserveCar(db, paymentsAdapterFor(db), other, {
      car: lookup.car, details: { name: "Sam", last_name: "Other", phone: "+61412345679", email: "sam@example.com", postcode: "3000", location_id: null },
      card: { number: "4242 4242 4242 4242" }, now: Date.now(), ip: null, userAgent: null, url: null, skipLead: true,
    });
    if (result.kind !== "reserved") throw new Error(`not reserved: ${result.kind}`);
    const missing = await post(manager, { intent: "capture", reservation: String(result.reservationId), key: randomUUID() });
    expect(missing.status).toBe(404);
    expect(await ledger(result.reservationId)).toMatchObject({ status: "active", captureCalls: 0 });
    expect(await auditCount(result.reservationId, "reservation.capture")).toBe(0);
  });
});
