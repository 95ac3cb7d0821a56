/**
 * Issue 15 "Repeat views" (docs/decisions/180): the page cache answers repeat views of public
 * pages from memory with ETag/304, and a change that shows on a page — a price, a car sold, a
 * reservation, the site config, a location — is seen on the very next request, whoever wrote
 * it (the importer, or plain SQL as a dealer tool would). Cached HTML never carries a visitor's
 * state: signed-in pages are neither served from nor stored in the cache.
 *
 * Real database (PGlite, or PostgreSQL with DATABASE_URL), real build, real HTTP handling
 * through the Hono app. The last block runs two app processes on one PostgreSQL.
 */
import { request as httpRequest } from "node:http";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { cars, shoppers, sites } from "../../db/schema/index";
import { startSession } from "../../app/services/auth.server";
import { importStock } from "../../app/services/stock-import.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "../../server/app";
import { CACHE_STATUS_HEADER } from "../../server/page-cache";
import { useTwoAppNodes } from "./app-nodes";
import { createTestSite, ENGINE } from "./database";
import { feed, stockRecord } from "./fixtures";
import { useTestApp, type TestApp } from "./app-harness";

const ctx = useTestApp({ site: { config: { features: { authentication: true, watchlist: true } } } });
const BR = { "accept-encoding": "gzip, deflate, br" };
/** A second site, made before the first request so this node's site list (5 s) knows it. */
let other: { id: number; slug: string };
beforeAll(async () => {
  other = await createTestSite(ctx.handle);
  await ctx.handle.db.update(sites).set({ name: "Other Motors Cache Test" }).where(eq(sites.id, other.id));
});

async function get(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await t.request(path, { headers });
  return { res, status: res.status, cache: res.headers.get(CACHE_STATUS_HEADER), etag: res.headers.get("etag"), text: await res.text() };
}

/** A new car of the test site, with its VDP path. */
async function addCar(t: TestApp, handle: DatabaseHandle, overrides: Parameters<typeof stockRecord>[0]) {
  const record = stockRecord(overrides);
  await importStock(handle.db, t.site, feed([record]));
  const [row] = await handle.db.select({ id: cars.id, slug: cars.slug }).from(cars).where(sql`${cars.siteId} = ${t.site.id} and ${cars.stockNumber} = ${record.stock_number}`);
  return { ...row, record, path: `/cars/${row.slug}` };
}

describe(`page cache (${ENGINE})`, () => {
  it("a repeat view is served from the cache with the same bytes, an ETag per encoding and 304 for a matching If-None-Match", async () => {
    const { t } = ctx;
    const path = `/cars/${t.carSlug}?cache-test=repeat`;
    const first = await get(t, path);
    const second = await get(t, path);
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, "MISS", 200, "HIT"]);
    expect(second.text).toBe(first.text);
    expect(second.res.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(second.res.headers.get("content-security-policy")).toBe(first.res.headers.get("content-security-policy"));
    expect(second.res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);

    const compressed = await t.request(path, { headers: BR });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("etag")).not.toBe(first.etag);
    expect(Buffer.from(await compressed.arrayBuffer()).length).toBeLessThan(first.text.length / 3);

    const revalidated = await t.request(path, { headers: { ...BR, "if-none-match": compressed.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(compressed.headers.get("etag"));
    // Another encoding's tag does not match this representation.
    expect((await t.request(path, { headers: { "if-none-match": compressed.headers.get("etag")! } })).status).toBe(200);
  });

  it("a price change (SQL by any writer, or the importer) shows on the next request to the VDP and the SRP", async () => {
    const { t, handle } = ctx;
    const car = await addCar(t, handle, { make: "Subaru", model: "Forester", price: 31_990 });
    expect((await get(t, car.path)).text).toContain("31,990");
    expect((await get(t, car.path)).cache).toBe("HIT");
    const srp = "/search?make=Subaru";
    expect((await get(t, srp)).text).toContain("31,990");
    expect((await get(t, srp)).cache).toBe("HIT");

    await handle.db.update(cars).set({ price: 29_490 }).where(eq(cars.id, car.id));
    const vdp = await get(t, car.path);
    expect(vdp.cache).toBe("MISS");
    expect(vdp.text).toContain("29,490");
    expect(vdp.text).not.toContain("31,990");
    const search = await get(t, srp);
    expect(search.text).toContain("29,490");
    expect(search.text).not.toContain("31,990");

    await importStock(handle.db, t.site, feed([{ ...car.record, price: 27_000 }]));
    expect((await get(t, car.path)).text).toContain("27,000");
  });

  it("a car sold (or reserved) leaves the cached SRP and its VDP at once", async () => {
    const { t, handle } = ctx;
    const car = await addCar(t, handle, { make: "Kia", model: "Sorento", price: 44_990 });
    const srp = "/search?make=Kia";
    expect((await get(t, srp)).text).toContain(car.path);
    expect((await get(t, srp)).cache).toBe("HIT");
    const before = await get(t, car.path);
    expect(before.status).toBe(200);

    await handle.db.update(cars).set({ status: "sold" }).where(eq(cars.id, car.id));
    const after = await get(t, srp);
    expect(after.cache).toBe("MISS");
    expect(after.text).not.toContain(car.path);
    const vdp = await get(t, car.path);
    expect(vdp.text).not.toBe(before.text);
  });

  it("the view counter alone does not empty the cache (a beacon on every first view would)", async () => {
    const { t, handle } = ctx;
    const path = `/cars/${t.carSlug}?cache-test=views`;
    await get(t, path);
    await handle.db.update(cars).set({ views: sql`${cars.views} + 1` }).where(eq(cars.id, t.carId));
    expect((await get(t, path)).cache).toBe("HIT");
  });

  it("a site config change and a location change show on the next request", async () => {
    const { t, handle } = ctx;
    const path = "/?cache-test=config";
    const [{ name }] = await handle.db.select({ name: sites.name }).from(sites).where(eq(sites.id, t.site.id));
    expect((await get(t, path)).text).toContain(name);
    expect((await get(t, path)).cache).toBe("HIT");

    await handle.db.update(sites).set({ name: `${name} Renamed` }).where(eq(sites.id, t.site.id));
    const renamed = await get(t, path);
    expect(renamed.cache).toBe("MISS");
    expect(renamed.text).toContain(`${name} Renamed`);

    await handle.db
      .update(sites)
      .set({ config: sql`jsonb_set(${sites.config}, '{theme}', coalesce(${sites.config}->'theme', '{}'::jsonb) || '{"tagline": "Cache test tagline"}'::jsonb)` })
      .where(eq(sites.id, t.site.id));
    const tagged = await get(t, path);
    expect(tagged.cache).toBe("MISS");
    expect(tagged.text).toContain("Cache test tagline");

    expect((await get(t, path)).cache).toBe("HIT");
    await handle.db.execute(sql`update locations set phone = '(08) 9999 0000' where site_id = ${t.site.id}`);
    expect((await get(t, path)).cache).toBe("MISS");
  });

  it("a signed-in shopper's page is neither served from nor stored in the cache; the anonymous copy carries no one's state", async () => {
    const { t, handle } = ctx;
    const path = `/cars/${t.carSlug}?cache-test=visitor`;
    const [shopper] = await handle.db.insert(shoppers).values({ siteId: t.site.id, phone: "+61412000999", name: "Zebedee", lastName: "Quixotic", email: "zebedee@example.com" }).returning();
    const setCookie = await startSession(new Request(`http://${t.host}/`), t.site, handle.db, shopper);
    const cookie = setCookie.split(";")[0];

    // The signed-in view first: it must not become the anonymous copy.
    const signedIn = await get(t, path, { cookie });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.res.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.text).toContain("Zebedee");

    const anonymous = await get(t, path);
    expect(anonymous.cache).toBe("MISS");
    const again = await get(t, path);
    expect(again.cache).toBe("HIT");
    for (const page of [anonymous.text, again.text]) {
      expect(page).not.toContain("Zebedee");
      expect(page).not.toContain("zebedee@example.com");
      expect(page).not.toContain("0412 000 999");
      expect(page).not.toMatch(/name="submission_key"/);
    }
    // And the anonymous copy is never handed to the signed-in shopper.
    const signedInAgain = await get(t, path, { cookie });
    expect(signedInAgain.cache).toBeNull();
    expect(signedInAgain.text).toContain("Zebedee");
  });

  it("a signed-in shopper's search shows a price change or a car sold at once too, though the page cache is bypassed", async () => {
    const { t, handle } = ctx;
    const [shopper] = await handle.db.insert(shoppers).values({ siteId: t.site.id, phone: "+61412000998", name: "Ottoline", lastName: "Fresh", email: "ottoline@example.com" }).returning();
    const cookie = (await startSession(new Request(`http://${t.host}/`), t.site, handle.db, shopper)).split(";")[0];
    const car = await addCar(t, handle, { make: "Mazda", model: "CX-8", price: 52_990 });
    const srp = "/search?make=Mazda";
    const before = await get(t, srp, { cookie });
    expect(before.cache).toBeNull();
    expect(before.text).toContain("52,990");

    await handle.db.update(cars).set({ price: 49_990 }).where(eq(cars.id, car.id));
    const repriced = await get(t, srp, { cookie });
    expect(repriced.text).toContain("49,990");
    expect(repriced.text).not.toContain("52,990");

    await handle.db.update(cars).set({ status: "sold" }).where(eq(cars.id, car.id));
    expect((await get(t, srp, { cookie })).text).not.toContain(car.path);
  });

  it("an ad landing (utm_*, fbclid, gclid) is the plain URL's page: one cached copy, the same bytes and ETag (decision 221)", async () => {
    const { t } = ctx;
    const vdp = `/cars/${t.carSlug}`;
    const plain = await get(t, vdp, BR);
    expect(plain.status).toBe(200);
    for (const landing of [`${vdp}?utm_source=facebook&utm_medium=paid&fbclid=IwAR3xyz`, `${vdp}?gclid=Cj0KCQ1`, `${vdp}?fbclid=another-click`]) {
      const ad = await get(t, landing, BR);
      expect([ad.status, ad.cache, ad.etag]).toEqual([200, "HIT", plain.etag]);
      expect(ad.text).toBe(plain.text);
    }
    // Other parameters still make their own page: the SRP's refinements, the VDP's revealed phone.
    const kia = await get(t, "/search?make=Kia&utm_campaign=spring", BR);
    expect(kia.cache).toBe("MISS");
    expect((await get(t, "/search?make=Kia", BR)).cache).toBe("HIT");
    expect((await get(t, "/search?make=Kia&utm_campaign=autumn", BR)).etag).toBe(kia.etag);
    const phone = await get(t, `${vdp}?phone=shown&utm_source=x`, BR);
    expect(phone.etag).not.toBe(plain.etag);
  });

  it("pages with lead forms (location, enquiry, finance) are cached: their submission key is made in the browser, not in the HTML", async () => {
    const { t } = ctx;
    for (const path of ["/our-location/main", "/enquiries/general-enquiry", "/finance"]) {
      const first = await get(t, path);
      expect([path, first.status]).toEqual([path, 200]);
      expect([path, (await get(t, path)).cache]).toEqual([path, "HIT"]);
      expect(first.text).toMatch(/<form/);
      expect(first.text).not.toMatch(/name="submission_key"/);
    }
  });

  it("/api/search answers are cached and follow a price change like the pages", async () => {
    const { t, handle } = ctx;
    const car = await addCar(t, handle, { make: "Hyundai", model: "Tucson", price: 36_990 });
    const path = "/api/search?make=Hyundai";
    const first = await get(t, path);
    expect(JSON.parse(first.text).hits.map((h: { price: number }) => h.price)).toEqual([36_990]);
    expect((await get(t, path)).cache).toBe("HIT");
    await handle.db.update(cars).set({ price: 35_500 }).where(eq(cars.id, car.id));
    const after = await get(t, path);
    expect(after.cache).toBe("MISS");
    expect(JSON.parse(after.text).hits.map((h: { price: number }) => h.price)).toEqual([35_500]);
    // A bad parameter's 400 is never stored.
    expect((await get(t, "/api/search?page=0")).status).toBe(400);
    expect((await get(t, "/api/search?page=0")).cache).toBeNull();
  });

  it("pages are kept per host: another site's host never gets this site's copy", async () => {
    const { t } = ctx;
    const a = await get(t, "/?cache-test=host");
    const b = await t.request("/?cache-test=host", { host: `${other.slug}.localhost` });
    expect(b.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    const text = await b.text();
    expect(text).toContain("Other Motors Cache Test");
    expect(text).not.toBe(a.text);
  });

  it("POSTs, 404s and pages that set Cache-Control: private are not cached", async () => {
    const { t } = ctx;
    const missing = await get(t, "/cars/no-such-car-cache-test");
    expect(missing.status).toBe(404);
    expect(missing.cache).toBeNull();
    expect((await get(t, "/cars/no-such-car-cache-test")).cache).toBeNull();
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)(`page cache on two app processes over one PostgreSQL ${url ? "" : "-- skipped: needs DATABASE_URL (PGlite cannot be shared by two processes)"}`, () => {
  const nodes = useTwoAppNodes();

  it("a price change, a car sold and a config change made elsewhere show on the next request to both nodes", async () => {
    const site = await createTestSite(nodes.direct);
    await nodes.direct.db.update(sites).set({ name: "Two Node Motors" }).where(eq(sites.id, site.id));
    const record = stockRecord({ make: "Isuzu", model: "D-Max", price: 52_990 });
    await importStock(nodes.direct.db, site, feed([record]));
    const [car] = await nodes.direct.db.select({ id: cars.id, slug: cars.slug }).from(cars).where(sql`${cars.siteId} = ${site.id}`);
    const host = `${site.slug}.localhost`;
    const vdp = `/cars/${car.slug}`;
    const srp = "/search?make=Isuzu";

    // Warm both nodes' caches.
    for (const port of nodes.ports) for (const path of [vdp, srp, "/"]) await nodeGet(port, host, path);
    for (const port of nodes.ports) {
      expect((await nodeGet(port, host, vdp)).cache).toBe("HIT");
      expect((await nodeGet(port, host, srp)).cache).toBe("HIT");
    }

    await nodes.direct.db.update(cars).set({ price: 49_990 }).where(eq(cars.id, car.id));
    for (const port of nodes.ports) {
      const page = await nodeGet(port, host, vdp);
      expect(page.text).toContain("49,990");
      expect(page.text).not.toContain("52,990");
    }

    await nodes.direct.db.update(cars).set({ status: "sold" }).where(eq(cars.id, car.id));
    for (const port of nodes.ports) expect((await nodeGet(port, host, srp)).text).not.toContain(vdp);

    await nodes.direct.db.update(sites).set({ name: "Two Node Motors Renamed" }).where(eq(sites.id, site.id));
    for (const port of nodes.ports) expect((await nodeGet(port, host, "/")).text).toContain("Two Node Motors Renamed");
  }, 120_000);
});


/** GET over real HTTP (node:http: fetch cannot set the Host header that names the site). */
function nodeGet(port: number, host: string, path: string): Promise<{ status: number; cache: string | null; text: string }> {
  return new Promise((ok, fail) => {
    httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let text = "";
      res
        .setEncoding("utf8")
        .on("data", (chunk: string) => (text += chunk))
        .on("end", () => ok({ status: res.statusCode ?? 0, cache: (res.headers["x-cache"] as string | undefined) ?? null, text }));
    })
      .on("error", fail)
      .end();
  });
}
