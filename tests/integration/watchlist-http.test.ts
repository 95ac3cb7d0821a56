/**
 * Issue 9 over real HTTP (Hono app.fetch with the production build, real database): sign-in by
 * code from the SMS outbox, the watchlist API of spec 7 authorised by the session, My Garage,
 * sign-out, Origin checks, and the isolation rules: one shopper can never read or change
 * another's watchlist, and one site's session never works on another site.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { cars, shoppers, watchlistEntries } from "../../db/schema/index";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";
import { reactRouterCli } from "../../scripts/react-router-cli.mjs";

let handle: DatabaseHandle;
let siteA: Site;
let siteB: Site;
let carA: number;
let soldCarA: number;
let carB: number;
let app: ReturnType<typeof createApp>["app"];
const outbox = mkdtempSync(join(tmpdir(), "fc-sms-http-"));
const savedOutboxEnv = process.env.SMS_OUTBOX_DIR;
let phoneSeq = Math.floor(Math.random() * 500_000);

function hostOf(site: Site) {
  return `${site.slug}.localhost:3000`;
}
function originOf(site: Site) {
  return `http://${hostOf(site)}`;
}

function call(site: Site, path: string, init: RequestInit & { cookie?: string; origin?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("host", hostOf(site));
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.origin !== null && (init.method ?? "GET") !== "GET") headers.set("origin", init.origin ?? originOf(site));
  return Promise.resolve(app.fetch(new Request(`${originOf(site)}${path}`, { ...init, headers, redirect: "manual" })));
}

function form(values: Record<string, string>) {
  return { method: "POST", body: new URLSearchParams(values), headers: { "content-type": "application/x-www-form-urlencoded" } };
}

function json(body: unknown, cookie?: string, origin?: string | null) {
  return { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, cookie, origin };
}

function codeFor(e164: string): string {
  const texts = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(join(outbox, f), "utf8")) as { to: string; code: string; sentAt: string })
    .filter((t) => t.to === e164)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  return texts.at(-1)!.code;
}

/** Signs in over HTTP (both form steps, no JavaScript) and returns the session cookie pair. */
async function signIn(site: Site, query = "type=account&redirect=%2F&back=%2F"): Promise<{ cookie: string; phone: string; typed: string; location: string }> {
  const n = String(phoneSeq++ % 1_000_000).padStart(6, "0");
  const typed = `0413 ${n.slice(0, 3)} ${n.slice(3)}`;
  const phone = `+61413${n}`;
  const step1 = await call(site, `/sign-in?${query}`, form({ intent: "request-code", phone: typed }));
  expect(step1.status).toBe(200);
  const html = await step1.text();
  const challenge = html.match(/name="challenge" value="([0-9a-f-]{36})"/)![1];
  const step2 = await call(site, `/sign-in?${query}`, form({ intent: "verify", challenge, code: codeFor(phone) }));
  expect(step2.status).toBe(302);
  // The session, and the device cookie that gives this browser its own share of the number's code quota.
  const [setCookie, device] = step2.headers.getSetCookie();
  expect(setCookie).toMatch(/^fc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  expect(device).toMatch(/^fc_device=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  return { cookie: setCookie.split(";")[0], phone, typed, location: step2.headers.get("location")! };
}

beforeAll(async () => {
  process.env.SMS_OUTBOX_DIR = outbox;
  if (!existsSync("build/server/index.js")) execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: "ignore" });
  handle = await openTestDatabase();
  // Every request here comes from one test client: allow it plenty of codes.
  const config = { features: { authentication: true, watchlist: true, garage: true }, accounts: { codeRequestsPerIpPer15Min: 500 } };
  siteA = await createTestSite(handle, { config });
  siteB = await createTestSite(handle, { config });
  await importStock(handle.db, siteA, feed([stockRecord({ make: "Toyota", model: "Corolla", year: 2020 }), stockRecord({ make: "Kia", model: "Rio", year: 2018 })]));
  await importStock(handle.db, siteB, feed([stockRecord({ make: "Mazda", model: "CX-3", year: 2019 })]));
  const aCars = await handle.db.select().from(cars).where(eq(cars.siteId, siteA.id)).orderBy(cars.id);
  carA = aCars[0].id;
  soldCarA = aCars[1].id;
  await handle.db.update(cars).set({ status: "sold", sold: true, soldAt: new Date() }).where(eq(cars.id, soldCarA));
  carB = (await handle.db.select().from(cars).where(eq(cars.siteId, siteB.id)))[0].id;
  const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
  ({ app } = createApp({ database: handle, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" }));
});
afterAll(async () => {
  await handle?.close();
  rmSync(outbox, { recursive: true, force: true });
  if (savedOutboxEnv === undefined) delete process.env.SMS_OUTBOX_DIR;
  else process.env.SMS_OUTBOX_DIR = savedOutboxEnv;
});

describe(`watchlist API and sessions over HTTP (${ENGINE})`, () => {
  it("save and remove: {success: true}; the saved car shows in My Garage, which is never cached publicly", async () => {
    const me = await signIn(siteA);
    const saved = await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.typed, car_id: carA }, me.cookie));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ success: true });
    // Saving twice is harmless (one row).
    await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carA }, me.cookie));
    const garage = await call(siteA, "/my-garage", { cookie: me.cookie });
    expect(garage.status).toBe(200);
    expect(garage.headers.get("cache-control")).toBe("private, no-store");
    const html = await garage.text();
    expect(html.match(/data-testid="watchlist-item"/g)).toHaveLength(1);
    expect(html).toContain("2020 Toyota Corolla");
    const removed = await call(siteA, "/api/watchlist/remove-car", json({ phone_number: me.phone, car_id: carA }, me.cookie));
    expect(await removed.json()).toEqual({ success: true });
    expect(await (await call(siteA, "/my-garage", { cookie: me.cookie })).text()).toContain('data-testid="watchlist-empty"');
  });

  it("another person's phone number gets 403; signed out gets 401; bad bodies 400; GET 405", async () => {
    const me = await signIn(siteA);
    const someoneElse = await signIn(siteA);
    const res = await call(siteA, "/api/watchlist/save-car", json({ phone_number: someoneElse.typed, car_id: carA }, me.cookie));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "That phone number is not the signed-in shopper's." });
    const rows = await handle.db.select().from(watchlistEntries).innerJoin(shoppers, eq(shoppers.id, watchlistEntries.shopperId)).where(eq(shoppers.phone, someoneElse.phone));
    expect(rows).toEqual([]);
    expect((await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carA }))).status).toBe(401);
    const bad = await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: "abc" }, me.cookie));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, error: "car_id must be a car id (a whole number)" });
    expect((await call(siteA, "/api/watchlist/save-car", { method: "POST", body: "{not json", headers: { "content-type": "application/json" }, cookie: me.cookie })).status).toBe(400);
    expect((await call(siteA, "/api/watchlist/save-car")).status).toBe(405);
  });

  it("one shopper's remove never touches another shopper's watchlist", async () => {
    const alice = await signIn(siteA);
    const bob = await signIn(siteA);
    await call(siteA, "/api/watchlist/save-car", json({ phone_number: alice.phone, car_id: carA }, alice.cookie));
    expect(await (await call(siteA, "/api/watchlist/remove-car", json({ phone_number: bob.phone, car_id: carA }, bob.cookie))).json()).toEqual({ success: true });
    expect(await (await call(siteA, "/my-garage", { cookie: alice.cookie })).text()).toContain("2020 Toyota Corolla");
    expect(await (await call(siteA, "/my-garage", { cookie: bob.cookie })).text()).toContain('data-testid="watchlist-empty"');
  });

  it("another site's car gets 404; a sold car not already saved cannot be saved (409)", async () => {
    const me = await signIn(siteA);
    const other = await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carB }, me.cookie));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ success: false, error: "That car is not listed on this site." });
    const sold = await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: soldCarA }, me.cookie));
    expect(sold.status).toBe(409);
  });

  it("a second site cannot use the first site's session (pages and API)", async () => {
    const me = await signIn(siteA);
    const api = await call(siteB, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carB }, me.cookie));
    expect(api.status).toBe(401);
    const garage = await call(siteB, "/my-garage", { cookie: me.cookie });
    expect(garage.status).toBe(302);
    expect(garage.headers.get("location")).toBe("/sign-in?type=garage&redirect=%2Fmy-garage&back=%2F");
  });

  it("the database refuses a watchlist row whose site differs from its shopper's site", async () => {
    const me = await signIn(siteA);
    const [shopper] = await handle.db.select().from(shoppers).where(eq(shoppers.phone, me.phone));
    await expect(handle.db.insert(watchlistEntries).values({ siteId: siteB.id, shopperId: shopper.id, carId: carB, carName: "x", carSlug: "x" })).rejects.toThrow();
  });

  it("state-changing requests from another origin are refused (React Router's 400 or our 403); with no Origin 403", async () => {
    const me = await signIn(siteA);
    const refused = [400, 403];
    expect(refused).toContain((await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carA }, me.cookie, "https://evil.example"))).status);
    expect((await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carA }, me.cookie, null))).status).toBe(403);
    expect((await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carA }, me.cookie, "null"))).status).toBe(403);
    expect(refused).toContain((await call(siteA, "/api/watchlist/save-car", json({ phone_number: me.phone, car_id: carA }, me.cookie, originOf(siteB)))).status);
    expect(refused).toContain((await call(siteA, "/sign-in", { ...form({ intent: "request-code", phone: "0412345678" }), origin: "https://evil.example" })).status);
    expect((await call(siteA, "/sign-in", { ...form({ intent: "request-code", phone: "0412345678" }), origin: null })).status).toBe(403);
    expect(refused).toContain((await call(siteA, "/sign-out", { method: "POST", cookie: me.cookie, origin: "https://evil.example" })).status);
    expect((await call(siteA, "/sign-out", { method: "POST", cookie: me.cookie, origin: null })).status).toBe(403);
    // Nothing was saved, and the shopper is still signed in after the refused sign-outs.
    expect(await (await call(siteA, "/my-garage", { cookie: me.cookie })).text()).toContain('data-testid="watchlist-empty"');
  });

  it("sign-out ends the session and clears the cookie", async () => {
    const me = await signIn(siteA);
    const out = await call(siteA, "/sign-out", { method: "POST", cookie: me.cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toBe("fc_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect((await call(siteA, "/my-garage", { cookie: me.cookie })).status).toBe(302);
  });

  it("watchlist sign-in saves the car; a redirect to another site is refused", async () => {
    const me = await signIn(siteA, `type=watchlist&redirect=${encodeURIComponent("//evil.example/x")}&back=%2F&car_id=${carA}`);
    expect(me.location).toBe("/");
    expect(await (await call(siteA, "/my-garage", { cookie: me.cookie })).text()).toContain("2020 Toyota Corolla");
  });

  it("a plain form post (no JavaScript) saves and redirects back to the same-site page", async () => {
    const me = await signIn(siteA);
    const res = await call(siteA, "/api/watchlist/save-car", { ...form({ phone_number: me.phone, car_id: String(carA), redirect: "/search?make=Toyota" }), cookie: me.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/search?make=Toyota");
    const evil = await call(siteA, "/api/watchlist/save-car", { ...form({ phone_number: me.phone, car_id: String(carA), redirect: "https://evil.example/" }), cookie: me.cookie });
    expect(evil.headers.get("location")).toMatch(/^\/cars\//);
  });
});
