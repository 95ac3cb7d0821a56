/**
 * Issue 6 over HTTP (Hono app.fetch with the production build): `GET /api/search` (shape, site
 * scope, 400s), the landing routes' titles and canonical URLs (spec 2.1), /pre-owned, /models,
 * the spec 9 facet limits and the certified-only facet (spec 5), promo cards (spec 2.2, 4).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { manufacturers, offers } from "../../db/schema/index";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";
import { dataRequestValues, loaderDataField } from "./loader-data";
import { reactRouterCli } from "../../scripts/react-router-cli.mjs";

let handle: DatabaseHandle;
let fetchFrom: (site: Site, path: string) => Promise<Response>;
/** Makes the app read the site list again (for sites a test creates after the first request). */
let reloadSites: () => void;
let dealer: Site;
let other: Site;
let certifiedOnly: Site;
let logoSite: Site;
const DAY = 86_400_000;

beforeAll(async () => {
  if (!existsSync("build/server/index.js")) {
    execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: "ignore" });
  }
  handle = await openTestDatabase();
  dealer = await createTestSite(handle, {
    config: { url: "https://www.dealer.example" },
    locations: [{ slug: "parramatta", name: "Dealer Parramatta", primary: true }],
  });
  other = await createTestSite(handle);
  certifiedOnly = await createTestSite(handle, { config: { search: { certifiedOnly: true } } });
  logoSite = await createTestSite(handle);
  await handle.db.insert(manufacturers).values({ name: "Logotest", slug: `logotest-${logoSite.id}`, logoUrl: "/brand-logos/logotest.svg" });
  await importStock(handle.db, logoSite, feed([stockRecord({ make: "Logotest", model: "One" }), stockRecord({ make: "Nologo", model: "Two" })]));
  const models = Array.from({ length: 35 }, (_, i) => `Model${String(i).padStart(2, "0")}`);
  await importStock(handle.db, dealer, feed([
    ...models.map((model) => stockRecord({ make: "Kia", model, body: "SUV", car_type: "used" })),
    stockRecord({ make: "Toyota", model: "HiLux", body: "Ute", car_type: "new", price: 55000 }),
    stockRecord({ make: "Toyota", model: "HiLux", body: "Ute", car_type: "used", price: 41000 }),
    stockRecord({ make: "Toyota", model: "RAV4", body: "SUV", car_type: "demo", price: 47000 }),
  ]));
  await importStock(handle.db, other, feed([stockRecord({ make: "Volvo", model: "XC60" })]));
  await importStock(handle.db, certifiedOnly, feed([stockRecord({ make: "Toyota", certified: true }), stockRecord({ make: "Toyota", certified: false })]));
  const now = Date.now();
  await handle.db.insert(offers).values([
    { siteId: dealer.id, kind: "promo_card", name: "Live promo", carType: null, startsAt: new Date(now - DAY), expiresAt: new Date(now + DAY) },
    { siteId: dealer.id, kind: "promo_card", name: "Expired promo", carType: null, startsAt: new Date(now - 9 * DAY), expiresAt: new Date(now - DAY) },
    { siteId: dealer.id, kind: "promo_card", name: "New-car promo", carType: "new", startsAt: null, expiresAt: null },
  ]);
  const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
  const { app, sites } = createApp({ database: handle, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" });
  reloadSites = () => sites.invalidate();
  fetchFrom = (site, path) => Promise.resolve(app.fetch(new Request(`http://localhost:3000${path}`, { headers: { host: `${site.slug}.localhost:3000` } })));
});
afterAll(async () => {
  await handle?.close();
});

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe(`GET /api/search (${ENGINE})`, () => {
  it("answers {hits, facets, count, ms, page, pages, hitsPerPage} for the requesting site only", async () => {
    const res = await fetchFrom(dealer, "/api/search?make=Toyota&sortBy=price_desc");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["count", "facets", "hits", "hitsPerPage", "ms", "page", "pages"]);
    expect(body.count).toBe(3);
    expect(body.hits.map((h: { price: number }) => h.price)).toEqual([55000, 47000, 41000]);
    expect(body.hits[0].url).toMatch(/^\/cars\//);
    expect(body.facets.make.map((f: { value: string; count: number }) => [f.value, f.count])).toEqual([["Kia", 35], ["Toyota", 3]]);
    expect(body.facets.car_type.map((f: { value: string }) => f.value)).toEqual(["new", "demo", "used"]);
    expect([body.page, body.pages, body.hitsPerPage]).toEqual([1, 1, 21]);
    const otherBody = await (await fetchFrom(other, "/api/search")).json();
    expect(otherBody.facets.make.map((f: { value: string }) => f.value)).toEqual(["Volvo"]);
  });

  it("answers 400 with a readable message for malformed parameters and ignores unknown values", async () => {
    const bad = await fetchFrom(dealer, "/api/search?price=cheap&page=0");
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error).toContain('"page" must be a whole number of 1 or more (got "0").');
    expect(error).toContain('"price" must be written min:max');
    const unknown = await fetchFrom(dealer, "/api/search?car_type=spaceship&utm_source=mail");
    expect(unknown.status).toBe(200);
    expect((await unknown.json()).count).toBe(38);
  });
});

describe(`search entry points (spec 2.1, ${ENGINE})`, () => {
  it("each landing route has its own title, description and canonical URL", async () => {
    const cases: [string, string, string][] = [
      ["/search/used-cars", "Used cars for sale", "https://www.dealer.example/search/used-cars"],
      ["/search/new-and-demo-cars", "New and Demo cars for sale", "https://www.dealer.example/search/new-and-demo-cars"],
      ["/search/toyota", "Toyota cars for sale", "https://www.dealer.example/search/toyota"],
      ["/search/toyota/hilux", "Toyota HiLux cars for sale", "https://www.dealer.example/search/toyota/hilux"],
      ["/search/suv", "SUV cars for sale", "https://www.dealer.example/search/suv"],
      ["/search/parramatta", "All cars at Dealer Parramatta for sale", "https://www.dealer.example/search/parramatta"],
      ["/search/toyota?page=1&sortBy=latest", "Toyota cars for sale", "https://www.dealer.example/search/toyota?sortBy=latest"],
    ];
    for (const [path, title, canonical] of cases) {
      const res = await fetchFrom(dealer, path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(titleOf(html), path).toBe(`${title} | ${dealer.name}`);
      expect(canonicalOf(html), path).toBe(canonical);
      expect(html, path).toMatch(new RegExp(`<meta name="description" content="([^"]*\\. )?${title.replace(" for sale", "")}: \\d+ for sale at `));
    }
    expect((await fetchFrom(dealer, "/search/toyota/corolla")).status).toBe(404);
  });

  it("folds the plain form's price boxes into an address that answers 200, dropping a box that cannot be a bound", async () => {
    const follow = async (path: string) => {
      const res = await fetchFrom(dealer, path);
      const location = res.headers.get("location") ?? "";
      return { status: res.status, location, then: location ? (await fetchFrom(dealer, location)).status : null };
    };
    expect(await follow("/search?make=Toyota&price_min=45000&price_max=")).toEqual({ status: 302, location: "/search?make=Toyota&price=45000%3A", then: 200 });
    for (const bad of ["1e309", "-1", "NaN", '"><script>alert(1)</script>']) {
      const box = encodeURIComponent(bad);
      expect(await follow(`/search?make=Toyota&price_min=${box}`), bad).toEqual({ status: 302, location: "/search?make=Toyota", then: 200 });
      expect(await follow(`/search?make=Toyota&price_min=${box}&price_max=50000`), bad).toEqual({ status: 302, location: "/search?make=Toyota&price=%3A50000", then: 200 });
    }
    // A parameter the page refuses: its 400 at once, not a redirect to an address that answers it.
    const refused = await fetchFrom(dealer, "/search?make=Toyota&price_min=45000&sortBy=bogus");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("sortBy");
  });

  it("/pre-owned lists used cars, certified=true only certified ones", async () => {
    const all = await (await fetchFrom(certifiedOnly, "/pre-owned")).text();
    expect(all).toContain("2 results");
    const cert = await (await fetchFrom(certifiedOnly, "/pre-owned?certified=true")).text();
    expect(cert).toContain("1 result");
    expect(titleOf(cert)).toContain("Certified pre-owned cars");
  });

  it("the results come before the filter form in the page (issue 15: a phone paints cars first, even mid-parse)", async () => {
    const html = await (await fetchFrom(certifiedOnly, "/pre-owned")).text();
    const firstCard = html.indexOf('data-testid="car-card"');
    expect(firstCard).toBeGreaterThan(0);
    expect(firstCard).toBeLessThan(html.indexOf('id="refine"'));
  });

  it("renders the first two result cards at once and marks later cards and the footer to render near the screen (decision 209)", async () => {
    const html = await (await fetchFrom(dealer, "/search?car_type=used")).text();
    const cards = [...html.matchAll(/<article class="([^"]*)"[^>]*data-testid="car-card"/g)].map((m) => m[1]!.split(" ").includes("render-when-near"));
    expect(cards.length).toBeGreaterThan(4);
    expect(cards).toEqual(cards.map((_, i) => i >= 2));
    expect(html).toMatch(/<footer class="render-when-near /);
  });

  it("wraps the sidebar filter form in #refine, shown on a phone only as the fragment's target, and the phone's 'Filter (0)' link names it (decision 211)", async () => {
    const html = await (await fetchFrom(dealer, "/search?car_type=used")).text();
    expect(html).toMatch(/<div id="refine" class="filters-on-request [^"]*"><div data-island="srp-refine"><!--\$--><form id="refine-form" aria-label="Refine results"/);
    expect(html).toContain('<a href="#refine"');
    expect(html.match(/id="refine"/g)).toHaveLength(1);
  });

  it("/models?body=SUV lists the SUV models by make with links to /search/{make}/{model}", async () => {
    const html = await (await fetchFrom(dealer, "/models?body=SUV")).text();
    expect(titleOf(html)).toBe(`SUV models | ${dealer.name}`);
    expect(html).toContain('href="/search/toyota/rav4?body=SUV"');
    expect(html).not.toContain("/search/toyota/hilux");
  });
});

describe(`facet widgets (spec 5, 9, ${ENGINE})`, () => {
  it("lists at most 30 models (spec 9)", async () => {
    const body = await (await fetchFrom(dealer, "/api/search")).json();
    expect(body.facets.model).toHaveLength(30);
  });

  it("hides certified 'false' on a certified-only site (spec 5)", async () => {
    const body = await (await fetchFrom(certifiedOnly, "/api/search")).json();
    expect(body.facets.certified.map((f: { value: string }) => f.value)).toEqual(["true"]);
    // Issue 17: without any certified car the facet ('Not certified' only) cannot narrow anything: hidden.
    const normal = await (await fetchFrom(dealer, "/api/search")).json();
    expect(normal.facets.certified.map((f: { value: string }) => f.value)).toEqual([]);
  });

  it("shows only live promo cards, and car-type cards for their car type (spec 2.2, 4)", async () => {
    const all = await (await fetchFrom(dealer, "/search")).text();
    expect(all).toContain("Live promo");
    expect(all).not.toContain("Expired promo");
    expect(all).toContain("New-car promo");
    const used = await (await fetchFrom(dealer, "/search/used-cars")).text();
    expect(used).toContain("Live promo");
    expect(used).not.toContain("New-car promo");
  });

  it("issue 51 (reg 100): a finance promo card shows each site's own rate, its comparison rate and the warning; a site without lender data shows none", async () => {
    const finance = (used: number) => ({ finance: { provider: "lender", providerType: "D" as const, establishmentFee: 395, generatedLenderRates: { new: used, demo: used, used } } });
    const low = await createTestSite(handle, { config: finance(6.29) });
    const high = await createTestSite(handle, { config: finance(9.99) });
    const none = await createTestSite(handle);
    for (const site of [low, high, none]) {
      // Promo cards take grid positions from the 4th (spec 2.2): enough cars to reach one.
      await importStock(handle.db, site, feed(Array.from({ length: 8 }, () => stockRecord({ car_type: "used", price: 20_000 }))));
      await handle.db.insert(offers).values({ siteId: site.id, kind: "promo_card", name: "Used car finance", linkUrl: "/finance", carType: "used", finance: { source: "lender-data", carType: "used" } });
    }
    // The app read its site list before these sites existed (a new site reaches a node's list
    // within the list's few seconds; here at once).
    reloadSites();
    const card = (html: string) => html.slice(html.indexOf('data-testid="promo-card"'), html.indexOf("</aside>", html.indexOf('data-testid="promo-card"')));
    const lowCard = card(await (await fetchFrom(low, "/search/used-cars")).text());
    const highCard = card(await (await fetchFrom(high, "/search/used-cars")).text());
    expect(lowCard).toContain("Finance from 6.29% p.a.");
    expect(highCard).toContain("Finance from 9.99% p.a.");
    for (const html of [lowCard, highCard]) {
      const [rate, comparison] = [html.match(/Finance from ([\d.]+)%/)![1], html.match(/Comparison rate ([\d.]+)% p\.a\./)![1]];
      expect(Number(comparison)).toBeGreaterThan(Number(rate)); // the $395 fee is in it
      expect(html).toContain("WARNING: This comparison rate is true only for the examples given");
      expect(html).not.toContain("8.19%");
    }
    expect(await (await fetchFrom(none, "/search/used-cars")).text()).not.toContain('data-testid="promo-card"');
  });

  it("sends the facet lists in the loader data as one JSON string, which the page renders (decision 208)", async () => {
    const html = await (await fetchFrom(dealer, "/search?car_type=used")).text();
    const body = await (await fetchFrom(dealer, "/search.data?car_type=used")).text();
    const json = loaderDataField(dataRequestValues(body), "facets");
    expect(typeof json).toBe("string");
    const facets = JSON.parse(json as string) as Record<string, { value: string; label: string; count: number }[]>;
    expect(facets.make).toEqual([
      { value: "Kia", label: "Kia", count: 35 },
      { value: "Toyota", label: "Toyota", count: 1 },
    ]);
    expect(facets.body.map((f) => [f.value, f.count])).toEqual([["SUV", 35], ["Ute", 1]]);
    // The sidebar's server HTML shows the same lists.
    const make = html.slice(html.indexOf('data-testid="facet-make"'), html.indexOf("</fieldset>", html.indexOf('data-testid="facet-make"')));
    expect([...make.matchAll(/value="([^"]+)"\/>(?:<img [^>]*\/>)?<span>[^<]*<\/span><span [^>]*>([\d,]+)</g)].map((m) => [m[1], m[2]])).toEqual([["Kia", "35"], ["Toyota", "1"]]);
  });

  it("shows the make facet's logos from the manufacturers' reference data (spec 2.2)", async () => {
    const html = await (await fetchFrom(logoSite, "/search")).text();
    expect(html).toContain('<img src="/brand-logos/logotest.svg" alt="" width="20" height="20"');
    expect(html.match(/<img src="\/brand-logos\/[^"]+" alt="" width="20"/g)).toHaveLength(1);
  });

  it("shows a changed, added or removed promo card on the next SRP (read once per site version, issue 15)", async () => {
    expect(await (await fetchFrom(dealer, "/search/used-cars")).text()).toContain("Live promo");
    // Offers move the site's config version (migration 0018), which the page cache and the
    // per-version memo both follow: no stale card, on the very next page.
    await handle.db.update(offers).set({ name: "Renamed promo" }).where(eq(offers.name, "Live promo"));
    const renamed = await (await fetchFrom(dealer, "/search/used-cars")).text();
    expect(renamed).toContain("Renamed promo");
    expect(renamed).not.toContain("Live promo");
    await handle.db.insert(offers).values({ siteId: dealer.id, kind: "promo_card", name: "Added promo", carType: "used", startsAt: null, expiresAt: null });
    expect(await (await fetchFrom(dealer, "/search/used-cars")).text()).toContain("Added promo");
    await handle.db.delete(offers).where(eq(offers.name, "Added promo"));
    await handle.db.update(offers).set({ name: "Live promo" }).where(eq(offers.name, "Renamed promo"));
    const restored = await (await fetchFrom(dealer, "/search/used-cars")).text();
    expect(restored).not.toContain("Added promo");
    expect(restored).toContain("Live promo");
  });
});
