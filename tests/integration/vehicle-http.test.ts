/**
 * Issue 3 endpoints over HTTP (Hono app.fetch with the production build): view counter, phone
 * reveal, PDF brochure, print page, VDP SEO tags. Bad input answers 400/404/405, never 500.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import pino from "pino";
import { PDFParse } from "pdf-parse";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataRequestValues, loaderDataField } from "./loader-data";
import type { DatabaseHandle } from "../../db/client";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";
import { inlineScripts } from "./inline-scripts";
import { reactRouterCli } from "../../scripts/react-router-cli.mjs";

let handle: DatabaseHandle;
let site: Site;
let other: Site;
let fetchApp: (path: string, init?: RequestInit & { host?: string }) => Promise<Response>;
const car = stockRecord({ make: "Toyota", model: "HiLux", badge: "SR5", year: 2021, price: 48990, km: 61000, body: "Ute" });
const slug = `${car.year}-${car.make}-${car.model}-${car.badge}-${car.stock_number}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");

beforeAll(async () => {
  if (!existsSync("build/server/index.js")) {
    execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: "ignore" });
  }
  handle = await openTestDatabase();
  site = await createTestSite(handle, { config: { url: "https://www.dealer.example/" } });
  other = await createTestSite(handle);
  await importStock(handle.db, site, feed([car]));
  const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
  const { app } = createApp({ database: handle, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" });
  fetchApp = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("host", init.host ?? `${site.slug}.localhost:3000`);
    return Promise.resolve(app.fetch(new Request(`http://localhost:3000${path}`, { ...init, headers })));
  };
});
afterAll(async () => {
  await handle?.close();
});

describe(`vehicle presentation endpoints (${ENGINE})`, () => {
  it("VDP: unique title, canonical from the site URL (trailing slash removed), Open Graph and Car JSON-LD", async () => {
    const html = await (await fetchApp(`/cars/${slug}`)).text();
    expect(html).toContain("<title>2021 Toyota HiLux SR5 | $48,990 | ");
    expect(html).toContain(`<link rel="canonical" href="https://www.dealer.example/cars/${slug}"/>`);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]);
    expect(ld).toMatchObject({ "@type": "Car", vehicleModelDate: "2021", offers: { price: 48990, priceCurrency: "AUD" } });
  });

  it("issue 51 / spec 7: the sidebar's 'Book a Test Drive' links the test-drive form, which has the date-time field", async () => {
    const html = await (await fetchApp(`/cars/${slug}`)).text();
    expect(html).toMatch(new RegExp(`<a href="/cars/${slug}\\?form=test-drive#enquire"[^>]*data-kind="test-drive"[^>]*>Book a Test Drive</a>`));
    const form = await (await fetchApp(`/cars/${slug}?form=test-drive`)).text();
    expect(form).toContain('type="datetime-local"');
    expect(form).toContain("Book Test Drive");
  });

  it("VDP: the view model travels in the loader data as one JSON string, the one the page renders (decision 208)", async () => {
    const html = await (await fetchApp(`/cars/${slug}`)).text();
    const json = loaderDataField(dataRequestValues(await (await fetchApp(`/cars/${slug}.data`)).text()), "vdp");
    expect(typeof json).toBe("string");
    const vdp = JSON.parse(json as string) as { slug: string; title: string; canonical: string; price: { text: string } };
    expect(vdp.slug).toBe(slug);
    expect(vdp.canonical).toBe(`https://www.dealer.example/cars/${slug}`);
    expect(html).toContain(`>${vdp.title}</h1>`);
    expect(html).toContain(vdp.price.text);
  });

  it("view.json counts once per visitor per day (issue 16) and is never cached; other sites' cars are 404", async () => {
    const first = await fetchApp(`/cars/${slug}/view.json`);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const { views } = (await first.json()) as { views: number };
    expect(((await (await fetchApp(`/cars/${slug}/view.json`)).json()) as { views: number }).views).toBe(views);
    expect(((await (await fetchApp(`/cars/${slug}/view.json`, { headers: { "user-agent": "another shopper" } })).json()) as { views: number }).views).toBe(views + 1);
    expect((await fetchApp(`/cars/${slug}/view.json`, { host: `${other.slug}.localhost:3000` })).status).toBe(404);
    expect((await fetchApp(`/cars/BAD%20SLUG/view.json`)).status).toBe(404);
  });

  it("phone reveal: JSON for fetch, 303 back to the unmasked VDP for a plain form, 405 for GET", async () => {
    const json = await fetchApp(`/cars/${slug}/phone-reveal`, { method: "POST", headers: { Accept: "application/json" } });
    expect(await json.json()).toEqual({ ok: true });
    const form = await fetchApp(`/cars/${slug}/phone-reveal`, { method: "POST", redirect: "manual" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/cars/${slug}?phone=shown#call-dealer`);
    expect((await fetchApp(`/cars/${slug}/phone-reveal`)).status).toBe(405);
    expect((await fetchApp(`/cars/no-such-car/phone-reveal`, { method: "POST", headers: { Accept: "application/json" } })).status).toBe(404);
  });

  it("brochure.pdf is an attachment named {slug}.pdf whose text has the title and price", async () => {
    const response = await fetchApp(`/cars/${slug}/brochure.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${slug}.pdf"`);
    const text = (await new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) }).getText()).text;
    expect(text).toContain("2021 Toyota HiLux SR5");
    expect(text).toContain("$48,990");
    expect((await fetchApp(`/cars/no-such-car/brochure.pdf`)).status).toBe(404);
  });

  it("print page: 200 for a car, 400 for a missing or malformed car_id", async () => {
    const ok = await fetchApp(`/print?car_id=${slug}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("2021 Toyota HiLux SR5");
    expect((await fetchApp(`/print`)).status).toBe(400);
    expect((await fetchApp(`/print?car_id=%3Cscript%3E`)).status).toBe(400);
    expect((await fetchApp(`/print?car_id=no-such-car`)).status).toBe(404);
  });

  it("serves the certified-used logo (spec 4 tag step 3) as a public file with an hour's caching", async () => {
    const response = await fetchApp("/brand/certified.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await fetchApp("/brand/missing.svg")).status).toBe(404);
  });

  it("the VDP is rendered whole (decision 184): exact length, a CSP naming every inline script, similar stock inline, the same page brotli-compressed", async () => {
    const similar = stockRecord({ make: "Toyota", model: "LandCruiser", badge: "GXL", year: 2020, price: 79990, km: 40000, body: "Ute" });
    await importStock(handle.db, site, feed([car, similar]));
    const response = await fetchApp(`/cars/${slug}`, { headers: { "accept-encoding": "identity" } });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    const html = bytes.toString("utf8");
    const csp = response.headers.get("content-security-policy") ?? "";
    const sha = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
    // Data blocks (schema.org markup) are never run, so they need no hash.
    const { run, data } = inlineScripts(html);
    expect(run.length).toBeGreaterThan(1);
    for (const [, body] of run) expect(csp).toContain(sha(body));
    expect(data.map(([attributes]) => attributes)).toContain(' type="application/ld+json"');
    for (const [, body] of data) expect(csp).not.toContain(sha(body));
    expect(html).toContain("2020 Toyota LandCruiser GXL");
    expect(html).not.toContain("Loading similar stock");
    expect(html).not.toContain("$RC");
    const compressed = await fetchApp(`/cars/${slug}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    const body = Buffer.from(await compressed.arrayBuffer());
    expect(Number(compressed.headers.get("content-length"))).toBe(body.byteLength);
    const decompressed = brotliDecompressSync(body).toString("utf8");
    expect(decompressed.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(decompressed).toContain("2020 Toyota LandCruiser GXL");
  });
});
