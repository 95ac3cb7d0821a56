/**
 * Issue 52: the seeded demo sites agree with themselves. Database rules (db/seed/demo-consistency.ts):
 * tags with the car's facts, comments with its type, the headline with the stock, sales stock at
 * sales yards, no placeholder prices, promo cards and offers with the site's stock. Page rules
 * (real HTTP through the production app, server-rendered HTML): every feature the site's config
 * switches on is visible on one of its pages (tests/integration/demo-feature-probes.ts), and each
 * site's gallery car shows a gallery, thumbnails and a share image. Seeds the real demo data once
 * (a minute or more under load).
 */
import pino from "pino";
import { and, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { cars } from "../../db/schema/index";
import { seedDemoSites } from "../../db/seed/seed";
import { DEMO_SITES } from "../../db/seed/demo-sites";
import { demoConsistencyProblems, switchedOnFeatures } from "../../db/seed/demo-consistency";
import { getSiteBySlug } from "../../app/services/sites.server";
import { SiteConfigSchema } from "../../app/sites/site-config";
import { createApp } from "../../server/app";
import { loadBuild } from "./app-harness";
import { FEATURE_PROBES, type FetchedPage, type ProbeContext } from "./demo-feature-probes";

// Seeded at the real time: the pages render with the real clock, so offers and promo cards
// seeded relative to a fixed date would expire under the probes one day.
const SEEDED_AT = Date.now();
let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>["app"];
const pages = new Map<string, Promise<FetchedPage>>();

/** GET through the app with the demo site's host, once per path. */
function page(slug: string, path: string): Promise<FetchedPage> {
  const key = `${slug}${path}`;
  if (!pages.has(key)) {
    const host = `${slug}.localhost`;
    pages.set(
      key,
      Promise.resolve(app.fetch(new Request(`http://${host}${path}`, { headers: { host } }))).then(async (res: Response) => ({ status: res.status, html: res.status === 200 ? await res.text() : "", location: res.headers.get("location") })),
    );
  }
  return pages.get(key)!;
}

beforeAll(async () => {
  // Always its own embedded database: the demo sites' slugs are fixed, so they cannot share one.
  handle = await openDatabase();
  await migrateDatabase(handle);
  await seedDemoSites(handle, { now: SEEDED_AT });
  ({ app } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" }));
}, 600_000);
afterAll(async () => {
  await handle?.close();
});

describe("demo data consistency (issue 52)", () => {
  it("the seeded demo sites contradict themselves nowhere: tags, comments, headline, yards, prices, promo cards and offers", async () => {
    const problems = await demoConsistencyProblems(handle.db, SEEDED_AT);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
  });

  it("the switched-on features are derived from the config schema: a new flag is found without a hand list", () => {
    const config = SiteConfigSchema.parse({ features: { compare: true, tradeIn: true }, display: { servicePlan: { enabled: true } }, navigation: { popup: { id: "p", title: "T" } } });
    expect(switchedOnFeatures(config)).toEqual(["display.servicePlan.enabled", "features.compare", "navigation.popup"]);
    expect(switchedOnFeatures(SiteConfigSchema.parse({}))).toEqual([]);
  });

  for (const demo of DEMO_SITES) {
    it(`${demo.slug}: every feature its config switches on is visible on one of its pages (server-rendered)`, { timeout: 300_000 }, async () => {
      const site = (await getSiteBySlug(handle.db, demo.slug))!;
      const ctx: ProbeContext = { site, config: site.config, db: handle.db, page: (path) => page(demo.slug, path) };
      const failures: string[] = [];
      for (const feature of switchedOnFeatures(site.config)) {
        const probe = FEATURE_PROBES[feature];
        if (!probe) failures.push(`${feature}: switched on, and no visibility probe in demo-feature-probes.ts`);
        else if ("check" in probe) {
          const missing = await probe.check(ctx);
          if (missing) failures.push(`${feature} (${probe.shows}): ${missing}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it(`${demo.slug}: one car shows a photo gallery with thumbnails and a share image (spec 2.4)`, { timeout: 120_000 }, async () => {
      const site = (await getSiteBySlug(handle.db, demo.slug))!;
      const [car] = await handle.db
        .select({ slug: cars.slug, stockNumber: cars.stockNumber, comments: cars.dealerComments })
        .from(cars)
        .where(and(eq(cars.siteId, site.id), eq(cars.status, "in_stock"), gt(cars.photosCount, 1)))
        .orderBy(desc(cars.photosCount))
        .limit(1);
      expect(car, "a car with more than one photo").toBeDefined();
      expect(car.stockNumber).toMatch(/^DEMO-/);
      expect(car.comments).toContain("demo drawings");
      const { status, html } = await page(demo.slug, `/cars/${car.slug}`);
      expect(status).toBe(200);
      expect(html).toContain('data-testid="photo-gallery"');
      const photos = new Set(html.match(/src=%2Fdemo-photos%2F[a-z0-9-]+\.jpg/g));
      expect(photos.size).toBeGreaterThan(1);
      expect(html).toContain('aria-label="Photo thumbnails"');
      expect(html.match(/aria-label="Show photo \d+"/g)?.length ?? 0).toBeGreaterThan(1);
      expect(html).toMatch(/<meta property="og:image" content="https:\/\/[^"]+demo-photos[^"]+"/);
    });
  }
});
