/**
 * The HTTP server end to end over real HTTP semantics (Hono app.fetch with the production React
 * Router build): health checks, tenant resolution by host, security headers, compression, the
 * first pages and their status codes (issue 2 items 1, 3, 6).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";
import { reactRouterCli } from "../../scripts/react-router-cli.mjs";

let handle: DatabaseHandle;
let fetchApp: (path: string, init?: RequestInit & { host?: string }) => Promise<Response>;
let siteA: Site;
const hostA = `www.dealer-a-${Date.now().toString(36)}.example`;
let siteB: Site;
const carA = stockRecord({ make: "Toyota", model: "HiLux", badge: "SR5", year: 2021, price: 48990, km: 61000, body: "Ute" });
const carB = stockRecord({ make: "Ford", model: "Everest", badge: "Trend", year: 2022, price: 64990 });
const soldOld = stockRecord({ make: "Ford", model: "Focus", status: "sold", sold_date: "2020-01-01" });
const slugOf = (r: typeof carA) => `${r.year}-${r.make}-${r.model}-${r.badge}-${r.stock_number}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");

beforeAll(async () => {
  if (!existsSync("build/server/index.js")) {
    execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: "ignore" });
  }
  handle = await openTestDatabase();
  // A host unique to this run: the PostgreSQL test database keeps sites from earlier runs.
  siteA = await createTestSite(handle, { hosts: [hostA], config: { theme: { primary: "#aa0000" } } });
  siteB = await createTestSite(handle);
  await importStock(handle.db, siteA, feed([carA, ...Array.from({ length: 25 }, () => stockRecord({ make: "Toyota", model: "Corolla" }))]));
  await importStock(handle.db, siteB, feed([carB, soldOld]));
  const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
  const { app } = createApp({ database: handle, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" });
  fetchApp = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("host", init.host ?? `${siteA.slug}.localhost:3000`);
    return Promise.resolve(app.fetch(new Request(`http://localhost:3000${path}`, { ...init, headers })));
  };
});
afterAll(async () => {
  await handle?.close();
});

describe(`server (${ENGINE})`, () => {
  it("answers /healthz and /readyz (the database is reachable)", async () => {
    expect((await fetchApp("/healthz")).status).toBe(200);
    const ready = await fetchApp("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: ENGINE });
  });

  it("resolves the site by exact host and by {slug}.localhost, and answers 404 for unknown hosts", async () => {
    const byHost = await (await fetchApp("/", { host: hostA })).text();
    expect(byHost).toContain(siteA.name);
    const bySlug = await (await fetchApp("/", { host: `${siteB.slug}.localhost` })).text();
    expect(bySlug).toContain(siteB.name);
    const unknown = await fetchApp("/", { host: "nobody.example" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No dealer site at this address");
  });

  it("sends security headers and the site's theme colour", async () => {
    const res = await fetchApp("/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await res.text()).toContain("--site-primary:#aa0000");
  });

  it("compresses pages with brotli or gzip as the client accepts", async () => {
    const br = await fetchApp("/search/used-cars", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain("<html");
    const gz = await fetchApp("/search/used-cars", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain("<html");
  });

  it("puts the stylesheet first, then React Router's module preloads and its module script (issue 15 LCP, decision 190)", async () => {
    const res = await fetchApp("/");
    const html = await res.text();
    const head = html.slice(0, html.indexOf("</head>"));
    // The stylesheet is the first resource in <head>, before the title and every preload.
    const stylesheet = head.indexOf('<link rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(-1);
    expect(stylesheet).toBeLessThan(head.indexOf("<title>"));
    expect(stylesheet).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    // The scripts are the build's files, preloaded and imported by React Router's own <Scripts>.
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads.some((h) => /\/assets\/shell-[\w-]+\.js$/.test(h))).toBe(true);
    expect(preloads.some((h) => /\/assets\/entry\.client-[\w-]+\.js$/.test(h))).toBe(true);
    for (const url of new Set(preloads)) expect((await fetchApp(url)).status, url).toBe(200);
    // Every inline script the page runs is allowed by its hash.
    const csp = res.headers.get("content-security-policy") ?? "";
    for (const [, body] of html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) {
      if (body) expect(csp).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    }
  });

  it("serves built assets with a long immutable cache", async () => {
    const html = await (await fetchApp("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetchApp(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers React Router's client navigation data requests (.data) without caching them as files", async () => {
    const res = await fetchApp("/search/used-cars.data?query=hilux");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control") ?? "").not.toContain("max-age=3600");
    expect(await res.text()).toContain("HiLux");
    expect((await fetchApp("/missing-file.png")).status).toBe(404);
  });

  it("renders the VDP with title, price, km, transmission, body and location", async () => {
    const res = await fetchApp(`/cars/${slugOf(carA)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("2021 Toyota HiLux SR5");
    expect(html).toContain("$48,990");
    expect(html).toContain("61,000 km");
    expect(html).toContain("Automatic");
    expect(html).toContain("Ute");
    expect(html).toContain('href="#vehicle-map"');
  });

  it("answers 404 for another site's car and for an unknown slug (no data leaks across sites)", async () => {
    expect((await fetchApp(`/cars/${slugOf(carB)}`)).status).toBe(404);
    expect((await fetchApp(`/cars/${slugOf(carB)}`, { host: `${siteB.slug}.localhost` })).status).toBe(200);
    expect((await fetchApp("/cars/no-such-car")).status).toBe(404);
    // A NUL byte in the address is refused before any route (issue 16 defect 7).
    expect((await fetchApp("/cars/%00bad")).status).toBe(400);
  });

  it("answers 410 for a withdrawn car, with similar stock", async () => {
    await importStock(handle.db, siteB, feed([soldOld]), { full: true });
    const res = await fetchApp(`/cars/${slugOf(carB)}`, { host: `${siteB.slug}.localhost` });
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain("is no longer available");
    // Issue 51 / spec 4: a car not in stock shows SOLD and 'Find Me Something Similar', no reserve.
    expect(html).toMatch(/data-testid="vdp-price"[^>]*>SOLD</);
    expect(html).toMatch(/data-testid="vdp-tag"[^>]*>JUST SOLD</);
    expect(html).toContain("Find Me Something Similar");
    expect(html).not.toContain("Reserve Online");
    await importStock(handle.db, siteB, feed([carB, soldOld]));
  });

  it("SRP: 21 per page, pagination in the URL, page beyond the last is 404, bad parameters 400", async () => {
    const page1 = await (await fetchApp("/search/used-cars")).text();
    expect(page1.match(/<article/g)?.length).toBe(21);
    expect(page1).toContain("26 results");
    const page2 = await (await fetchApp("/search/used-cars?page=2")).text();
    expect(page2.match(/<article/g)?.length).toBe(5);
    expect((await fetchApp("/search/used-cars?page=3")).status).toBe(404);
    const bad = await fetchApp("/search?page=abc");
    expect(bad.status).toBe(400);
    expect((await fetchApp("/search?price=cheap")).status).toBe(400);
  });

  it("SRP: text query, make, body, price range and sort narrow the results", async () => {
    const text = await (await fetchApp("/search?query=hilux")).text();
    expect(text).toContain("1 result");
    const make = await (await fetchApp("/search/toyota?price=40000:50000")).text();
    expect(make).toContain("1 result");
    const sortedPage = await (await fetchApp("/search?sortBy=price_desc")).text();
    // The results come after the filter panel, whose model facet also names both models.
    const sorted = sortedPage.slice(sortedPage.indexOf('id="results-heading"'));
    expect(sorted.indexOf("HiLux")).toBeLessThan(sorted.indexOf("Corolla"));
    expect((await fetchApp("/search/not-a-make-or-body")).status).toBe(404);
  });

  it("hides cars sold more than the include-sold window ago (spec 4)", async () => {
    const res = await fetchApp("/search", { host: `${siteB.slug}.localhost` });
    const html = await res.text();
    expect(html).toContain("1 result");
    expect(html).not.toContain("Focus");
  });

  it("answers a real 404 page for unknown paths", async () => {
    const res = await fetchApp("/no/such/page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });

  it("lists the site's locations on /our-location with phone links stripped of spaces", async () => {
    const html = await (await fetchApp("/our-location")).text();
    expect(html).toContain("View our locations");
    expect(html).toContain("Location main");
  });
});

describe(`SRP plain GET form (${ENGINE})`, () => {
  it("folds price_min/price_max and empty fields into the canonical URL", async () => {
    const res = await fetchApp("/search?query=&make=Toyota&price_min=40000&price_max=&sortBy=relevance&page=3");
    expect(res.status).toBe(302);
    // Canonical form (issue 6): the default sort and page are dropped, ranges written min:max.
    expect(res.headers.get("location")).toBe("/search?make=Toyota&price=40000%3A");
  });
});
