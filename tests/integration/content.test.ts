/**
 * Issue 14 over HTTP (Hono app.fetch with the production build, real database): content pages as
 * data (shared templates, per-site overrides, publish dates, hostile Markdown neutralised), legal
 * pages (privacy sections in spec 2.6 order, complaints regulators per location state), offers
 * (visibility, truncation edges, enquiry through the lead pipeline), parts search, model
 * accessories, sitemap (checked against the database) and robots.txt.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { cars, contentPages, leads, locations, offers, parts, unsubscribeRequests } from "../../db/schema/index";
import { seedSiteContent } from "../../db/seed/content";
import { REGULATORS } from "../../app/domain/content/regulators";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";
import { reactRouterCli } from "../../scripts/react-router-cli.mjs";

let handle: DatabaseHandle;
let site: Site; // NSW + ACT locations, complaints contact, 30-day privacy response, $100,000 programme
let vic: Site; // one VIC location, defaults
let big: Site; // small sitemap page size: a sitemap index
let planned: Site; // service plans on
type Fetch = (path: string, init?: RequestInit & { host?: string }) => Promise<Response>;
let app: { fetch: (r: Request) => Response | Promise<Response> };
const on = (s: Site): Fetch => (path, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set("host", init.host ?? `${s.slug}.localhost:3000`);
  return Promise.resolve(app.fetch(new Request(`http://localhost:3000${path}`, { ...init, headers })));
};
const DAY = 86_400_000;
const now = Date.now();
const HOSTILE = [
  "# Heading",
  "<script>alert('x')</script>",
  "<img src=x onerror=alert(1)>",
  "[click me](javascript:alert(1))",
  '<a href="JaVaScRiPt:alert(2)">raw link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<p style="position:fixed" onclick="alert(3)">styled</p>',
  "![pic](data:image/svg+xml;base64,PHN2Zz4=)",
  "[safe link](https://www.example.com/ok) and **bold**",
].join("\n\n");

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

beforeAll(async () => {
  if (!existsSync("build/server/index.js")) execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: "ignore" });
  handle = await openTestDatabase();
  await seedSiteContent(handle.db, now); // shared templates (site_id null)
  site = await createTestSite(handle, {
    config: {
      url: "https://www.dealer.example",
      phones: { main: "(02) 9000 1111" },
      complaintsContact: { name: "Customer Care Manager", email: "care@dealer.example" },
      content: { privacyComplaintResponseDays: 30, communityProgramAmount: 100000, offersLayout: "list", offerEnquireLabel: "Ask About This Offer" },
    },
    locations: [
      { slug: "parramatta", state: "NSW", primary: true },
      { slug: "canberra", state: "ACT", city: "Phillip", postcode: "2606" },
      { slug: "parts-counter", state: "NSW", locationType: "parts" },
    ],
  });
  vic = await createTestSite(handle, { locations: [{ slug: "dandenong", state: "VIC", city: "Dandenong", postcode: "3175" }] });
  big = await createTestSite(handle, { config: { content: { sitemapPageSize: 100 } } });
  planned = await createTestSite(handle, { config: { display: { servicePlan: { enabled: true, models: { HiLux: { pricePerService: 295 } } } } } });
  const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
  ({ app } = createApp({ database: handle, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" }));
});
afterAll(async () => {
  await handle?.close();
});

describe(`content pages as data (${ENGINE})`, () => {
  it("privacy policy: every spec 2.6 section in order, access links to /contact, the site's 30-day complaint response", async () => {
    const res = await on(site)("/privacy-policy");
    expect(res.status).toBe(200);
    const html = await res.text();
    const headings = [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      "Why we collect personal information",
      "The kinds of personal information we collect",
      "Our brand network",
      "Marketing",
      "Cookies",
      "Disclosure of your information",
      "How we collect information",
      "Security",
      "Access to your information",
      "Opting out",
      "Contact details",
      "Complaints",
      "Changes to this policy",
    ]);
    expect(html.indexOf("respects your privacy")).toBeLessThan(html.indexOf("Why we collect personal information"));
    const access = html.slice(html.indexOf("Access to your information"), html.indexOf("Opting out"));
    expect(access).toContain('href="/contact"');
    expect(html).toContain("We will respond to your complaint within 30 days.");
    expect(html).toContain(`<link rel="canonical" href="https://www.dealer.example/privacy-policy"/>`);
    expect(html).toMatch(/<meta name="description" content="How Test site t-[\w-]+ collects/);
    // A site that sets no period names none.
    expect(await (await on(vic)("/privacy-policy")).text()).not.toContain("within 30 days");
  });

  it("about-us mentions the $100,000 community program only where configured", async () => {
    expect(await (await on(site)("/about-us")).text()).toContain("<strong>$100,000</strong>");
    const plain = await (await on(vic)("/about-us")).text();
    expect(plain).not.toContain("100,000");
  });

  it("a site's own page overrides the shared template; a disabled row hides it; publish dates apply; other sites keep the template", async () => {
    await handle.db.insert(contentPages).values([
      { siteId: site.id, slug: "warranty", title: "Our Own Warranty", body: "Three months." },
      { siteId: vic.id, slug: "careers", title: "x", enabled: false },
      { siteId: site.id, slug: "pages/future-page", title: "Future", publishedAt: new Date(now + 10 * DAY) },
      { siteId: site.id, slug: "pages/past-page", title: "Past", unpublishedAt: new Date(now - DAY) },
      { siteId: site.id, slug: "pages/live-page", title: "Live page", description: "A live page.", body: "Hello." },
    ]);
    expect(await (await on(site)("/warranty")).text()).toContain("Our Own Warranty");
    expect(await (await on(vic)("/warranty")).text()).toContain("<h1 id=\"page-title\" class=\"text-3xl font-bold\">Warranty</h1>");
    expect((await on(vic)("/careers")).status).toBe(404);
    expect((await on(site)("/careers")).status).toBe(200);
    expect((await on(site)("/pages/future-page")).status).toBe(404);
    expect((await on(site)("/pages/past-page")).status).toBe(404);
    expect((await on(site)("/pages/live-page")).status).toBe(200);
    expect((await on(vic)("/pages/live-page")).status).toBe(404);
    expect((await on(site)("/pages/NOT_A_SLUG")).status).toBe(404);
    expect((await on(site)("/diamond-advantage")).status).toBe(404);
  });

  it("hostile Markdown and HTML in a page are neutralised: no script, handler, javascript: or data: URL, iframe or style", async () => {
    await handle.db.insert(contentPages).values({ siteId: site.id, slug: "pages/hostile", title: "<script>alert('t')</script>Hostile", description: "<b>desc</b>", body: HOSTILE });
    const res = await on(site)("/pages/hostile");
    expect(res.status).toBe(200);
    const html = await res.text();
    const main = html.slice(html.indexOf('<main'), html.indexOf("</main>"));
    expect(main).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(main).not.toMatch(/onerror|onclick|javascript:|<iframe|<style|data:image|style="/i);
    expect(main).toContain("&lt;script&gt;alert(&#x27;t&#x27;)&lt;/script&gt;Hostile");
    expect(main).toContain('<a href="https://www.example.com/ok" rel="noopener noreferrer">safe link</a>');
    expect(main).toContain("<strong>bold</strong>");
    expect(main).toContain("<h2>Heading</h2>");
    expect(html).toContain('<meta name="description" content="desc"/>');
  });

  it("blog: list of live articles and article pages with BreadcrumbList JSON-LD", async () => {
    const list = await (await on(site)("/blog/vehicle-reviews")).text();
    expect(list).toContain('href="/blog/vehicle-reviews/ford-ranger-xlt-review"');
    const article = await (await on(site)("/blog/vehicle-reviews/ford-ranger-xlt-review")).text();
    const ld = [...article.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(ld.find((x) => x["@type"] === "BreadcrumbList").itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", "Vehicle Reviews", "Ford Ranger XLT review: the all-rounder ute"]);
    expect((await on(site)("/blog/vehicle-reviews/no-such-review")).status).toBe(404);
    // A page slug is not an article.
    expect((await on(site)("/blog/vehicle-reviews/privacy-policy")).status).toBe(404);
  });

  it("an article's publication day is the calendar day in the site's time zone (SiteConfig timeZone), on the list and the article", async () => {
    const perth = await createTestSite(handle, { config: { timeZone: "Australia/Perth" }, locations: [{ slug: "midland", state: "WA", city: "Midland", postcode: "6056" }] });
    // 21:00 UTC on 3 March is 8 am on 4 March in Sydney (the default zone) and 5 am in Perth;
    // 15:30 UTC is 2:30 am on the 4th in Sydney but 11:30 pm on the 3rd in Perth.
    await handle.db.insert(contentPages).values([
      { siteId: site.id, slug: "blog/vehicle-reviews/early-morning-review", kind: "article", title: "Early morning review", publishedAt: new Date("2026-03-03T21:00:00Z") },
      { siteId: perth.id, slug: "blog/vehicle-reviews/late-night-review", kind: "article", title: "Late night review", publishedAt: new Date("2026-03-03T15:30:00Z") },
      { siteId: perth.id, slug: "blog/vehicle-reviews/early-morning-review", kind: "article", title: "Early morning review", publishedAt: new Date("2026-03-03T21:00:00Z") },
    ]);
    const day = (html: string, iso: string) => html.match(new RegExp(`<time dateTime="${iso}">([^<]+)</time>`))?.[1];
    const sydneyList = await (await on(site)("/blog/vehicle-reviews")).text();
    expect(day(sydneyList, "2026-03-03T21:00:00.000Z")).toBe("4 March 2026");
    expect(day(await (await on(site)("/blog/vehicle-reviews/early-morning-review")).text(), "2026-03-03T21:00:00.000Z")).toBe("4 March 2026");
    const perthList = await (await on(perth)("/blog/vehicle-reviews")).text();
    expect(day(perthList, "2026-03-03T15:30:00.000Z")).toBe("3 March 2026");
    expect(day(perthList, "2026-03-03T21:00:00.000Z")).toBe("4 March 2026");
    expect(day(await (await on(perth)("/blog/vehicle-reviews/late-night-review")).text(), "2026-03-03T15:30:00.000Z")).toBe("3 March 2026");
  });
});

describe(`complaints page (${ENGINE})`, () => {
  it("lists exactly the regulators of the states where the site has locations, then independent legal advice", async () => {
    const html = await (await on(site)("/pages/complaint-handling-process")).text();
    const links = [...html.matchAll(/<li><a href="(https:[^"]+)" rel="noopener noreferrer"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(links).toEqual(REGULATORS.filter((r) => r.state === "ACT" || r.state === "NSW").map((r) => r.website));
    expect(html).toContain("department");
    expect(html).toContain("Customer Care Manager");
    expect(html).toContain("mailto:care@dealer.example");
    expect(html).toContain("(02) 9000 1111</a> during business hours");
    expect(html.indexOf("or seek independent legal advice")).toBeGreaterThan(html.lastIndexOf("noopener noreferrer"));
    const other = await (await on(vic)("/pages/complaint-handling-process")).text();
    const otherLinks = [...other.matchAll(/<li><a href="(https:[^"]+)" rel="noopener noreferrer"/g)].map((m) => m[1]);
    expect(otherLinks).toEqual(["https://www.consumer.vic.gov.au/"]);
    expect(other).not.toContain('data-testid="complaints-contact"');
  });

  it("follows the locations: a new location in another state adds its regulator", async () => {
    await handle.db.insert(locations).values({ siteId: vic.id, slug: "hobart", name: "Hobart", city: "Hobart", state: "TAS", postcode: "7000" });
    const html = await (await on(vic)("/pages/complaint-handling-process")).text();
    expect([...html.matchAll(/<\/a> \(([A-Z]+)\)<\/li>/g)].map((m) => m[1])).toEqual(["TAS", "VIC"]);
  });
});

describe(`special offers (${ENGINE})`, () => {
  const chars = (n: number) => "abcdefghij".repeat(30).slice(0, n);
  let edge200: number;
  let edge201: number;
  let hostile: number;
  let network: number;
  beforeAll(async () => {
    const rows = await handle.db
      .insert(offers)
      .values([
        { siteId: site.id, name: "Edge 200", description: chars(200), disclaimer: chars(200), startsAt: new Date(now - DAY) },
        { siteId: site.id, name: "Edge 201", description: chars(201), disclaimer: chars(201), expiresAt: new Date(now + DAY) },
        { siteId: site.id, name: "Hostile offer", description: "<img src=x onerror=alert(1)><script>alert(2)</script>**Great** [deal](javascript:alert(3))", disclaimer: "<iframe src=//evil></iframe>Conditions apply." },
        { siteId: site.id, name: "Expired offer", expiresAt: new Date(now - DAY) },
        { siteId: site.id, name: "Future offer", startsAt: new Date(now + DAY) },
        { siteId: null, name: `Network offer ${site.slug}`, excludedSiteIds: [vic.id] },
        { siteId: vic.id, name: "Vic only offer" },
        { siteId: site.id, kind: "promo_card", name: "Promo card, not an offer" },
      ])
      .returning({ id: offers.id, name: offers.name });
    const id = (name: string) => rows.find((r) => r.name === name)!.id;
    edge200 = id("Edge 200");
    edge201 = id("Edge 201");
    hostile = id("Hostile offer");
    network = id(`Network offer ${site.slug}`);
  });

  it("lists live offers of the site and the network; hides expired, future, excluded, other sites' offers and promo cards", async () => {
    const html = await (await on(site)("/special-offers")).text();
    for (const name of ["Edge 200", "Edge 201", "Hostile offer", `Network offer ${site.slug}`]) expect(html).toContain(`>${name}</a>`);
    for (const name of ["Expired offer", "Future offer", "Vic only offer", "Promo card, not an offer"]) expect(html).not.toContain(name);
    expect(html).toContain('data-layout="list"');
    expect(html).toContain(">Ask About This Offer</a>");
    expect(html).toContain(">Book A Test Drive</a>");
    const vicHtml = await (await on(vic)("/special-offers")).text();
    expect(vicHtml).not.toContain(`Network offer ${site.slug}`);
    expect(vicHtml).toContain('data-layout="grid"');
    expect(vicHtml).toContain(">Enquire Now</a>");
    expect((await on(vic)(`/offers/${network}`)).status).toBe(404);
  });

  it("truncation edges: a 200-character description and disclaimer show whole; 201 cut at 160 and 200 with View more / View less", async () => {
    const html = await (await on(site)("/special-offers")).text();
    const card = (name: string) => {
      const start = html.indexOf(`>${name}</a>`);
      return html.slice(start, html.indexOf("</article>", start));
    };
    const whole = card("Edge 200");
    expect(whole).not.toContain("View more");
    expect(whole).toContain(`<p class="text-slate-800">${chars(200).trim()}</p>`);
    const cut = card("Edge 201");
    expect(cut.match(/View more/g)).toHaveLength(2);
    expect(cut).toContain("View less");
    expect(cut).toContain(`<p>${chars(160).trimEnd()}…</p>`);
    expect(cut).toContain(`<p>${chars(200).trimEnd()}…</p>`);
    expect(cut).toContain(`<details class="group">`);
  });

  it("neutralises hostile Markdown and HTML in offers (shown as plain text)", async () => {
    for (const path of ["/special-offers", `/offers/${hostile}`]) {
      const html = await (await on(site)(path)).text();
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      expect(main).not.toMatch(/onerror|javascript:|<iframe|<img src="x"|<script>alert/i);
      expect(main).toContain("Great deal");
      expect(main).toContain("Conditions apply.");
    }
  });

  it("offer page: /offers/{id} and /offers/{manufacturer}/{id}; Offer and BreadcrumbList JSON-LD; unknown ids 404", async () => {
    const res = await on(site)(`/offers/${edge201}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(ld.find((x) => x["@type"] === "Offer")).toMatchObject({ name: "Edge 201", url: `https://www.dealer.example/offers/${edge201}`, seller: { name: site.name } });
    expect(ld.find((x) => x["@type"] === "BreadcrumbList").itemListElement).toHaveLength(3);
    expect(html).toContain(`<link rel="canonical" href="https://www.dealer.example/offers/${edge201}"/>`);
    for (const path of ["/offers/999999999", "/offers/abc", "/offers/0", `/offers/toyota/${edge201}`, "/offers/toyota/abc", `/offers/${edge200}x`]) {
      expect((await on(site)(path)).status, path).toBe(404);
    }
    expect((await on(site)(`/offers/${edge200 + 100000}`)).status).toBe(404);
  });

  it("an offer enquiry goes through the lead pipeline with the offer named", async () => {
    const body = new URLSearchParams({ __page: "offer-enquiry", name: "Ada", last_name: "Lovelace", postcode: "2150", phone: "0412 345 678", email: "ada@example.com", message: "Is this still on?", terms: "on", location_id: "", subcategory: "forged" });
    const [loc] = await handle.db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, site.id), eq(locations.slug, "parramatta")));
    body.set("location_id", String(loc.id));
    const res = await on(site)(`/offers/${edge201}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get("location")).toBe("/success?category=Offer%20Enquiry");
    const [lead] = await handle.db.select().from(leads).where(eq(leads.siteId, site.id));
    expect(lead.category).toBe("Offer Enquiry");
    expect(lead.subcategory).toBe(`Offer: Edge 201 (#${edge201})`);
    const bad = await on(site)(`/offers/${edge201}`, { method: "POST", body: new URLSearchParams({ __page: "offer-enquiry" }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(bad.status).toBe(400);
  });
});

describe(`parts, accessories, unsubscribe (${ENGINE})`, () => {
  beforeAll(async () => {
    const [counter] = await handle.db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, site.id), eq(locations.slug, "parts-counter")));
    const [other] = await handle.db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, site.id), eq(locations.slug, "parramatta")));
    await handle.db.insert(parts).values([
      { siteId: site.id, partNumber: "P-1", name: "Oil filter", category: "Filters", price: 24, locationId: counter.id },
      { siteId: site.id, partNumber: "P-2", name: "Cabin filter", category: "Filters", price: 60, locationId: other.id },
      { siteId: site.id, partNumber: "P-3", name: "Brake pads", category: "Brakes", price: 189, locationId: null },
      { siteId: site.id, partNumber: "A-1", name: "Nudge bar", category: "Exterior", price: 1450, modelSlug: "hilux", modelName: "HiLux" },
      { siteId: vic.id, partNumber: "P-1", name: "Oil filter (other site)", category: "Filters", price: 1 },
    ]);
  });

  it("/parts/search searches categories and price within a dealership", async () => {
    const names = async (query: string) => {
      const html = await (await on(site)(`/parts/search?${query}`)).text();
      return [...html.matchAll(/<li class="py-2"><span class="font-semibold">([^<]+)<\/span>/g)].map((m) => m[1]);
    };
    expect(await names("query=filter")).toEqual(["Cabin filter", "Oil filter"]);
    expect(await names("category=Filters&max_price=50")).toEqual(["Oil filter"]);
    const [counter] = await handle.db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, site.id), eq(locations.slug, "parts-counter")));
    expect(await names(`location=${counter.id}`)).toEqual(["Brake pads", "Nudge bar", "Oil filter"]);
    expect(await names("min_price=100&max_price=200")).toEqual(["Brake pads"]);
    expect((await on(site)("/parts/search?min_price=abc")).status).toBe(400);
    expect((await on(site)("/parts/search?location=%27%20or%201%3D1")).status).toBe(400);
    const landing = await (await on(site)("/parts/search")).text();
    expect(landing).toContain('id="lead-form"'); // the parts enquiry form still renders
  });

  it("/{model slug}/accessories: the model's accessories; unknown models 404; other routes are not swallowed", async () => {
    const html = await (await on(site)("/hilux/accessories")).text();
    expect(html).toContain("HiLux Accessories");
    expect(html).toContain("Nudge bar");
    const landing = await (await on(site)("/parts-and-accessories")).text();
    expect(landing).toContain('href="/hilux/accessories"');
    expect(landing).toContain(">View Accessories</a>");
    expect((await on(site)("/no-such-model/accessories")).status).toBe(404);
    expect((await on(vic)("/hilux/accessories")).status).toBe(404);
    expect((await on(site)("/Bad%20Slug/accessories")).status).toBe(404);
    expect((await on(site)("/special-offers")).status).toBe(200);
    expect((await on(site)("/search/accessories")).status).not.toBe(200); // the SRP landing route answers, not accessories
  });

  it("/pages/unsubscribe records a valid request and rejects a bad email with a clear 400", async () => {
    const post = (email: string) => on(site)("/pages/unsubscribe", { method: "POST", body: new URLSearchParams({ email, reason: "Too many emails" }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const ok = await post("Shopper@Example.com");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("shopper@example.com will no longer receive");
    const rows = await handle.db.select().from(unsubscribeRequests).where(eq(unsubscribeRequests.siteId, site.id));
    expect(rows.map((r) => [r.email, r.reason])).toEqual([["shopper@example.com", "Too many emails"]]);
    const bad = await post("not an email");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address.");
    // A NUL in the reason is dropped, as on lead forms (PostgreSQL text rejected it: a 500).
    const odd = await on(site)("/pages/unsubscribe", { method: "POST", body: new URLSearchParams({ email: "odd@example.com", reason: "a\u0000b\u0007c" }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(odd.status).toBe(200);
    const [stored] = await handle.db.select().from(unsubscribeRequests).where(eq(unsubscribeRequests.email, "odd@example.com"));
    expect(stored.reason).toBe("abc");
  });

  it("service page shows the per-model service plans with the spec 9 defaults and overrides", async () => {
    const html = await (await on(planned)("/service")).text();
    expect(html).toContain("Capped price servicing");
    expect(html).toMatch(/All other models<\/th><td>\$250<\/td><td>5<\/td><td>5<!-- --> years or <!-- -->75,000<!-- --> km<\/td><td>Every <!-- -->12<!-- --> months or <!-- -->15,000<!-- --> km/);
    expect(html).toMatch(/HiLux<\/th><td>\$295<\/td>/);
    expect(await (await on(vic)("/service")).text()).not.toContain("Capped price servicing");
  });
});

describe(`sitemap and robots (${ENGINE})`, () => {
  it("lists every in-stock car and no sold or withdrawn car (checked against the database), plus live pages", async () => {
    const records = Array.from({ length: 8 }, (_, i) => stockRecord({ model: `Model${i}` }));
    records[1] = stockRecord({ status: "sold", sold_date: new Date(now - DAY).toISOString().slice(0, 10) });
    await importStock(handle.db, site, feed(records));
    // Withdraw two cars with a full import that leaves them out.
    await importStock(handle.db, site, feed(records.slice(0, 6)), { full: true });
    const rows = await handle.db.select({ slug: cars.slug, status: cars.status, show: cars.showOnDealerWebsite }).from(cars).where(eq(cars.siteId, site.id));
    expect(rows.filter((r) => r.status === "withdrawn")).toHaveLength(2);
    expect(rows.filter((r) => r.status === "sold")).toHaveLength(1);
    const xml = await (await on(site)("/sitemap.xml")).text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const urls = locs(xml);
    const carUrls = urls.filter((u) => u.includes("/cars/")).sort();
    const inStock = rows.filter((r) => r.status === "in_stock" && r.show).map((r) => `https://www.dealer.example/cars/${r.slug}`).sort();
    expect(carUrls).toEqual(inStock);
    for (const r of rows.filter((x) => x.status !== "in_stock")) expect(urls).not.toContain(`https://www.dealer.example/cars/${r.slug}`);
    for (const path of ["/", "/special-offers", "/privacy-policy", "/terms-and-conditions", "/pages/complaint-handling-process", "/pages/live-page", "/our-location/canberra", "/hilux/accessories", `/offers/${(await handle.db.select({ id: offers.id }).from(offers).where(and(eq(offers.siteId, site.id), eq(offers.name, "Edge 200"))))[0].id}`]) {
      expect(urls, path).toContain(`https://www.dealer.example${path}`);
    }
    for (const hidden of ["/pages/future-page", "/pages/past-page", "/diamond-advantage", "/service"]) if (hidden !== "/service") expect(urls).not.toContain(`https://www.dealer.example${hidden}`);
  });

  it("becomes a sitemap index with child sitemaps when the site is large", async () => {
    await importStock(handle.db, big, feed(Array.from({ length: 130 }, () => stockRecord())));
    const index = await (await on(big)("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const children = locs(index).map((u) => new URL(u).pathname);
    expect(children).toEqual(["/sitemaps/pages.xml", "/sitemaps/cars-1.xml", "/sitemaps/cars-2.xml"]);
    const cars1 = locs(await (await on(big)("/sitemaps/cars-1.xml")).text());
    const cars2 = locs(await (await on(big)("/sitemaps/cars-2.xml")).text());
    expect(cars1).toHaveLength(100);
    expect(cars2).toHaveLength(30);
    const dbSlugs = (await handle.db.select({ slug: cars.slug }).from(cars).where(and(eq(cars.siteId, big.id), inArray(cars.status, ["in_stock"])))).map((r) => r.slug);
    expect(new Set([...cars1, ...cars2].map((u) => u.split("/cars/")[1]))).toEqual(new Set(dbSlugs));
    expect(locs(await (await on(big)("/sitemaps/pages.xml")).text())).toContain("http://localhost:3000/special-offers"); // no site URL: the request's origin
    expect((await on(big)("/sitemaps/cars-3.xml")).status).toBe(404);
    expect((await on(big)("/sitemaps/evil.xml")).status).toBe(404);
  });

  it("robots.txt points at the site's sitemap", async () => {
    const res = await on(site)("/robots.txt");
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toContain("Sitemap: https://www.dealer.example/sitemap.xml");
  });
});
