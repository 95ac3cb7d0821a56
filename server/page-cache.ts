/**
 * The page cache (issue 15 "Repeat views", docs/decisions/180): public pages for anonymous
 * shoppers are kept per node, per URL (scheme, host, path and query) and per site version, with
 * each compressed form made once; a repeat view is answered from memory, or with 304 when the
 * browser or CDN already holds the same bytes (`ETag` / `If-None-Match`).
 *
 * Invalidation: the key carries the site's stock and config versions, which database triggers
 * move in the same transaction as any change that shows on a page (migration 0018: a price, a
 * car sold or reserved, the site config, a location, offer or page). Every cache lookup first
 * reads the versions with a query that started after the request arrived (requests that arrive
 * together share one), so a change committed on any node is seen by every node on its next
 * request. A time limit (default 60 s) bounds what no version covers: opening hours' "open now",
 * an offer's end date.
 *
 * What is never cached: anything but GET; a request carrying one of our own cookies (`fc_*`: a
 * signed-in shopper's session, a purchase journey), whose pages carry that shopper's state; a
 * response that is not 200, sets a cookie, is not `Cache-Control: public`, or is not text
 * (HTML, JSON, XML). Form submission keys are made in the browser after hydration, so the HTML
 * of a page with a lead form is the same for every visitor.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
import { sites as sitesTable } from "../db/schema/index";
import type { SiteResolver } from "../app/services/sites.server";
import type { Site } from "../app/sites/site";
import { BROTLI_QUALITY, GZIP_LEVEL } from "./compress";
import { inlineScriptHashes, policy } from "./csp";

/** A site's two version counters (migration 0018). */
export interface SiteVersion {
  stock: number;
  config: number;
}

/**
 * Reads every site's versions with one small query. `read()` resolves with the result of a query
 * that started after the call: while one query is in flight, later callers share the next one,
 * so under load the database sees at most one version query at a time (plus one queued) and no
 * caller is answered from versions older than its own arrival.
 */
export class SiteVersionReader {
  private inFlight: Promise<Map<number, SiteVersion>> | null = null;
  private queued: Promise<Map<number, SiteVersion>> | null = null;
  private readonly query;

  constructor(db: Database) {
    this.query = db.select({ id: sitesTable.id, stock: sitesTable.stockVersion, config: sitesTable.configVersion }).from(sitesTable).prepare("forecourt_site_versions");
  }

  /**
   * @returns site id -> versions, read after this call began
   * @throws the database error of the query (callers serve the page uncached)
   */
  read(): Promise<Map<number, SiteVersion>> {
    if (!this.inFlight) return this.start();
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<Map<number, SiteVersion>> {
    const running = this.query.execute().then((rows) => new Map(rows.map((r) => [r.id, { stock: r.stock, config: r.config }])));
    this.inFlight = running;
    const clear = () => {
      if (this.inFlight === running) this.inFlight = null;
    };
    running.then(clear, clear);
    return running;
  }
}

type Encoding = "br" | "gzip" | "identity";

interface CachedPage {
  status: number;
  /** Response headers as rendered (CSP included), without length, encoding, date or cookies. */
  headers: [string, string][];
  /** Quoted hash of the uncompressed body; each encoding's ETag adds its name. */
  hash: string;
  bodies: Partial<Record<Encoding, Buffer>>;
  /** Bytes held, for the cache's size limit. */
  bytes: number;
}

export interface PageCacheOptions {
  db: Database;
  sites: SiteResolver;
  /** Size limit of the cache in bytes (all encodings of all pages); default 64 MB. */
  maxBytes?: number;
  /** Longest life of an entry in ms, for what no version covers (opening hours, offer dates); default 60 s. */
  ttlMs?: number;
  /** Development: the CSP allows the dev server's websocket (see csp.ts). */
  development?: boolean;
}

/** Our own cookies mark per-visitor state (session, purchase journey): such requests bypass the cache. */
const OWN_COOKIE = /(?:^|;\s*)(?:__Host-)?fc_[a-z_]+=/i;
const CACHEABLE_TYPE = /^(text\/html|application\/json|application\/xml|text\/plain)/;
/** Response headers the cache adds per answer (or that a stored copy must not repeat). */
const PER_ANSWER = new Set(["content-length", "content-encoding", "date", "set-cookie", "etag", "x-cache", "transfer-encoding"]);

/** Header `X-Cache` on answers this middleware handled: HIT (from memory, or 304) or MISS (rendered and stored). */
export const CACHE_STATUS_HEADER = "X-Cache";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to send for an `Accept-Encoding` header (brotli first, as compress.ts). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accept = acceptEncoding ?? "";
  return /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : "identity";
}

/**
 * The page cache middleware (issue 15). Mount it after site resolution (it reads `c.get("site")`
 * and may replace it with a fresher copy) and before React Router's handler.
 * @returns the middleware and `stats()` (hits, misses, entries, bytes) for /metrics and tests
 */
export function pageCache(options: PageCacheOptions) {
  const versions = new SiteVersionReader(options.db);
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) => Math.max(1, page.bytes),
    ttl: options.ttlMs ?? 60_000,
  });
  const counts = { hits: 0, misses: 0, notModified: 0 };

  const middleware: MiddlewareHandler<{ Variables: { site: Site } }> = async (c, next) => {
    const request = c.req.raw;
    if (request.method !== "GET" || OWN_COOKIE.test(request.headers.get("cookie") ?? "") || request.headers.has("authorization")) return next();

    let site = c.get("site");
    let version: SiteVersion | undefined;
    try {
      version = (await versions.read()).get(site.id);
    } catch {
      return next(); // the database is unreachable: render (and fail) as without a cache
    }
    if (!version) return next();
    if (version.stock !== site.stockVersion || version.config !== site.configVersion) {
      // This node's site list is older than the database: reload it so the render (config,
      // search read model) is at least as new as the key it is stored under.
      options.sites.invalidate();
      const fresh = await options.sites.forHost(request.headers.get("host"));
      if (!fresh || fresh.id !== site.id) return next();
      site = fresh;
      c.set("site", site);
    }

    const key = `${site.id}:${version.stock}.${version.config} ${c.req.url}`;
    const encoding = pickEncoding(request.headers.get("accept-encoding") ?? undefined);
    const cached = pages.get(key);
    if (cached) {
      counts.hits++;
      c.res = undefined;
      c.res = await answer(key, cached, encoding, request.headers.get("if-none-match"), "HIT");
      return;
    }

    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const cacheControl = res.headers.get("cache-control") ?? "";
    if (res.status !== 200 || !res.body || !/\bpublic\b/.test(cacheControl) || res.headers.has("set-cookie") || res.headers.has("content-encoding") || !CACHEABLE_TYPE.test(type)) return;
    counts.misses++;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (type.startsWith("text/html") && !headers.has("content-security-policy")) {
      // The policy names the page's inline scripts; made here once, as csp.ts would on each answer.
      headers.set("Content-Security-Policy", policy(inlineScriptHashes(body.toString("utf8")), options.development));
    }
    const page: CachedPage = {
      status: res.status,
      headers: [...headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
      hash: createHash("sha256").update(body).digest("base64url").slice(0, 22),
      bodies: { identity: body },
      bytes: body.length,
    };
    pages.set(key, page);
    c.res = undefined;
    c.res = await answer(key, page, encoding, request.headers.get("if-none-match"), "MISS");
  };

  /** A stored page as a response: 304 when the client holds this encoding's ETag, else the bytes (compressed once, then kept). */
  async function answer(key: string, page: CachedPage, encoding: Encoding, ifNoneMatch: string | null, status: "HIT" | "MISS"): Promise<Response> {
    const etag = `"${page.hash}${encoding === "identity" ? "" : `-${encoding}`}"`;
    const headers = new Headers(page.headers);
    headers.set("ETag", etag);
    headers.append("Vary", "Accept-Encoding");
    headers.set(CACHE_STATUS_HEADER, status);
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
      counts.notModified++;
      for (const name of ["content-type", "content-security-policy"]) headers.delete(name);
      return new Response(null, { status: 304, headers });
    }
    let body = page.bodies[encoding];
    if (!body) {
      const identity = page.bodies.identity!;
      body =
        encoding === "br"
          ? await brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
          : await gzipAsync(identity, { level: GZIP_LEVEL });
      page.bodies[encoding] = body;
      page.bytes += body.length;
      if (pages.peek(key) === page) pages.set(key, page); // re-weigh the entry with its new encoding
    }
    if (encoding !== "identity") headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.length));
    return new Response(body as unknown as Uint8Array<ArrayBuffer>, { status: page.status, headers });
  }

  return {
    middleware,
    /** Counters since start and the cache's current size. */
    stats: () => ({ ...counts, entries: pages.size, bytes: pages.calculatedSize }),
    /** Drops every stored page (tests, or an operator after a manual data fix). */
    clear: () => pages.clear(),
  };
}
