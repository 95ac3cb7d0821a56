/**
 * The site list under a burst and a database outage (issue 54 section 5, issue 51 section 1,
 * spec 8): concurrent requests share one in-flight refresh, and the last good list is served
 * while the database is away. Counts the real queries on a real (PGlite) database.
 */
import { afterEach, describe, expect, it } from "vitest";
import { dealerGroups, sites } from "../../db/schema/index";
import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../db/client";
import { openEmbeddedTestDatabase } from "../../tests/integration/database";
import { SiteResolver } from "./sites.server";

let handle: DatabaseHandle | null = null;
afterEach(async () => {
  await handle?.close().catch(() => undefined);
  handle = null;
});

/** A migrated in-memory database with one site, and the database with its `select` calls counted. */
async function setUp(): Promise<{ db: Database; counted: Database; queries: () => number }> {
  // A database of its own per test (the resolver reads every site), loaded from a migrated snapshot.
  handle = await openEmbeddedTestDatabase();
  const [group] = await handle.db.insert(dealerGroups).values({ slug: "g", name: "Group" }).returning();
  await handle.db.insert(sites).values({ slug: "alpha", name: "Alpha Motors", hosts: ["alpha.example"], dealerGroupId: group.id, config: {} });
  let count = 0;
  const db = handle.db;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      if (key === "select") count++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { db, counted, queries: () => count };
}

describe("SiteResolver (single flight, last good list)", () => {
  it("a burst of 50 concurrent cold requests makes one site-list query", async () => {
    const { counted, queries } = await setUp();
    const resolver = new SiteResolver(counted);
    const found = await Promise.all(Array.from({ length: 50 }, () => resolver.forHost("alpha.example")));
    expect(found.every((s) => s?.slug === "alpha")).toBe(true);
    expect(queries()).toBe(1);
  });

  it("a burst after invalidate() shares one refresh and sees the new list", async () => {
    const { db, counted, queries } = await setUp();
    const resolver = new SiteResolver(counted);
    await resolver.all();
    await db.update(sites).set({ name: "Alpha Motors Renamed" });
    resolver.invalidate();
    const found = await Promise.all(Array.from({ length: 50 }, () => resolver.forHost("alpha.example")));
    expect(found.map((s) => s?.name)).toEqual(Array(50).fill("Alpha Motors Renamed"));
    // The first load, then one refresh: every site's versions, and the changed site's row.
    expect(queries()).toBe(3);
  });

  it("a host added since a stale list was read is found on its first request, even beside a default site; a fresh list answers unknown hosts at once", async () => {
    const { db, counted, queries } = await setUp();
    const resolver = new SiteResolver(counted, { ttlMs: 60_000, defaultSite: "alpha" });
    await resolver.all();
    const [group] = await db.insert(dealerGroups).values({ slug: "g2", name: "Group 2" }).returning();
    await db.insert(sites).values({ slug: "beta", name: "Beta Cars", hosts: ["beta.example"], dealerGroupId: group.id, config: {} });
    // Still fresh: the new host is not looked for yet (the default site answers, no query).
    expect((await resolver.forHost("beta.example"))?.slug).toBe("alpha");
    expect(queries()).toBe(1);
    // Stale: the unknown host waits for the shared refresh instead of getting the default site.
    const stale = new SiteResolver(counted, { ttlMs: -1, defaultSite: "alpha" });
    await stale.all();
    const before = queries();
    const [beta, unknown] = await Promise.all([stale.forHost("beta.example"), stale.forHost("nobody.example")]);
    expect(beta?.slug).toBe("beta");
    expect(unknown?.slug).toBe("alpha");
    expect(queries() - before).toBe(1);
  });

  it("a burst on a stale list is answered from it with one refresh behind it", async () => {
    const { counted, queries } = await setUp();
    const resolver = new SiteResolver(counted, { ttlMs: -1 }); // every list is stale at once
    await resolver.all();
    const found = await Promise.all(Array.from({ length: 50 }, () => resolver.forHost("alpha.example")));
    expect(found.every((s) => s?.slug === "alpha")).toBe(true);
    expect(queries()).toBe(2);
  });

  it("with the database closed, the last good list is served (stale and invalidated) and the failure is told once per refresh", async () => {
    const { counted } = await setUp();
    const errors: unknown[] = [];
    const resolver = new SiteResolver(counted, { ttlMs: -1, onRefreshError: (e) => errors.push(e) });
    await resolver.all();
    await handle!.close();
    const stale = await Promise.all(Array.from({ length: 20 }, () => resolver.forHost("alpha.example")));
    expect(stale.every((s) => s?.slug === "alpha")).toBe(true);
    resolver.invalidate();
    expect((await resolver.forHost("alpha.example"))?.slug).toBe("alpha");
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeLessThanOrEqual(2);
  });

  it("the first load still fails loudly when the database is away", async () => {
    const { counted } = await setUp();
    await handle!.close();
    await expect(new SiteResolver(counted).all()).rejects.toThrow();
  });

  it("reloadSites re-reads only the sites asked for, with one query, and the list then holds them; the other sites stay as read", async () => {
    const { db, counted, queries } = await setUp();
    const [group] = await db.insert(dealerGroups).values({ slug: "g3", name: "Group 3" }).returning();
    await db.insert(sites).values({ slug: "gamma", name: "Gamma Cars", hosts: ["gamma.example"], dealerGroupId: group.id, config: {} });
    const resolver = new SiteResolver(counted, { ttlMs: 60_000 });
    const list = await resolver.all();
    const gamma = list.find((s) => s.slug === "gamma")!;
    // Looked up before the reload, so the list's host and slug indexes exist and are carried over.
    expect((await resolver.forHost("alpha.example"))?.name).toBe("Alpha Motors");
    expect(await resolver.forHost("gamma.localhost")).toBe(gamma);
    await db.update(sites).set({ name: "Alpha Motors Renamed", config: { search: { groupSearch: "group" } } }).where(eq(sites.slug, "alpha"));
    const alphaId = list.find((s) => s.slug === "alpha")!.id;
    const before = queries();
    const [alpha] = await resolver.reloadSites([alphaId]);
    expect(queries() - before).toBe(1);
    expect(alpha.name).toBe("Alpha Motors Renamed");
    expect(alpha.config.search.groupSearch).toBe("group");
    expect(alpha.configVersion).toBe(list.find((s) => s.slug === "alpha")!.configVersion + 1);
    // The cached list now has the new row, and the same object for every other site (no reload).
    const after = await resolver.all();
    expect(queries() - before).toBe(1);
    expect(after.find((s) => s.id === alphaId)).toBe(alpha);
    expect(after.find((s) => s.slug === "gamma")).toBe(gamma);
    expect(await resolver.forHost("alpha.example")).toBe(alpha);
    expect(await resolver.forHost("alpha.localhost")).toBe(alpha);
    expect(await resolver.forHost("gamma.example")).toBe(gamma);
    expect(await resolver.forHost("gamma.localhost")).toBe(gamma);
    expect(queries() - before).toBe(1);
  });

  it("a burst of reloads of the same site shares one query", async () => {
    const { db, counted, queries } = await setUp();
    const resolver = new SiteResolver(counted, { ttlMs: 60_000 });
    const [alpha] = await resolver.all();
    await db.update(sites).set({ name: "Alpha Burst" }).where(eq(sites.id, alpha.id));
    const before = queries();
    const reloaded = await Promise.all(Array.from({ length: 30 }, () => resolver.reloadSites([alpha.id])));
    expect(reloaded.every(([s]) => s.name === "Alpha Burst")).toBe(true);
    expect(queries() - before).toBe(1);
  });

  it("reloadSites of a site whose hosts changed reloads the whole list on its next use (another site may have taken the host)", async () => {
    const { db, counted, queries } = await setUp();
    const resolver = new SiteResolver(counted, { ttlMs: 60_000 });
    const [alpha] = await resolver.all();
    await db.update(sites).set({ hosts: ["alpha.example", "www.alpha.example"] }).where(eq(sites.id, alpha.id));
    await resolver.reloadSites([alpha.id]);
    const before = queries();
    expect((await resolver.forHost("www.alpha.example"))?.slug).toBe("alpha");
    // The whole list's versions; alpha's row was read by reloadSites, but the list still held
    // the old one, so its config version differs and it is read again.
    expect(queries() - before).toBe(2);
  });

  it("a refresh reads whole only the sites whose config version moved or that are new; the others keep their object, with a moved stock version brought up to date", async () => {
    const { db, counted, queries } = await setUp();
    const [group] = await db.insert(dealerGroups).values({ slug: "g2", name: "Group 2" }).returning();
    await db.insert(sites).values([
      { slug: "beta", name: "Beta Cars", hosts: ["beta.example"], dealerGroupId: group.id, config: {} },
      { slug: "gamma", name: "Gamma Cars", hosts: ["gamma.example"], dealerGroupId: group.id, config: {} },
    ]);
    const resolver = new SiteResolver(counted, { ttlMs: 60_000 });
    const [alpha, beta, gamma] = await resolver.all();
    // A price change moves beta's stock version only (migration 0018); gamma's config changes.
    await db.update(sites).set({ stockVersion: beta.stockVersion + 1 }).where(eq(sites.id, beta.id));
    await db.update(sites).set({ config: { search: { groupSearch: "group" } } }).where(eq(sites.id, gamma.id));
    await db.insert(sites).values({ slug: "delta", name: "Delta Cars", hosts: ["delta.example"], config: {} });
    resolver.invalidate();
    let before = queries();
    const list = await resolver.all();
    expect(queries() - before).toBe(2);
    expect(list.map((s) => s.slug)).toEqual(["alpha", "beta", "gamma", "delta"]);
    expect(list[0]).toBe(alpha);
    expect(list[1]).not.toBe(beta);
    expect(list[1]).toEqual({ ...beta, stockVersion: beta.stockVersion + 1 });
    expect(list[1].config).toBe(beta.config);
    expect(list[2].config.search.groupSearch).toBe("group");
    expect(list[2].configVersion).toBe(gamma.configVersion + 1);
    expect((await resolver.forHost("delta.example"))?.name).toBe("Delta Cars");

    // Nothing moved: one query, and the very same site objects.
    await db.delete(sites).where(eq(sites.slug, "delta"));
    resolver.invalidate();
    before = queries();
    const again = await resolver.all();
    expect(queries() - before).toBe(1);
    expect(again).toEqual(list.slice(0, 3));
    again.forEach((s, i) => expect(s).toBe(list[i]));
    expect(await resolver.forHost("delta.example")).toBeNull();

    // A group's slug is not under the config version's trigger, but is part of each site.
    await db.update(dealerGroups).set({ slug: "g2-renamed" }).where(eq(dealerGroups.id, group.id));
    resolver.invalidate();
    const renamed = await resolver.all();
    expect(renamed.map((s) => s.dealerGroup?.slug)).toEqual(["g", "g2-renamed", "g2-renamed"]);
  });
});
