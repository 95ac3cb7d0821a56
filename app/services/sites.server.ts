/**
 * Sites (tenants): loading, host resolution and a small per-process cache.
 */
import { eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { anyId } from "../../db/id-list";
import { dealerGroups, sites } from "../../db/schema/index";
import { resolveSiteConfig } from "~/sites/resolve-config";
import { resolveSiteSlug, type HostResolutionOptions } from "~/sites/resolve-host";
import type { Site } from "~/sites/site";

/**
 * Loads every site (or the sites of `ids`) with its resolved configuration, in id order.
 * @param ids only these sites (absent ids are skipped); omitted: every site
 * @throws ZodError when a stored configuration is invalid (a data error worth failing loudly on)
 */
export async function listSites(db: Database, ids?: readonly number[]): Promise<Site[]> {
  return loadSites(db, ids ? anyId(sites.id, ids) : undefined);
}

/** The sites `where` selects (all when undefined), with their resolved configuration, in id order. */
async function loadSites(db: Database, where: SQL | undefined): Promise<Site[]> {
  const rows = await db
    .select({ site: sites, group: dealerGroups })
    .from(sites)
    .leftJoin(dealerGroups, eq(sites.dealerGroupId, dealerGroups.id))
    .where(where)
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
    archived: site.archivedAt !== null,
  }));
}

/**
 * Loads one site by slug (archived ones included), with its resolved configuration, or null.
 * One row through the slug's unique index: a console page must not read and resolve every site of
 * a national deployment to show one.
 * @throws ZodError when the stored configuration is invalid
 */
export async function getSiteBySlug(db: Database, slug: string): Promise<Site | null> {
  return (await loadSites(db, eq(sites.slug, slug)))[0] ?? null;
}

/** Options of a {@link SiteResolver}. */
export interface SiteResolverOptions extends HostResolutionOptions {
  /** How long a loaded site list is fresh, in ms (default 5,000). */
  ttlMs?: number;
  /** Told when a refresh fails while the last good list is served (for the log). */
  onRefreshError?: (error: unknown) => void;
}

/**
 * Resolves request hosts to sites, caching the site list for `ttlMs` (default 5 s) so a
 * config change reaches every node within seconds without a query per request.
 *
 * Under a burst or a database outage (issue 54 section 5, issue 51 section 1, spec 8):
 * - concurrent callers share one in-flight refresh (single flight), so a burst costs one query;
 * - a list older than `ttlMs` is served at once while one refresh runs behind it, so a slow
 *   database never holds a request on the site list;
 * - a refresh that fails keeps the last good list (the next request tries again), so lead posts
 *   reach their own 503 handling, with the shopper's input, instead of a bare 500.
 * Only the first load (no list yet) waits for the database and throws its error.
 */
export class SiteResolver {
  private lastGood: { at: number; sites: Site[] } | null = null;
  /** False after `invalidate()`: the next caller waits for a list read after that call. */
  private current = false;
  private inflight: { promise: Promise<Site[]>; generation: number } | null = null;
  private generation = 0;
  /** Reloads of a few sites under way, by their sorted ids. */
  private readonly reloading = new Map<string, Promise<Site[]>>();

  constructor(
    private readonly db: Database,
    private readonly options: SiteResolverOptions = {},
  ) {}

  /**
   * All sites, at most `ttlMs` old when the database answers.
   * @throws the database's error when no list was ever loaded
   */
  async all(): Promise<Site[]> {
    const ttl = this.options.ttlMs ?? 5000;
    const last = this.lastGood;
    if (last && this.current && Date.now() - last.at <= ttl) return last.sites;
    const refresh = this.refresh();
    if (!last) return refresh;
    if (this.current) {
      // Stale by age only: serve it now; the shared refresh updates it for the next request.
      refresh.catch(() => {}); // told once, in refresh()
      return last.sites;
    }
    // Invalidated (a newer config or stock version was seen): wait for the new list, but keep
    // serving the last good one when the database is away.
    try {
      return await refresh;
    } catch {
      return last.sites;
    }
  }

  /** The site for a Host header, or null (the server answers 404 "no such site"). */
  async forHost(hostHeader: string | null | undefined): Promise<Site | null> {
    let all = await this.all();
    // A host that no site of a stale list names (a site added since, on another node) waits for
    // the shared refresh rather than answering 404 or the default site; the list is then fresh,
    // so a burst of unknown hosts costs one query per ttl at most.
    if (this.isStale() && !resolveSiteSlug(hostHeader, all, { ...this.options, defaultSite: undefined })) {
      all = await this.refresh().catch(() => all);
    }
    const slug = resolveSiteSlug(hostHeader, all, this.options);
    return slug ? (all.find((s) => s.slug === slug) ?? null) : null;
  }

  private isStale(): boolean {
    return !this.lastGood || !this.current || Date.now() - this.lastGood.at > (this.options.ttlMs ?? 5000);
  }

  /**
   * Re-reads these sites only (one query by id) and puts them into the cached list: a node that
   * saw a site's versions move (a stock or config change) reads that site's row, not the whole
   * list (5,000 sites read and validated again on every change anywhere). A site whose slug or
   * hosts changed, one new to this list or one that is gone makes the whole list reload on its
   * next use instead (another site may have taken or given up a host).
   * Concurrent reloads of the same sites share one query (a burst after a stock change).
   * @returns the sites as now read, in id order (a deleted site is absent)
   * @throws the database's error (the cached list is unchanged)
   */
  reloadSites(ids: readonly number[]): Promise<Site[]> {
    const key = [...ids].sort((a, b) => a - b).join(",");
    let reload = this.reloading.get(key);
    if (!reload) {
      reload = this.readAndPatch(ids).finally(() => this.reloading.delete(key));
      this.reloading.set(key, reload);
    }
    return reload;
  }

  private async readAndPatch(ids: readonly number[]): Promise<Site[]> {
    const fresh = await listSites(this.db, ids);
    const last = this.lastGood;
    if (!last) return fresh;
    const before = new Map(last.sites.map((s) => [s.id, s]));
    const now = new Map(fresh.map((s) => [s.id, s]));
    const moved = ids.some((id) => {
      const was = before.get(id);
      const is = now.get(id);
      return !was || !is || was.slug !== is.slug || was.hosts.join("\n") !== is.hosts.join("\n");
    });
    if (moved) this.invalidate();
    else this.lastGood = { at: last.at, sites: last.sites.map((s) => now.get(s.id) ?? s) };
    return fresh;
  }

  /** Forget the cache (after seeding or a config change in this process). */
  invalidate(): void {
    this.current = false;
    this.generation++;
  }

  /** One refresh at a time per generation: a refresh begun before `invalidate()` is not reused. */
  private refresh(): Promise<Site[]> {
    if (this.inflight && this.inflight.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const promise = listSites(this.db).then(
      (list) => {
        if (generation === this.generation) {
          this.lastGood = { at: Date.now(), sites: list };
          this.current = true;
        }
        return list;
      },
    );
    const entry = { promise, generation };
    this.inflight = entry;
    const clear = () => {
      if (this.inflight === entry) this.inflight = null;
    };
    promise.then(clear, (error: unknown) => {
      clear();
      if (this.lastGood) this.options.onRefreshError?.(error);
    });
    return promise;
  }
}
