/**
 * Issue 54 item 7, spec 2.1 `/search/{dealership_slug}` ("More stock from one dealer"): a dealer
 * group's sites set to `search.groupSearch: "group"` show each other's stock, over HTTP through
 * the whole app (page cache included): on the SRP ("More from our group"), in the VDP's similar
 * stock and in `GET /api/search` (`group`). Tenancy: another group's stock, a site set to "off", an
 * archived site, and withdrawn, hidden, sold or excluded cars never show.
 */
import pino from "pino";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { cars, dealerGroups, sites } from "../../db/schema/index";
import { importStock } from "../../app/services/stock-import.server";
import type { SiteConfigInput } from "../../app/sites/site-config";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { loadBuild } from "./app-harness";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>["app"];
const s = {} as Record<"a" | "b" | "off" | "archived" | "x" | "y", Site>;
const on: SiteConfigInput = { search: { groupSearch: "group" } };

/** A site of `groupId` with one location per slug (names "Yard {slug}"). */
async function siteIn(groupId: number, locations: string[], config: SiteConfigInput = on): Promise<Site> {
  const site = await createTestSite(handle, { config, locations: locations.map((slug, i) => ({ slug, name: `Yard ${slug}`, primary: i === 0 })) });
  await handle.db.update(sites).set({ dealerGroupId: groupId }).where(eq(sites.id, site.id));
  return site;
}

const get = (site: Site, path: string) => app.fetch(new Request(`http://${site.slug}.localhost${path}`, { headers: { host: `${site.slug}.localhost` } }));
async function html(site: Site, path: string): Promise<string> {
  const res = await get(site, path);
  expect(res.status, `${site.slug}${path}`).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
}
/** The "More from our group" section's markup, or null. */
function groupPart(page: string): string | null {
  const at = page.indexOf('data-testid="group-stock"');
  return at === -1 ? null : page.slice(at, page.indexOf("</section>", at));
}
/** The VDP's "Similar stock" section's markup, or null. */
function similarPart(page: string): string | null {
  const at = page.indexOf('aria-labelledby="similar-title"');
  return at === -1 ? null : page.slice(at, page.indexOf("</section>", at));
}
/** The site's cars by title, from its own search API. */
async function apiSearch(site: Site, query = ""): Promise<{ hits: { slug: string; title: string; url: string; site?: { slug: string; name: string } }[]; count: number; group?: ApiGroup | null }> {
  const res = await get(site, `/api/search${query}`);
  expect(res.status, `${site.slug}/api/search${query}`).toBe(200);
  return res.json();
}
interface ApiGroup {
  name: string;
  count: number;
  page: number;
  pages: number;
  hitsPerPage: number;
  hits: { slug: string; title: string; url: string; site: { slug: string; name: string } }[];
  facets: Record<string, { value: string; count: number }[]>;
}
const models = (part: string) => [...part.matchAll(/id="car-\d+-title"[^>]*><a[^>]*>([^<]+)</g)].map((m) => m[1].replace(/^\d{4} /, "").replace(/ Maxx Sport$/, "")).sort();

beforeAll(async () => {
  handle = await openTestDatabase();
  const [g] = await handle.db.insert(dealerGroups).values({ slug: `grp-${Date.now()}-g`, name: "Bay Motor Group" }).returning();
  const [h] = await handle.db.insert(dealerGroups).values({ slug: `grp-${Date.now()}-h`, name: "Other Group" }).returning();
  s.a = await siteIn(g.id, ["a-yard"]);
  s.b = await siteIn(g.id, ["bay-north", "bay-south"], { search: { groupSearch: "group", excludedStockNumbers: ["B-EXCLUDED"] } });
  s.off = await siteIn(g.id, ["off-yard"], {});
  s.archived = await siteIn(g.id, ["gone-yard"]);
  s.x = await siteIn(h.id, ["x-yard"]);
  s.y = await siteIn(h.id, ["y-yard"]);
  const r = (stock: string, make: string, model: string, extra: Record<string, unknown> = {}) => stockRecord({ stock_number: stock, make, model, ...extra });
  await importStock(handle.db, s.a, feed([r("A-1", "Toyota", "HiLux"), r("A-2", "Ford", "Ranger")]));
  await importStock(handle.db, s.b, feed([
    r("B-1", "Mazda", "CX-5", { location_slug: "bay-north", price: 31_000 }),
    r("B-2", "Kia", "Sportage", { location_slug: "bay-south" }),
    r("B-HIDDEN", "Holden", "Astra", { location_slug: "bay-north", show_on_dealer_website: false }),
    r("B-SOLD", "Hyundai", "i30", { location_slug: "bay-north", status: "sold" }),
    r("B-WITHDRAWN", "Nissan", "Navara", { location_slug: "bay-north" }),
    r("B-EXCLUDED", "Suzuki", "Swift", { location_slug: "bay-north" }),
  ]));
  await handle.db.update(cars).set({ status: "withdrawn" }).where(and(eq(cars.siteId, s.b.id), eq(cars.stockNumber, "B-WITHDRAWN")));
  await importStock(handle.db, s.off, feed([r("OFF-1", "Subaru", "Outback"), r("OFF-2", "Subaru", "Forester")]));
  await importStock(handle.db, s.archived, feed([r("GONE-1", "Honda", "Civic")]));
  await handle.db.update(sites).set({ archivedAt: new Date() }).where(eq(sites.id, s.archived.id));
  await importStock(handle.db, s.x, feed([r("X-1", "Tesla", "Model Y")]));
  await importStock(handle.db, s.y, feed([r("Y-1", "BYD", "Atto 3")]));
  ({ app } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" }));
}, 180_000);
afterAll(async () => {
  await handle?.close();
});

describe(`group-wide search over HTTP (${ENGINE})`, () => {
  it("a member's SRP shows 'More from our group' with the sister's listed cars only, linking to the car on the sister's own site", async () => {
    const page = await html(s.a, "/search");
    const part = groupPart(page);
    expect(part).not.toBeNull();
    expect(part).toContain("More from our group");
    expect(part).toContain("2 matching cars at other Bay Motor Group dealerships");
    // Hidden, sold, withdrawn and excluded cars of the sister, and every other site's, stay out.
    expect(models(part!)).toEqual(["Kia Sportage", "Mazda CX-5"]);
    for (const other of ["Outback", "Civic", "Model Y", "Atto 3", "Astra", "i30", "Navara", "Swift"]) expect(page).not.toContain(other);
    // Every link of a sister's car goes to the sister's host (the owning dealer takes the enquiry).
    const [, cx5] = /<a [^>]*href="([^"]+)"[^>]*>[^<]*Mazda CX-5[^<]*</.exec(part!) ?? [];
    expect(cx5).toMatch(new RegExp(`^http://${s.b.slug}\\.localhost/cars/[a-z0-9-]+$`));
    const links = [...part!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.filter((l) => l.includes("/cars/")).every((l) => l.startsWith(`http://${s.b.slug}.localhost/`))).toBe(true);
    // The dealerships, each to its stock on this site.
    expect(part).toContain('href="/search/bay-north"');
    expect(part).toContain("Yard bay-north, Test site");
    expect(part).toContain('href="/search/bay-south"');
    // The member's own results are its own cars only.
    const results = page.slice(0, page.indexOf('data-testid="group-stock"'));
    expect(models(results)).toEqual(["Ford Ranger", "Toyota HiLux"]);
  });

  it("the section follows the shopper's search, and is left out when no sister car matches", async () => {
    expect(models(groupPart(await html(s.a, "/search?make=Kia"))!)).toEqual(["Kia Sportage"]);
    expect(groupPart(await html(s.a, "/search?make=Tesla"))).toBeNull();
  });

  it("/search/{dealership_slug} of a sister dealership lists its cars on this site, canonical on the sister's site, no promo cards", async () => {
    const page = await html(s.a, "/search/bay-north");
    expect(page).toMatch(/<h1[^>]*>All cars at Yard bay-north<\/h1>/);
    const results = page.slice(page.indexOf('id="results-heading"'));
    expect(models(results)).toEqual(["Mazda CX-5"]);
    expect(results).toContain(`href="http://${s.b.slug}.localhost/cars/`);
    expect(page).toContain(`<link rel="canonical" href="http://${s.b.slug}.localhost/search/bay-north"/>`);
    expect(page).not.toContain('data-testid="promo-card"');
    expect(groupPart(page)).toBeNull();
  });

  it("tenancy: another group's, an 'off' site's and an archived site's dealerships are 404 on a member", async () => {
    for (const slug of ["x-yard", "off-yard", "gone-yard", "no-such-yard"]) expect((await get(s.a, `/search/${slug}`)).status, slug).toBe(404);
  });

  it("a site set to 'off' shows only its own stock, and its stock is not offered to the group", async () => {
    const page = await html(s.off, "/search");
    expect(groupPart(page)).toBeNull();
    expect(models(page)).toEqual(["Subaru Forester", "Subaru Outback"]);
    expect((await get(s.off, "/search/bay-north")).status).toBe(404);
    expect(await html(s.b, "/search")).not.toContain("Outback");
  });

  it("the sharing goes both ways, and another group sees only its own", async () => {
    expect(models(groupPart(await html(s.b, "/search"))!)).toEqual(["Ford Ranger", "Toyota HiLux"]);
    const x = await html(s.x, "/search");
    expect(models(groupPart(x)!)).toEqual(["BYD Atto 3"]);
    for (const other of ["HiLux", "CX-5", "Sportage", "Outback"]) expect(x).not.toContain(other);
  });

  it("a sister's stock change shows on the member's next page, though the member's own stock did not move (page cache)", async () => {
    const before = await get(s.a, "/search?make=Mazda");
    expect(before.status).toBe(200);
    expect(await before.text()).toContain("$31,000");
    const again = await get(s.a, "/search?make=Mazda");
    expect(again.headers.get("x-cache")).toBe("HIT");
    await again.body?.cancel();
    await handle.db.update(cars).set({ price: 28_500 }).where(and(eq(cars.siteId, s.b.id), eq(cars.stockNumber, "B-1")));
    const after = await html(s.a, "/search?make=Mazda");
    expect(after).toContain("$28,500");
    expect(after).not.toContain("$31,000");
  });

  it("a member's VDP offers its sisters' similar cars too, ranked with its own, each labelled with its dealer and linked to its own site", async () => {
    const hilux = (await apiSearch(s.a, "?make=Toyota")).hits[0];
    const page = await html(s.a, `/cars/${hilux.slug}`);
    const part = similarPart(page);
    expect(part).not.toBeNull();
    // Same make first (none), then the same body (all SUVs), then the closest price: the Ranger
    // and the Sportage cost the same as the HiLux (the lower id first), the CX-5 more.
    expect([...part!.matchAll(/id="car-\d+-title"[^>]*><a[^>]*>([^<]+)</g)].map((m) => m[1].replace(/^\d{4} /, "").replace(/ Maxx Sport$/, ""))).toEqual(["Ford Ranger", "Kia Sportage", "Mazda CX-5"]);
    // Hidden, sold, withdrawn and excluded cars of the sister, and every other site's, stay out.
    for (const other of ["Outback", "Forester", "Civic", "Model Y", "Atto 3", "Astra", "i30", "Navara", "Swift"]) expect(part).not.toContain(other);
    // The sister's cars: every link on the sister's host, and the dealer that sells them named.
    const [, sportage] = /<a [^>]*href="([^"]+)"[^>]*>[^<]*Kia Sportage[^<]*</.exec(part!) ?? [];
    expect(sportage).toMatch(new RegExp(`^http://${s.b.slug}\\.localhost/cars/[a-z0-9-]+$`));
    const soldBy = [...part!.matchAll(/data-testid="sold-by"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(soldBy).toEqual([`Sold by ${s.b.name}, Yard bay-south`, `Sold by ${s.b.name}, Yard bay-north`]);
    // The site's own car links on this site, with no dealer label.
    const [, ranger] = /<a [^>]*href="([^"]+)"[^>]*>[^<]*Ford Ranger[^<]*</.exec(part!) ?? [];
    expect(ranger).toMatch(/^\/cars\/[a-z0-9-]+$/);
  });

  it("a site set to 'off' offers only its own similar stock", async () => {
    const outback = (await apiSearch(s.off, "?make=Subaru")).hits.find((h) => h.title.includes("Outback"))!;
    const part = similarPart(await html(s.off, `/cars/${outback.slug}`));
    expect(part).toContain("Subaru Forester");
    expect(part).not.toContain('data-testid="sold-by"');
    for (const other of ["HiLux", "Ranger", "CX-5", "Sportage"]) expect(part).not.toContain(other);
  });

  it("GET /api/search of a member adds `group`: the same search over the sisters' listed cars, linked on their own site", async () => {
    const body = await apiSearch(s.a);
    expect(body.hits.map((h) => h.title).sort()).toEqual([expect.stringContaining("Ford Ranger"), expect.stringContaining("Toyota HiLux")]);
    const group = body.group!;
    expect(group).toMatchObject({ name: "Bay Motor Group", count: 2, page: 1, pages: 1, hitsPerPage: 21 });
    expect(group.hits.map((h) => h.title).sort()).toEqual([expect.stringContaining("Kia Sportage"), expect.stringContaining("Mazda CX-5")]);
    for (const hit of group.hits) {
      expect(hit.site).toEqual({ slug: s.b.slug, name: s.b.name });
      expect(hit.url).toBe(`http://${s.b.slug}.localhost/cars/${hit.slug}`);
    }
    expect(group.facets.dealership.map((f) => [f.value, f.count]).sort()).toEqual([["bay-north", 1], ["bay-south", 1]]);
    // Every refinement applies to the group as to the site's own stock.
    const kia = await apiSearch(s.a, "?make=Kia");
    expect(kia.count).toBe(0);
    expect(kia.group!.hits.map((h) => h.title)).toEqual([expect.stringContaining("Kia Sportage")]);
    expect((await apiSearch(s.a, "?make=Tesla")).group!.count).toBe(0);
    // The other group's members see each other only.
    expect((await apiSearch(s.x)).group!.hits.map((h) => h.site.slug)).toEqual([s.y.slug]);
  });

  it("GET /api/search of a site set to 'off' answers as before, without `group`, and its cars are in no member's", async () => {
    const body = await apiSearch(s.off);
    expect(Object.keys(body).sort()).toEqual(["count", "facets", "hits", "hitsPerPage", "ms", "page", "pages"]);
    expect(body.count).toBe(2);
    const titles = (await apiSearch(s.b)).group!.hits.map((h) => h.title).join(" ");
    expect(titles).not.toContain("Subaru");
  });
});
