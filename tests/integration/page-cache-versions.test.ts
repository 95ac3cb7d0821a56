/**
 * Issue 54 (decision 371): a page request reads only the versions it depends on — its own site's,
 * and for a site that shows its dealer group's stock its sharing sisters' — never every site's.
 * The statements the app sends are recorded through the database handle's logger: a change on
 * another site is not read (and the page stays cached), a change on the page's own site or on a
 * sister is seen on the next request, and concurrent requests share one query for the union of
 * their sites. On PGlite or PostgreSQL (DATABASE_URL), through the whole app on the real build.
 */
import pino from "pino";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { cars, dealerGroups, sites } from "../../db/schema/index";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { CACHE_STATUS_HEADER, SiteVersionReader } from "../../server/page-cache";
import { loadBuild } from "./app-harness";
import { createTestSite, ENGINE, openTestDatabase, statementRecorder, type SentStatement } from "./database";
import { feed, stockRecord } from "./fixtures";

type Statement = SentStatement;
let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>["app"];
const recorder = statementRecorder();
const s = {} as Record<"solo" | "other" | "g1" | "g2", Site>;

/** What `run` sends to the database. */
const statementsOf = (run: () => Promise<unknown>) => recorder.during(run);
/** The page cache's version reads among `statements`: the site ids each asked for, or "all". */
function versionReads(statements: Statement[]): (number[] | "all")[] {
  return statements
    .filter((st) => /^select "id", "stock_version", "config_version" from "sites"/.test(st.sql))
    .map((st) => (/= any\(/.test(st.sql) ? String(st.params[0]).replace(/[{}]/g, "").split(",").map(Number).sort((a, b) => a - b) : "all"));
}
const ids = (...list: Site[]) => list.map((x) => x.id).sort((a, b) => a - b);

async function page(site: Site, path: string) {
  const res = await app.fetch(new Request(`http://${site.slug}.localhost${path}`, { headers: { host: `${site.slug}.localhost` } }));
  return { status: res.status, cache: res.headers.get(CACHE_STATUS_HEADER), text: await res.text() };
}
const setPrice = (site: Site, stock: string, price: number) => handle.db.update(cars).set({ price }).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, stock)));

beforeAll(async () => {
  handle = await openTestDatabase({ logger: recorder.logger });
  s.solo = await createTestSite(handle);
  s.other = await createTestSite(handle);
  const [group] = await handle.db.insert(dealerGroups).values({ slug: `versions-${Date.now()}`, name: "Versions Motor Group" }).returning();
  for (const key of ["g1", "g2"] as const) {
    const site = await createTestSite(handle, { config: { search: { groupSearch: "group" } } });
    await handle.db.update(sites).set({ dealerGroupId: group.id }).where(eq(sites.id, site.id));
    s[key] = site;
  }
  await importStock(handle.db, s.solo, feed([stockRecord({ stock_number: "SOLO-1", make: "Toyota", model: "Corolla", price: 21_000 })]));
  await importStock(handle.db, s.other, feed([stockRecord({ stock_number: "OTHER-1", make: "Ford", model: "Focus", price: 18_000 })]));
  await importStock(handle.db, s.g1, feed([stockRecord({ stock_number: "G1-1", make: "Kia", model: "Cerato", price: 24_000 })]));
  await importStock(handle.db, s.g2, feed([stockRecord({ stock_number: "G2-1", make: "Mazda", model: "CX-3", price: 26_000 })]));
  ({ app } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" }));
}, 180_000);
afterAll(async () => {
  await handle?.close();
});

describe(`page cache: each request reads only its sites' versions (${ENGINE})`, () => {
  it("a page reads its own site's versions only, never every site's", async () => {
    const first = await statementsOf(() => page(s.solo, "/search"));
    expect(versionReads(first)).toContainEqual(ids(s.solo));
    const again = await statementsOf(async () => {
      const answer = await page(s.solo, "/search");
      expect(answer.cache).toBe("HIT");
    });
    expect(versionReads(again)).toEqual([ids(s.solo)]);
    expect(versionReads([...first, ...again])).not.toContain("all");
  });

  it("a change on another site is not read: the page stays cached, and no request reads every site's versions", async () => {
    await page(s.solo, "/search?make=Toyota");
    await setPrice(s.other, "OTHER-1", 17_500);
    const sent = await statementsOf(async () => {
      const answer = await page(s.solo, "/search?make=Toyota");
      expect(answer.status).toBe(200);
      expect(answer.cache).toBe("HIT");
    });
    expect(versionReads(sent)).toEqual([ids(s.solo)]);
    // The other site's own next page shows its change.
    const other = await page(s.other, "/search");
    expect(other.text).toContain("17,500");
  });

  it("a change on the page's own site is seen on its next request", async () => {
    expect((await page(s.solo, "/search?make=Toyota")).text).toContain("21,000");
    await setPrice(s.solo, "SOLO-1", 20_250);
    const sent = await statementsOf(async () => {
      const answer = await page(s.solo, "/search?make=Toyota");
      expect(answer.cache).toBe("MISS");
      expect(answer.text).toContain("20,250");
      expect(answer.text).not.toContain("21,000");
    });
    expect(versionReads(sent)).toEqual([ids(s.solo)]);
    // The node's copy of the site is reloaded by itself (one row), not with the whole site list.
    const reloads = sent.filter((st) => /from "sites" left join "dealer_groups"/.test(st.sql) && /= any\(/.test(st.sql));
    expect(reloads.map((st) => st.params[0])).toEqual([`{${s.solo.id}}`]);
  });

  it("a site showing its group's stock reads its own and its sisters' versions only, and a sister's change shows on its next page", async () => {
    const first = await page(s.g1, "/search");
    expect(first.text).toContain("26,000");
    const sent = await statementsOf(async () => expect((await page(s.g1, "/search")).cache).toBe("HIT"));
    expect(versionReads(sent)).toEqual([ids(s.g1, s.g2)]);
    await setPrice(s.g2, "G2-1", 25_400);
    const after = await page(s.g1, "/search");
    expect(after.cache).toBe("MISS");
    expect(after.text).toContain("25,400");
    expect(after.text).not.toContain("26,000");
  });

  it("concurrent callers share the next query, which reads the union of their sites; without ids every site is read", async () => {
    const reader = new SiteVersionReader(handle.db);
    let answers: Map<number, { stock: number; config: number }>[] = [];
    const sent = await statementsOf(async () => {
      answers = await Promise.all([reader.read([s.solo.id]), reader.read([s.g1.id]), reader.read([s.other.id, 2_000_000_000])]);
    });
    expect(versionReads(sent)).toEqual([ids(s.solo), [...ids(s.g1, s.other), 2_000_000_000].sort((a, b) => a - b)]);
    expect([...answers[0].keys()]).toEqual([s.solo.id]);
    expect([...answers[1].keys()].sort((a, b) => a - b)).toEqual(ids(s.g1, s.other));
    // A site that does not exist is absent, not an error.
    expect(answers[2].has(2_000_000_000)).toBe(false);
    const [{ stockVersion }] = await handle.db.select({ stockVersion: sites.stockVersion }).from(sites).where(eq(sites.id, s.solo.id));
    expect(answers[0].get(s.solo.id)!.stock).toBe(stockVersion);
    const all = await statementsOf(() => reader.read());
    expect(versionReads(all)).toEqual(["all"]);
    expect((await reader.read()).size).toBeGreaterThanOrEqual(4);
  });
});
