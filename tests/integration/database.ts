/**
 * Test database: PGlite in memory (one per call, loaded from the migrated snapshot global-setup
 * made), or the PostgreSQL at DATABASE_URL (migrated once by global-setup). Tests scope their
 * data by creating their own sites with unique slugs, so files can share one PostgreSQL database.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import type { Logger } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { dealerGroups, locations, sites } from "../../db/schema/index";
import { getSiteBySlug } from "../../app/services/sites.server";
import type { SiteConfigInput } from "../../app/sites/site-config";
import type { Site } from "../../app/sites/site";
import type { LeadViewer } from "../../app/console/leads.server";

/** Which engine the suite runs against, for test names. */
export const ENGINE = process.env.DATABASE_URL ? "postgres" : "pglite";

/**
 * @param options.logger told every statement the handle sends (tests that count queries)
 */
export async function openTestDatabase(options: { logger?: Logger } = {}): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) return openDatabase({ url: process.env.DATABASE_URL, poolSize: 4, logger: options.logger });
  return openEmbeddedTestDatabase(options);
}

/**
 * A new, migrated embedded (PGlite) database of the caller's own, whatever the run's engine (for
 * tests that must see only their own rows). Loaded from the migrated snapshot global-setup made
 * on PGlite runs; on PostgreSQL runs one is migrated per test file and its snapshot loaded after.
 * @param options.logger told every statement the handle sends (tests that count queries)
 */
export async function openEmbeddedTestDatabase(options: { logger?: Logger } = {}): Promise<DatabaseHandle> {
  return openDatabase({ logger: options.logger, loadDataDir: await migratedSnapshot() });
}

let snapshotBytes: Promise<Blob> | undefined;

/** The migrated PGlite snapshot: global-setup's file (read once per test file), else one migrated here once. */
function migratedSnapshot(): Promise<Blob> {
  snapshotBytes ??= (async () => {
    const path = inject("pgliteSnapshotPath");
    if (path) return new Blob([readFileSync(path)]);
    const fresh = await openDatabase();
    try {
      await migrateDatabase(fresh);
      return await fresh.snapshot!();
    } finally {
      await fresh.close();
    }
  })();
  return snapshotBytes;
}

/** One statement a handle sent, as its logger heard it. */
export interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * A logger for {@link openTestDatabase} and what it heard while a piece of code ran (tests that
 * count the queries a service sends).
 */
export function statementRecorder() {
  let into: SentStatement[] | null = null;
  return {
    logger: { logQuery: (sql: string, params: unknown[]) => void into?.push({ sql, params }) } satisfies Logger,
    /** The statements sent while `run` ran. */
    async during(run: () => Promise<unknown>): Promise<SentStatement[]> {
      const out: SentStatement[] = [];
      into = out;
      try {
        await run();
      } finally {
        into = null;
      }
      return out;
    },
  };
}

export interface TestSiteOptions {
  config?: SiteConfigInput;
  hosts?: string[];
  locations?: { slug: string; name?: string; city?: string; state?: string; postcode?: string; lat?: number; long?: number; locationType?: string; manufacturers?: string[]; primary?: boolean }[];
}

/** Creates a site with a unique slug (and a dealer group), plus its locations. */
export async function createTestSite(handle: DatabaseHandle, options: TestSiteOptions = {}): Promise<Site> {
  const slug = `t-${randomUUID().slice(0, 8)}`;
  const [group] = await handle.db.insert(dealerGroups).values({ slug: `${slug}-group`, name: `Group ${slug}` }).returning();
  const [site] = await handle.db
    .insert(sites)
    .values({ slug, name: `Test site ${slug}`, hosts: options.hosts ?? [], dealerGroupId: group.id, config: options.config ?? {} })
    .returning();
  const locs = options.locations ?? [{ slug: "main", primary: true }];
  for (const l of locs) {
    await handle.db.insert(locations).values({
      siteId: site.id,
      dealerGroupId: group.id,
      slug: l.slug,
      name: l.name ?? `Location ${l.slug}`,
      city: l.city ?? "Parramatta",
      state: l.state ?? "NSW",
      postcode: l.postcode ?? "2150",
      lat: l.lat ?? -33.8136,
      long: l.long ?? 151.0034,
      locationType: l.locationType ?? "sales",
      manufacturers: l.manufacturers ?? [],
      primary: l.primary ?? false,
    });
  }
  return (await getSiteBySlug(handle.db, slug))!;
}

/** A leads viewer who reaches the whole of `site` and holds `leads.personal` (a site manager's view of the inbox). */
export function wholeSiteLeadViewer(site: Site): LeadViewer {
  return { scoped: { site: { id: site.id, slug: site.slug, name: site.name, hosts: site.hosts, dealerGroupId: site.dealerGroup?.id ?? null }, reach: "all", locationIds: [] }, personal: true };
}
