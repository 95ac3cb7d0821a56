/**
 * Sites (tenants): loading, host resolution and a small per-process cache.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { anyId } from "../../db/id-list";
import { dealerGroups, sites } from "../../db/schema/index";
import { resolveSiteConfig } from "~/sites/resolve-config";
import { carryHostIndex, resolveSiteSlug, type HostResolutionOptions } from "~/sites/resolve-host";
import type { Site } from "~/sites/site";

/**
 * Loads every site (or the sites of `ids`) with its resolved configuration, in id order.
 * @param ids only these sites (absent ids are skipped); omitted: every site
 * @throws ZodError when a stored configuration is invalid (a data error worth failing loudly on)
 */
export async function listSites(db: Database, ids?: readonly number[]): Promise<Site[]> {
  return loadSites(db, ids ? anyId(sites.id, ids) : undefined);
}

/** Sites whose configuration is resolved per turn of the event loop (a few ms of validation). */
export const RESOLVE_SLICE_SITES = 100;

/**
 * The sites `where` selects (all when undefined), with their resolved configuration, in id order.
 * Validating a configuration takes tens of microseconds, so a list of thousands of sites is
 * resolved {@link RESOLVE_SLICE_SITES} at a time between turns of the event loop: reading a
 * national deployment's 5,000 sites must not hold every other request for a fifth of a second.
 */
async function loadSites(db: Database, where: SQL | undefined): Promise<Site[]> {
  const rows = await db
    .select({ site: sites, group: dealerGroups })
    .from(sites)
    .leftJoin(dealerGroups, eq(sites.dealerGroupId, dealerGroups.id))
    .where(where)
    .orderBy(sites.id);
  const list: Site[] = [];
  for (const { site, group } of rows) {
    if (list.length > 0 && list.length % RESOLVE_SLICE_SITES === 0) await nextTurn();
    list.push({
      id: site.id,
      slug: site.slug,
      name: site.name,
      hosts: site.hosts,
      dealerGroup: group ? { id: group.id, slug: group.slug, name: group.name } : null,
      config: resolveSiteConfig(group?.config ?? {}, site.config),
      stockVersion: site.stockVersion,
      configVersion: site.configVersion,
      archived: site.archivedAt !== null,
    });
  }
  return list;
}

/** What a refresh reads of every site to tell which ones it must read whole. */
interface SiteVersions {
  id: number;
  configVersion: number;
  stockVersion: number;
  groupSlug: string | null;
}

/**
 * The site list as now stored, reading whole (and validating) only the sites new to `previous`
 * or whose config version (which moves with the row's config, name, slug, hosts, group and
 * archiving, and with the group's config and name; migrations 0018 and 0029) or group slug
 * differ; the others keep their object, with the stock version brought up to date.
 * Two queries, or one when no site changed.
 * @param previous the last list read (id order)
 * @returns every site, in id order
 */
async function refreshSites(db: Database, previous: readonly Site[]): Promise<Site[]> {
  const versions: SiteVersions[] = await db
    .select({ id: sites.id, configVersion: sites.configVersion, stockVersion: sites.stockVersion, groupSlug: dealerGroups.slug })
    .from(sites)
    .leftJoin(dealerGroups, eq(sites.dealerGroupId, dealerGroups.id))
    .orderBy(sites.id);
  const before = new Map(previous.map((s) => [s.id, s]));
  const unchanged = (v: SiteVersions, was: Site | undefined): was is Site =>
    was !== undefined && was.configVersion === v.configVersion && (was.dealerGroup?.slug ?? null) === v.groupSlug;
  const changed = versions.filter((v) => !unchanged(v, before.get(v.id))).map((v) => v.id);
  const read = new Map((changed.length ? await listSites(db, changed) : []).map((s) => [s.id, s]));
  const list: Site[] = [];
  for (const v of versions) {
    const was = before.get(v.id);
    const site = read.get(v.id) ?? (unchanged(v, was) ? (was.stockVersion === v.stockVersion ? was : { ...was, stockVersion: v.stockVersion }) : undefined);
    // Absent: deleted between the two queries.
    if (site) list.push(site);
  }
  return list;
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

/** Positions in a site list by slug and by id. */
interface Positions {
  bySlug: Map<string, number>;
  byId: Map<number, number>;
}

const positionIndexes = new WeakMap<readonly Site[], Positions>();

/**
 * Where each site of a list is, by slug and by id: indexed once per list (a list is never changed
 * once read) and shared by a list patched from it, whose sites keep their places.
 */
function positionsOf(list: readonly Site[]): Positions {
  let index = positionIndexes.get(list);
  if (!index) {
    index = { bySlug: new Map(), byId: new Map() };
    for (const [at, site] of list.entries()) {
      index.bySlug.set(site.slug, at);
      index.byId.set(site.id, at);
    }
    positionIndexes.set(list, index);
  }
  return index;
}

/** The site of a list with this slug, if any. */
function siteBySlug(list: readonly Site[], slug: string): Site | undefined {
  const at = positionsOf(list).bySlug.get(slug);
  return at === undefined ? undefined : list[at];
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
 *
 * A refresh reads every site's versions and reads whole, and validates, only the sites whose
 * config version moved (or that are new): unchanged sites keep their object. Host lookups go
 * through an index of the list (resolve-host.ts), not a scan of it per request.
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
    return slug ? (siteBySlug(all, slug) ?? null) : null;
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
    const positions = positionsOf(last.sites);
    const moved = ids.some((id) => {
      const at = positions.byId.get(id);
      const is = fresh.find((s) => s.id === id);
      const was = at === undefined ? undefined : last.sites[at];
      return !was || !is || was.slug !== is.slug || was.hosts.join("\n") !== is.hosts.join("\n");
    });
    if (moved) {
      this.invalidate();
      return fresh;
    }
    // Every site keeps its place, slug and hosts: the new list shares the old one's indexes, so a
    // stock change (ten a second across a national deployment) does not index 5,000 sites again.
    const patched = last.sites.slice();
    for (const site of fresh) patched[positions.byId.get(site.id)!] = site;
    positionIndexes.set(patched, positions);
    carryHostIndex(last.sites, patched);
    this.lastGood = { at: last.at, sites: patched };
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
    const last = this.lastGood;
    const promise = (last ? refreshSites(this.db, last.sites) : listSites(this.db)).then(
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
