/**
 * The page cache (issue 15 "Repeat views", docs/decisions/180): public pages for anonymous
 * shoppers are kept per node, per URL (scheme, host, path and query), per encoding the browser
 * accepts and per site version, as the exact bytes and headers sent; a repeat view is answered
 * from memory, or with 304 when the browser or CDN already holds the same bytes
 * (`ETag` / `If-None-Match`).
 *
 * Invalidation: the key carries the site's stock and config versions, which database triggers
 * move in the same transaction as any change that shows on a page (migration 0018: a price, a
 * car sold or reserved, the site config, a location, offer or page). Every cache lookup first
 * reads the versions of the site (and of the sister sites whose stock it shows) with a query that
 * started after the request arrived (requests that arrive together share one), so a change
 * committed on any node is seen by every node on its next request. A time limit (default 60 s) bounds what no version covers: opening hours' "open now",
 * an offer's end date.
 *
 * What is never cached: anything but GET; a request carrying one of our own cookies (`fc_*`: a
 * signed-in shopper's session, a purchase journey), whose pages carry that shopper's state (such
 * a GET still reads the versions first, so its page is as fresh as an anonymous one); a
 * response that is not 200, sets a cookie, is not `Cache-Control: public`, or is not text
 * (HTML, JSON, XML). Form submission keys are made in the browser after hydration, so the HTML
 * of a page with a lead form is the same for every visitor.
 */
import { createHash } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { anyId, idListText } from "../db/id-list";
import { sites as sitesTable } from "../db/schema/index";
import type { SiteResolver } from "../app/services/sites.server";
import { groupSearchMembers } from "../app/sites/group-members";
import type { Site } from "../app/sites/site";
import { chooseEncoding } from "./compress";
import { READ_MODEL_CHANNEL, type ReadModelEvent } from "../app/search/read-model-events";

/**
 * Searches answered from a site's previous read model while its new one was built (issue 54,
 * decision 259), per site id. A page rendered meanwhile may show the previous stock, so it is not
 * stored under the new stock version (the store publishes on a diagnostics channel, which also
 * reaches this module when the app is a separate bundle).
 */
const staleSearches = new Map<number, number>();
subscribe(READ_MODEL_CHANNEL, (message) => {
  const event = message as ReadModelEvent;
  if (event.event === "stale") staleSearches.set(event.siteId, (staleSearches.get(event.siteId) ?? 0) + 1);
});

/** A site's two version counters (migration 0018). */
export interface SiteVersion {
  stock: number;
  config: number;
}

/**
 * Reads site versions with one small query by primary key: a page request asks for its own site's
 * (and, for a site showing its dealer group's stock, its sisters'), never every site's (a
 * deployment of 5,000 sites read 5,000 rows per page). `read()` resolves with the result of a
 * query that started after the call: while one query is in flight, later callers share the next
 * one, which reads the union of their sites, so under load the database sees at most one version
 * query at a time (plus one queued) and no caller is answered from versions older than its own
 * arrival.
 */
export class SiteVersionReader {
  private inFlight: Promise<Map<number, SiteVersion>> | null = null;
  /** The next query and the sites asked of it so far (null: every site). */
  private queued: { ids: Set<number> | null; promise: Promise<Map<number, SiteVersion>> } | null = null;
  private readonly every;
  private readonly some;

  constructor(db: Database) {
    const columns = { id: sitesTable.id, stock: sitesTable.stockVersion, config: sitesTable.configVersion };
    this.every = db.select(columns).from(sitesTable).prepare("forecourt_site_versions");
    this.some = db.select(columns).from(sitesTable).where(anyId(sitesTable.id, sql.placeholder("ids"))).prepare("forecourt_site_versions_of");
  }

  /**
   * @param ids the sites whose versions are needed; omitted: every site (a host no site of this
   *   node's list names, to tell whether the list is behind)
   * @returns site id -> versions, read after this call began: at least the sites asked for that
   *   exist (a deleted site is absent), perhaps others asked for by callers sharing the query
   * @throws the database error of the query (callers serve the page uncached)
   */
  read(ids?: readonly number[]): Promise<Map<number, SiteVersion>> {
    if (!this.inFlight) return this.start(ids ? new Set(ids) : null);
    let batch = this.queued;
    if (!batch) {
      const next: { ids: Set<number> | null; promise: Promise<Map<number, SiteVersion>> } = { ids: new Set(), promise: Promise.resolve(new Map()) };
      next.promise = this.inFlight
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.start(next.ids);
        });
      this.queued = batch = next;
    }
    if (!ids) batch.ids = null;
    else if (batch.ids) for (const id of ids) batch.ids.add(id);
    return batch.promise;
  }

  private start(ids: Set<number> | null): Promise<Map<number, SiteVersion>> {
    const rows = ids ? this.some.execute({ ids: idListText(ids) }) : this.every.execute();
    const running = rows.then((list) => new Map(list.map((r) => [r.id, { stock: r.stock, config: r.config }])));
    this.inFlight = running;
    const clear = () => {
      if (this.inFlight === running) this.inFlight = null;
    };
    running.then(clear, clear);
    return running;
  }
}

interface CachedAnswer {
  status: number;
  /** The answer's headers as sent (security headers, CSP, encoding), without length, date, cookies or ETag. */
  headers: [string, string][];
  /** The bytes as sent (compressed for the key's encoding). */
  body: Buffer;
  /** Quoted hash of `body`. */
  etag: string;
}

export interface PageCacheOptions {
  db: Database;
  sites: SiteResolver;
  /** Size limit of the cache in bytes (all pages and encodings); default 64 MB. */
  maxBytes?: number;
  /** Longest life of an entry in ms, for what no version covers (opening hours, offer dates); default 60 s. */
  ttlMs?: number;
}

/** Our own cookies mark per-visitor state (session, purchase journey): such requests bypass the cache. */
const OWN_COOKIE = /(?:^|;\s*)(?:__Host-)?fc_[a-z_]+=/i;

/**
 * Whether the request carries one of our own per-visitor cookies (`fc_*`: the session, the
 * purchase journey). Such requests bypass this cache, and their answers are private
 * (server/app.ts): they may show that visitor's state.
 */
export function hasVisitorCookie(request: Request): boolean {
  return OWN_COOKIE.test(request.headers.get("cookie") ?? "");
}
/** Paths that are never pages: health checks, metrics, build assets and static files (served without a database read). */
const NOT_A_PAGE = /^\/(?:healthz|readyz|metrics)$|^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|webp|avif|gif|svg|ico|woff2?)$/i;
const CACHEABLE_TYPE = /^(text\/html|application\/json|application\/xml|text\/plain)/;
/** Response headers the cache sets per answer (or that a stored copy must not repeat). */
const PER_ANSWER = new Set(["content-length", "date", "set-cookie", "etag", "x-cache", "transfer-encoding", "connection", "keep-alive"]);

/** Header `X-Cache` on answers this middleware handled: HIT (from memory, or 304) or MISS (rendered and stored). */
export const CACHE_STATUS_HEADER = "X-Cache";

/**
 * The page cache middleware (issue 15). Mount it early (after the forwarded-header rewrite, before
 * security headers, compression and CSP): a hit is answered with the bytes and headers the full
 * stack produced for the first request, so it costs a version read and a memory lookup.
 * @returns the middleware and `stats()` (hits, misses, 304s, entries, bytes)
 */
export function pageCache(options: PageCacheOptions) {
  const versions = new SiteVersionReader(options.db);
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (a) => Math.max(1, a.body.length + 512),
    ttl: options.ttlMs ?? 60_000,
  });
  const counts = { hits: 0, misses: 0, notModified: 0 };

  /** Whether the database has a site, or a site version, this node's site list lacks (false when it cannot tell). */
  const siteListBehind = async (): Promise<boolean> => {
    try {
      const [current, list] = await Promise.all([versions.read(), options.sites.all()]);
      if (current.size !== list.length) return true;
      return list.some((s) => {
        const v = current.get(s.id);
        return !v || v.stock !== s.stockVersion || v.config !== s.configVersion;
      });
    } catch {
      return false;
    }
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const request = c.req.raw;
    if (request.method !== "GET" || NOT_A_PAGE.test(c.req.path)) return next();
    // A signed-in shopper's (or any per-visitor) page is rendered, never kept; it still reads the
    // versions below, so its search and config are as fresh as an anonymous page's.
    const bypass = hasVisitorCookie(request) || request.headers.has("authorization");
    const host = request.headers.get("host");
    let site = await options.sites.forHost(host);
    if (!site) {
      // A host this node's site list does not name may belong to a site added, or given the
      // host, through another node since the list was read: when the versions say the list is
      // behind, reload it before answering "no such site".
      if (!(await siteListBehind())) return next();
      options.sites.invalidate();
      site = await options.sites.forHost(host);
      if (!site) return next();
    }
    // Only the versions this page depends on: its site's and, for a site showing its dealer
    // group's stock, its sharing sisters' as this node's list has them. A sister that joined the
    // group since is in the list within its refresh period (5 s), and the page is kept 60 s at most.
    const sisters = site.config.search.groupSearch === "group" ? groupSearchMembers(site, await options.sites.all()) : [];
    let current: Map<number, SiteVersion>;
    try {
      current = await versions.read([site.id, ...sisters.map((m) => m.id)]);
    } catch {
      return next(); // the database is unreachable: render (and fail) as without a cache
    }
    const version = current.get(site.id);
    if (!version) return next();
    if (version.stock !== site.stockVersion || version.config !== site.configVersion) {
      // This node's copy of the site is older than the database: reload it (its row only) so the
      // render (config, search read model) is at least as new as the key it is stored under.
      // A site whose hosts changed makes the whole list reload: the host may now be another's.
      await options.sites.reloadSites([site.id]).catch(() => []);
      const fresh = await options.sites.forHost(host);
      if (!fresh || fresh.id !== site.id || fresh.stockVersion !== version.stock || fresh.configVersion !== version.config) return next();
      site = fresh;
    }
    // Issue 54 item 7: a site showing its dealer group's stock keys its pages by its members'
    // versions too, so a sister's price change or sale is not answered from an older page.
    let members = "";
    const rendered = [site.id];
    if (site.config.search.groupSearch === "group") {
      // The versions read above: read() waits for a query that starts after the call, so a
      // second read would cost every such page a second query. A member whose versions were not
      // read (one the reloaded list added) counts as behind: the page is rendered, not kept.
      const isBehind = (m: Site) => current.get(m.id)?.stock !== m.stockVersion || current.get(m.id)?.config !== m.configVersion;
      let list = groupSearchMembers(site, await options.sites.all());
      if (list.some(isBehind)) {
        await options.sites.reloadSites(list.filter(isBehind).map((m) => m.id)).catch(() => []);
        list = groupSearchMembers(site, await options.sites.all());
        if (list.some(isBehind)) return next();
      }
      members = list.map((m) => ` ${m.id}:${m.stockVersion}.${m.configVersion}`).join("");
      for (const m of list) rendered.push(m.id);
    }
    if (bypass) return next();

    const encoding = chooseEncoding(request.headers.get("accept-encoding")) ?? "identity";
    const key = `${site.id}:${version.stock}.${version.config}${members} ${encoding} ${c.req.url}`;
    const ifNoneMatch = request.headers.get("if-none-match");
    const cached = answers.get(key);
    if (cached) {
      counts.hits++;
      c.res = undefined;
      c.res = answer(cached, ifNoneMatch, "HIT");
      return;
    }

    const staleCount = () => rendered.reduce((n, id) => n + (staleSearches.get(id) ?? 0), 0);
    const staleBefore = staleCount();
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const sentEncoding = res.headers.get("content-encoding") ?? "identity";
    if (res.status !== 200 || !res.body || !/\bpublic\b/.test(res.headers.get("cache-control") ?? "") || res.headers.has("set-cookie") || !CACHEABLE_TYPE.test(type)) return;
    if (sentEncoding !== encoding && sentEncoding !== "identity") return;
    counts.misses++;
    const body = Buffer.from(await res.arrayBuffer());
    if (staleCount() !== staleBefore) {
      // Rendered (deferred parts included) while a search answered from the previous stock: sent,
      // kept neither here nor by a CDN.
      const headers = new Headers(res.headers);
      headers.set("Cache-Control", "no-store");
      c.res = undefined;
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    const stored: CachedAnswer = {
      status: res.status,
      headers: [...res.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
      body,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    };
    answers.set(key, stored);
    c.res = undefined;
    c.res = answer(stored, ifNoneMatch, "MISS");
  };

  /** A stored answer as a response: 304 when the client holds its ETag, else its bytes. */
  function answer(stored: CachedAnswer, ifNoneMatch: string | null, status: "HIT" | "MISS"): Response {
    const headers = new Headers(stored.headers);
    headers.set("ETag", stored.etag);
    headers.set(CACHE_STATUS_HEADER, status);
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === stored.etag)) {
      counts.notModified++;
      for (const name of ["content-type", "content-encoding", "content-security-policy"]) headers.delete(name);
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Length", String(stored.body.length));
    return new Response(stored.body as unknown as Uint8Array<ArrayBuffer>, { status: stored.status, headers });
  }

  return {
    middleware,
    /** Counters since start and the cache's current size. */
    stats: () => ({ ...counts, entries: answers.size, bytes: answers.calculatedSize }),
  };
}
