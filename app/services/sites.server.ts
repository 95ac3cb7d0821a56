/**
 * Sites (tenants): loading, host resolution and a small per-process cache.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dealerGroups, sites } from "../../db/schema/index";
import { resolveSiteConfig } from "~/sites/resolve-config";
import { resolveSiteSlug, type HostResolutionOptions } from "~/sites/resolve-host";
import type { Site } from "~/sites/site";

/**
 * Loads every site with its resolved configuration.
 * @throws ZodError when a stored configuration is invalid (a data error worth failing loudly on)
 */
export async function listSites(db: Database): Promise<Site[]> {
  const rows = await db
    .select({ site: sites, group: dealerGroups })
    .from(sites)
    .leftJoin(dealerGroups, eq(sites.dealerGroupId, dealerGroups.id))
    .orderBy(sites.id);
  return rows.map(({ site, group }) => ({
    id: site.id,
    slug: site.slug,
    name: site.name,
    hosts: site.hosts,
    dealerGroup: group ? { id: group.id, slug: group.slug, name: group.name } : null,
    config: resolveSiteConfig(group?.config ?? {}, site.config),
    stockVersion: site.stockVersion,
    configVersion: site.configVersion,
  }));
}

/** Loads one site by slug, or null. */
export async function getSiteBySlug(db: Database, slug: string): Promise<Site | null> {
  return (await listSites(db)).find((s) => s.slug === slug) ?? null;
}

/**
 * Resolves request hosts to sites, caching the site list for `ttlMs` (default 5 s) so a
 * config change reaches every node within seconds without a query per request.
 */
export class SiteResolver {
  private cache: { at: number; sites: Site[] } | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: HostResolutionOptions & { ttlMs?: number } = {},
  ) {}

  /** The list being read, shared by every request that finds the cache stale meanwhile. */
  private loading: Promise<Site[]> | null = null;

  /** All sites (cached). */
  async all(): Promise<Site[]> {
    const ttl = this.options.ttlMs ?? 5000;
    if (this.cache && Date.now() - this.cache.at <= ttl) return this.cache.sites;
    // One read at a time: with thousands of sites, each concurrent request reading (and
    // resolving the config of) every site when the list went stale took a test of 5,000 sites
    // from seconds to minutes (issue 55).
    if (!this.loading) {
      const at = Date.now();
      const loading = listSites(this.db).then(
        (sites) => {
          if (this.loading === loading) {
            this.cache = { at, sites };
            this.loading = null;
          }
          return sites;
        },
        (error: unknown) => {
          if (this.loading === loading) this.loading = null;
          throw error;
        },
      );
      this.loading = loading;
    }
    return this.loading;
  }

  /** The site for a Host header, or null (the server answers 404 "no such site"). */
  async forHost(hostHeader: string | null | undefined): Promise<Site | null> {
    const all = await this.all();
    const slug = resolveSiteSlug(hostHeader, all, this.options);
    return slug ? (all.find((s) => s.slug === slug) ?? null) : null;
  }

  /** Forget the cache (after seeding or a config change in this process). */
  invalidate(): void {
    this.cache = null;
    this.loading = null;
  }
}
