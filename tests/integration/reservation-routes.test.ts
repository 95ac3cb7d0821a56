/**
 * Issue 10 routes over real HTTP semantics (Hono app.fetch with the production build): the
 * reserve path follows the site's `features.checkoutPath`, checkout-off sites answer 404, bad
 * parameters get a clear 400, /online-payment is always gated (spec 6), and the test hook does
 * not exist unless FORECOURT_TEST_HOOKS=1.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { importStock } from "../../app/services/stock-import.server";
import { purgeAbandonedJourneys } from "../../app/services/journeys.server";
import { purchaseJourneys } from "../../db/schema/index";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";
import { reactRouterCli } from "../../scripts/react-router-cli.mjs";

let handle: DatabaseHandle;
let fetchApp: (path: string, site: Site, init?: RequestInit) => Promise<Response>;
let checkoutSite: Site;
let buyOnlineSite: Site;
let offSite: Site;
const slugs = new Map<number, string>();

async function rowsOf(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const rows = await handle.db.execute(query);
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
}

async function firstSlug(site: Site): Promise<string> {
  const rows = await handle.db.execute(sql`select slug from cars where site_id = ${site.id} order by id limit 1`);
  return ((Array.isArray(rows) ? rows : (rows as unknown as { rows: { slug: string }[] }).rows) as { slug: string }[])[0].slug;
}

beforeAll(async () => {
  if (!existsSync("build/server/index.js")) execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: "ignore" });
  handle = await openTestDatabase();
  checkoutSite = await createTestSite(handle, { config: { features: { checkout: true, onlinePurchase: true } } });
  buyOnlineSite = await createTestSite(handle, { config: { features: { checkout: true, checkoutPath: "buy-online" } } });
  offSite = await createTestSite(handle);
  for (const site of [checkoutSite, buyOnlineSite, offSite]) {
    await importStock(handle.db, site, feed([stockRecord({ price: 31_990 })]));
    slugs.set(site.id, await firstSlug(site));
  }
  const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
  const { app } = createApp({ database: handle, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" });
  fetchApp = (path, site, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("host", `${site.slug}.localhost:3000`);
    return Promise.resolve(app.fetch(new Request(`http://${site.slug}.localhost:3000${path}`, { ...init, headers, redirect: "manual" })));
  };
});
afterAll(async () => {
  await handle?.close();
});

describe(`reserve and buy online routes (${ENGINE})`, () => {
  it("the reserve page lives at the site's path segment only, and not at all when checkout is off", async () => {
    const a = slugs.get(checkoutSite.id)!;
    const b = slugs.get(buyOnlineSite.id)!;
    const page = await fetchApp(`/cars/${a}/checkout`, checkoutSite);
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Test payment: no money moves");
    expect(html).toContain("Fully refundable $200 deposit, held for 48 hours");
    expect((await fetchApp(`/cars/${a}/buy-online`, checkoutSite)).status).toBe(404);
    expect((await fetchApp(`/cars/${b}/buy-online`, buyOnlineSite)).status).toBe(200);
    expect((await fetchApp(`/cars/${b}/checkout`, buyOnlineSite)).status).toBe(404);
    expect((await fetchApp(`/cars/${slugs.get(offSite.id)}/checkout`, offSite)).status).toBe(404);
    // The VDP links the configured path.
    expect(await (await fetchApp(`/cars/${b}`, buyOnlineSite)).text()).toContain(`href="/cars/${b}/buy-online"`);
  });

  it("issue 51: the reservation status page is readable only by the reserving browser, not by anyone with the number", async () => {
    // A car of its own on a site the app already serves (a site made now is not in its list yet).
    const site = buyOnlineSite;
    await importStock(handle.db, site, feed([stockRecord({ price: 31_990, stock_number: "RESERVE-ME" })]));
    const rows = await handle.db.execute(sql`select slug from cars where site_id = ${site.id} and stock_number = 'RESERVE-ME'`);
    const a = ((Array.isArray(rows) ? rows : (rows as unknown as { rows: { slug: string }[] }).rows) as { slug: string }[])[0].slug;
    const host = `${site.slug}.localhost:3000`;
    const body = new URLSearchParams({ name: "Jane", last_name: "Buyer", phone: "0412 345 678", email: "jane@example.com", postcode: "2150", terms: "on", card_number: "4242 4242 4242 4242" });
    const posted = await fetchApp(`/cars/${a}/buy-online`, site, { method: "POST", body, headers: { origin: `http://${host}`, "content-type": "application/x-www-form-urlencoded" } });
    expect(posted.status).toBe(302);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/\?reserved=\d+$/);
    const setCookie = posted.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^fc_reservation_\d+=[A-Za-z0-9_-]{43}; Path=\/cars; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(";")[0];
    const mine = await fetchApp(location, site, { headers: { cookie } });
    expect(mine.status).toBe(200);
    expect((await mine.text()).replaceAll("<!-- -->", "")).toContain("Reserved: we are holding this car for you");
    // Anyone else with the number: no cookie, or a wrong token, sees nothing.
    expect((await fetchApp(location, site)).status).toBe(404);
    expect((await fetchApp(location, site, { headers: { cookie: `${cookie.split("=")[0]}=${"x".repeat(43)}` } })).status).toBe(404);
  });

  it("a reservation or payment number beyond the id column's range is a clear 400 (was a 500: the query failed)", async () => {
    const a = slugs.get(checkoutSite.id)!;
    for (const query of ["reserved=2147483648", "payment=2147483648", "payment=9007199254740993", "reserved=1e3", "payment=-1"]) {
      const res = await fetchApp(`/cars/${a}/checkout?${query}`, checkoutSite);
      expect(res.status, query).toBe(400);
    }
    expect((await fetchApp(`/checkout-journey?car_id=2147483648`, checkoutSite)).status).toBe(404);
    expect((await fetchApp(`/checkout-journey?car_id=1e21`, checkoutSite)).status).toBe(404); // read as a slug: no such car
  });

  it("invalid form input gets the spec's messages (400) and reserves nothing", async () => {
    const a = slugs.get(checkoutSite.id)!;
    const response = await fetchApp(`/cars/${a}/checkout`, checkoutSite, {
      method: "POST",
      body: new URLSearchParams({ name: "Jo", last_name: "X", phone: "123", email: "nope", postcode: "21", card_number: "4242424242424242" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${checkoutSite.slug}.localhost:3000` },
    });
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Please fix the following errors:");
    expect(html).toContain("Invalid postcode. Please enter a 4-digit number.");
    expect(html).toContain("*You must agree to the terms of use before submitting.");
  });

  it("the purchase journey needs a valid car_id (400) of this site (404) on a site with online purchase (404 otherwise)", async () => {
    expect((await fetchApp(`/checkout-journey`, checkoutSite)).status).toBe(400);
    expect((await fetchApp(`/checkout-journey?car_id=%3Cscript%3E`, checkoutSite)).status).toBe(400);
    expect((await fetchApp(`/checkout-journey?car_id=${slugs.get(offSite.id)}`, checkoutSite)).status).toBe(404);
    expect((await fetchApp(`/checkout-journey?car_id=${slugs.get(buyOnlineSite.id)}`, buyOnlineSite)).status).toBe(404);
    const first = await fetchApp(`/checkout-journey?car_id=${slugs.get(checkoutSite.id)}`, checkoutSite);
    expect(first.status).toBe(200);
  });

  it("anonymous GETs of the purchase journey store nothing; the first valid step post stores it and sets its cookie (issue 51 section 6)", async () => {
    const path = `/checkout-journey?car_id=${slugs.get(checkoutSite.id)}`;
    const journeys = async () => Number((await rowsOf(sql`select count(*)::int as n from purchase_journeys where site_id = ${checkoutSite.id}`))[0].n);
    const before = await journeys();
    for (let i = 0; i < 5; i++) {
      const page = await fetchApp(path, checkoutSite);
      expect(page.status).toBe(200);
      expect(page.headers.get("set-cookie")).toBeNull();
      expect((await page.text()).replaceAll("<!-- -->", "")).toContain('name="step" value="details"');
    }
    expect(await journeys()).toBe(before);
    const post = (fields: Record<string, string>, cookie?: string) =>
      fetchApp(path, checkoutSite, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${checkoutSite.slug}.localhost:3000`, ...(cookie ? { cookie } : {}) },
      });
    const details = { step: "details", intent: "next", name: "Jane", last_name: "Citizen", phone: "0412 345 678", email: "jane@example.com", postcode: "2150" };
    // A step that does not validate keeps what was typed and stores nothing.
    const invalid = await post({ ...details, postcode: "12" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("set-cookie")).toBeNull();
    expect(await journeys()).toBe(before);
    const saved = await post(details);
    expect(saved.status).toBe(302);
    const cookie = saved.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^fc_journey=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(await journeys()).toBe(before + 1);
    const next = await fetchApp(path, checkoutSite, { headers: { cookie: cookie.split(";")[0] } });
    expect((await next.text()).replaceAll("<!-- -->", "")).toContain('name="step" value="trade-in"');
    expect(await journeys()).toBe(before + 1);
  });

  it("robots.txt keeps crawlers out of the purchase journey (issue 51 section 6)", async () => {
    const robots = await (await fetchApp(`/robots.txt`, checkoutSite)).text();
    expect(robots.split("\n")).toContain("Disallow: /checkout-journey");
  });

  it("the hourly purge deletes open journeys idle for 30 days, and keeps newer and completed ones (issue 51 section 6)", async () => {
    const carId = Number((await rowsOf(sql`select id from cars where site_id = ${checkoutSite.id} order by id limit 1`))[0].id);
    const now = Date.parse("2031-06-01T00:00:00Z");
    const day = 24 * 3600 * 1000;
    const ids = { oldOpen: randomUUID(), recentOpen: randomUUID(), oldCompleted: randomUUID() };
    for (const [key, updated, status] of [["oldOpen", now - 31 * day, "open"], ["recentOpen", now - 29 * day, "open"], ["oldCompleted", now - 400 * day, "completed"]] as const) {
      await handle.db.insert(purchaseJourneys).values({ id: ids[key], siteId: checkoutSite.id, carId, step: "details", status, data: {}, createdAt: new Date(updated), updatedAt: new Date(updated) });
    }
    expect(await purgeAbandonedJourneys(handle.db, now)).toBeGreaterThanOrEqual(1);
    const left = (await rowsOf(sql`select id from purchase_journeys where id in (${ids.oldOpen}, ${ids.recentOpen}, ${ids.oldCompleted})`)).map((r) => r.id);
    expect(left.sort()).toEqual([ids.recentOpen, ids.oldCompleted].sort());
  });

  it("/online-payment is always gated: signed out it redirects to sign-in with the return path", async () => {
    const response = await fetchApp(`/online-payment?request=3f2c1d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f`, offSite);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/sign-in\?type=payment&redirect=%2Fonline-payment%3Frequest%3D/);
  });

  it("the expiry test hook does not exist without FORECOURT_TEST_HOOKS=1", async () => {
    const previous = process.env.FORECOURT_TEST_HOOKS;
    delete process.env.FORECOURT_TEST_HOOKS;
    try {
      const response = await fetchApp(`/__test/reservations/expire`, checkoutSite, { method: "POST", body: new URLSearchParams({ now: "2030-01-01T00:00:00Z" }), headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${checkoutSite.slug}.localhost:3000` } });
      expect(response.status).toBe(404);
    } finally {
      if (previous !== undefined) process.env.FORECOURT_TEST_HOOKS = previous;
    }
  });
});
