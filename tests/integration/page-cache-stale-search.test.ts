/**
 * The page cache and the read model's previous version (issue 54, decision 259): a large site's
 * searches answer from its previous read model while the new one is built, so a page rendered
 * meanwhile may show the stock before the version it would be stored under. Such a page is sent,
 * with Cache-Control: no-store, and kept neither by the page cache nor by a CDN.
 */
import { channel } from "node:diagnostics_channel";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { READ_MODEL_CHANNEL, type ReadModelEvent } from "../../app/search/read-model-events";
import { SiteResolver } from "../../app/services/sites.server";
import type { Site } from "../../app/sites/site";
import { CACHE_STATUS_HEADER, pageCache } from "../../server/page-cache";
import { createTestSite, ENGINE, openTestDatabase } from "./database";

const readModelEvents = channel(READ_MODEL_CHANNEL);
let handle: DatabaseHandle;
let site: Site;
beforeAll(async () => {
  handle = await openTestDatabase();
  site = await createTestSite(handle);
});
afterAll(async () => {
  await handle?.close();
});

describe(`page cache and a read model being rebuilt (${ENGINE})`, () => {
  it("a page rendered while a search of its site answered from the previous read model is sent but not stored; the next is", async () => {
    const sites = new SiteResolver(handle.db);
    const cache = pageCache({ db: handle.db, sites });
    let renders = 0;
    let staleWhileRendering = false;
    const app = new Hono();
    app.use(cache.middleware);
    app.get("/cars", (c) => {
      renders++;
      // What the read-model store publishes when it answers from the previous version.
      if (staleWhileRendering) readModelEvents.publish({ event: "stale", siteId: site.id, servedVersion: 1, wantedVersion: 2 } satisfies ReadModelEvent);
      return c.html(`<p>render ${renders}</p>`.padEnd(2_000), 200, { "Cache-Control": "public, max-age=0, must-revalidate" });
    });
    const get = () => app.request("/cars", { headers: { host: `${site.slug}.localhost` } });

    staleWhileRendering = true;
    const during = await get();
    expect([during.status, during.headers.get(CACHE_STATUS_HEADER), during.headers.get("cache-control"), (await during.text()).trim()]).toEqual([200, null, "no-store", "<p>render 1</p>"]);
    staleWhileRendering = false;
    const next = await get();
    expect([next.headers.get(CACHE_STATUS_HEADER), (await next.text()).trim()]).toEqual(["MISS", "<p>render 2</p>"]);
    const again = await get();
    expect([again.headers.get(CACHE_STATUS_HEADER), (await again.text()).trim()]).toEqual(["HIT", "<p>render 2</p>"]);
    // Another site's stale answers do not stop this site's pages being kept.
    readModelEvents.publish({ event: "stale", siteId: site.id + 1_000_000, servedVersion: 1, wantedVersion: 2 } satisfies ReadModelEvent);
    expect((await get()).headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
  });
});
