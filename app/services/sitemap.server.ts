/**
 * /sitemap.xml and /robots.txt (issue 14, spec 2.1 legal row): every live page of the site and
 * every listed car that is in stock (status in_stock or coming_soon, shown on the dealer website,
 * not excluded by the site), so sold and withdrawn cars drop out. When the site has more URLs than
 * SiteConfig `content.sitemapPageSize`, /sitemap.xml is a sitemap index of /sitemaps/pages.xml and
 * /sitemaps/cars-{n}.xml.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars } from "../../db/schema/index";
import { escapeXml } from "~/adapters/adf/adf";
import { normaliseStockNumber } from "~/search/semantics";
import type { Site } from "~/sites/site";
import { listArticles, listLivePages } from "./content.server";
import { listLocations } from "./locations.server";
import { listOffers } from "./offers.server";
import { listAccessoryModels } from "./parts.server";

/** One sitemap URL: `path` starts with "/"; `lastmod` when known. */
export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/** The public base URL of the site: its configured URL, else the request's origin; no trailing slash. */
export function siteBaseUrl(site: Site, origin: string): string {
  return (site.config.url ?? origin).replace(/\/+$/, "");
}

/** Live, non-car pages of the site. */
export async function sitemapPages(db: Database, site: Site, now: Date): Promise<SitemapEntry[]> {
  const c = site.config;
  const paths = ["/", "/search"];
  for (const type of c.carTypes) paths.push(`/search/${type}-cars`);
  if (c.carTypes.includes("used")) paths.push("/pre-owned");
  if (c.certifiedPreOwned) paths.push("/pre-owned?certified=true");
  paths.push("/special-offers", "/our-location", c.finance.linkPath, "/car-finance", "/book-test-drive", "/service", "/parts-and-accessories", "/vehicle-parts-and-accessories", "/parts/search", "/fleet");
  paths.push("/enquiries/new-vehicle-enquiry", "/enquiries/service-enquiry", "/enquiries/parts-enquiry", "/enquiries/fleet-enquiry", "/enquiries/general-enquiry", "/enquiries/feedback");
  paths.push("/pages/complaint-handling-process");
  const entries: SitemapEntry[] = paths.map((path) => ({ path, lastmod: null }));
  for (const l of await listLocations(db, site)) entries.push({ path: `/${c.links.locationDetailPrefix}/${l.slug}`, lastmod: null });
  for (const o of await listOffers(db, site, now)) entries.push({ path: o.path, lastmod: null });
  for (const p of await listLivePages(db, site, now)) entries.push({ path: `/${p.slug}`, lastmod: p.updatedAt });
  if ((await listArticles(db, site, "blog/vehicle-reviews/", now)).length) entries.push({ path: "/blog/vehicle-reviews", lastmod: null });
  for (const m of await listAccessoryModels(db, site)) entries.push({ path: `/${m.slug}/accessories`, lastmod: null });
  const seen = new Set<string>();
  return entries.filter((e) => (seen.has(e.path) ? false : (seen.add(e.path), true)));
}

function listedCarsWhere(site: Site) {
  return and(eq(cars.siteId, site.id), eq(cars.showOnDealerWebsite, true), inArray(cars.status, ["in_stock", "coming_soon"]));
}

function excluded(site: Site) {
  const stock = new Set(site.config.search.excludedStockNumbers.map(normaliseStockNumber));
  const locs = new Set(site.config.search.excludedLocationIds);
  return (r: { stockNumber: string; locationId: number | null }) => stock.has(normaliseStockNumber(r.stockNumber)) || (r.locationId !== null && locs.has(r.locationId));
}

/** How many in-stock car URLs the site's sitemap lists (before site exclusions, an upper bound for paging). */
export async function countSitemapCars(db: Database, site: Site): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cars).where(listedCarsWhere(site));
  return Number(row.n);
}

/**
 * One page of in-stock car URLs, oldest first.
 * @param page 1-based page of `content.sitemapPageSize` cars
 */
export async function sitemapCars(db: Database, site: Site, page = 1, pageSize = Number.MAX_SAFE_INTEGER): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ slug: cars.slug, updatedAt: cars.updatedAt, stockNumber: cars.stockNumber, locationId: cars.locationId })
    .from(cars)
    .where(listedCarsWhere(site))
    .orderBy(asc(cars.id))
    .limit(pageSize === Number.MAX_SAFE_INTEGER ? 1_000_000 : pageSize)
    .offset((page - 1) * (pageSize === Number.MAX_SAFE_INTEGER ? 0 : pageSize));
  const skip = excluded(site);
  return rows.filter((r) => !skip(r)).map((r) => ({ path: `/cars/${r.slug}`, lastmod: r.updatedAt }));
}

/** A `<urlset>` document. */
export function urlsetXml(base: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** A `<sitemapindex>` document of child sitemap paths. */
export function sitemapIndexXml(base: string, paths: string[]): string {
  const items = paths.map((p) => `<sitemap><loc>${escapeXml(base + p)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/**
 * The document at /sitemap.xml: one urlset when pages plus cars fit in `content.sitemapPageSize`,
 * else a sitemap index of /sitemaps/pages.xml and /sitemaps/cars-1.xml ... cars-N.xml.
 */
export async function sitemapRoot(db: Database, site: Site, base: string, now: Date): Promise<string> {
  const size = site.config.content.sitemapPageSize;
  const pages = await sitemapPages(db, site, now);
  const total = await countSitemapCars(db, site);
  if (pages.length + total <= size) return urlsetXml(base, [...pages, ...(await sitemapCars(db, site))]);
  const children = ["/sitemaps/pages.xml"];
  for (let n = 1; n <= Math.max(1, Math.ceil(total / size)); n++) children.push(`/sitemaps/cars-${n}.xml`);
  return sitemapIndexXml(base, children);
}

/**
 * A child sitemap by file name ("pages.xml" or "cars-{n}.xml").
 * @returns the XML, or null for a name that is not a child of this site's index (404)
 */
export async function sitemapChild(db: Database, site: Site, base: string, file: string, now: Date): Promise<string | null> {
  if (file === "pages.xml") return urlsetXml(base, await sitemapPages(db, site, now));
  const m = /^cars-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!m) return null;
  const n = Number(m[1]);
  const size = site.config.content.sitemapPageSize;
  if (n > Math.max(1, Math.ceil((await countSitemapCars(db, site)) / size))) return null;
  return urlsetXml(base, await sitemapCars(db, site, n, size));
}

/** /robots.txt: everything may be crawled except APIs and per-shopper pages; points at the sitemap. */
export function robotsTxt(base: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /print", "Disallow: /success", "Disallow: /favourites", "Disallow: /checkout-journey", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}
