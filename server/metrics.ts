/**
 * Prometheus metrics (issue 55; docs/operations/README.md "Metrics and alerts", decision 244),
 * with prom-client's default registry, served on a port of their own (METRICS_PORT), never on a
 * dealer's host name.
 *
 * - `forecourt_http_request_duration_seconds{method,route,status_class}`: a histogram by route
 *   pattern (`/cars/:slug`, never the raw URL) and status class (2xx..5xx).
 * - `forecourt_site_http_requests_total{site,status_class}`: requests per site. The site label is
 *   a slug only for a host that resolved to a site, and only for the first METRICS_SITE_LABELS
 *   sites this process has served; later sites count as `other`, requests for no site as `none`.
 *   So 5,000 sites give at most (limit + 2) x 5 series, whatever the Host headers say.
 * - page cache hits and misses; search read-model query latency and builds; lead deliveries due,
 *   failed, sent and dead per channel and the age of the oldest due one; reservations held and
 *   expiring; the database pool's connections in use and queries waiting; readiness; and
 *   prom-client's process metrics (event-loop delay, heap, resident memory).
 *
 * Instruments are fetched from the registry by name, so the copy of this module in the React
 * Router server build (search) and the one in the server bundle (HTTP) feed the same series.
 */
import { documentPathOf } from "./data-request";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import client, { Counter, Gauge, Histogram } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "../db/client";

const registry = client.register;

function metric<T>(name: string, make: (name: string) => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make(name);
}

/** Seconds from the first byte of the request to the response (headers ready), by route pattern. */
export const httpRequestDuration = metric(
  "forecourt_http_request_duration_seconds",
  (name) =>
    new Histogram({
      name,
      help: "HTTP requests by method, route pattern and status class (seconds until the response is ready).",
      labelNames: ["method", "route", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

/** Requests per site and status class; the site label is bounded (see the module comment). */
export const siteRequests = metric(
  "forecourt_site_http_requests_total",
  (name) => new Counter({ name, help: "HTTP requests by site (slug, or other beyond METRICS_SITE_LABELS sites, or none) and status class.", labelNames: ["site", "status_class"] as const }),
);

/** Seconds one search of a site's read model took (spec 7; the query itself, not the page). */
export const searchDuration = metric(
  "forecourt_search_duration_seconds",
  (name) => new Histogram({ name, help: "Search read-model query time in seconds.", buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1] }),
);

/** Seconds a site's read model took to load and build (one observation per build). */
export const searchBuildDuration = metric(
  "forecourt_search_read_model_build_seconds",
  (name) => new Histogram({ name, help: "Search read-model builds (load from the database and index) in seconds; _count is the number of rebuilds.", buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] }),
);

/** Lead delivery attempts made by this process, by channel and outcome (sent, retry, dead). */
export const leadDeliveryAttempts = metric(
  "forecourt_lead_delivery_attempts_total",
  (name) => new Counter({ name, help: "Lead delivery attempts by this process, by channel and outcome (sent, retry, dead).", labelNames: ["channel", "outcome"] as const }),
);

/** Lag-tolerant reads by how they were answered (db/replica.ts): replica, or the primary because it was behind, down or failed. */
export const replicaReads = metric(
  "forecourt_db_replica_reads_total",
  (name) => new Counter({ name, help: "Lag-tolerant reads (search loads, sitemap, SRP lists) by outcome: replica, behind/down/failed (answered by the primary).", labelNames: ["outcome"] as const }),
);

/**
 * The read models this node holds, read at each scrape (issue 54 items 2 and 3: with sharding by
 * host, a pool's nodes hold their own sites only):
 * - `forecourt_search_read_model_sites`: sites whose read model is loaded;
 * - `forecourt_search_read_model_bytes{kind="held"|"budget"}`: their estimated size, and READ_MODEL_MB.
 * @param stats the node's store figures (app/search/read-model-store.ts `stats()`)
 */
export function observeReadModels(stats: () => { sites: number; bytes: number; maxBytes: number }): void {
  if (registry.getSingleMetric("forecourt_search_read_model_sites")) return;
  new Gauge({
    name: "forecourt_search_read_model_sites",
    help: "Sites whose search read model this node holds (loaded on a site's first search, evicted least recently used under READ_MODEL_MB).",
    collect() {
      this.set(stats().sites);
    },
  });
  new Gauge({
    name: "forecourt_search_read_model_bytes",
    help: "Estimated bytes of the search read models this node holds (kind=held) and its READ_MODEL_MB budget (kind=budget).",
    labelNames: ["kind"] as const,
    collect() {
      const figures = stats();
      this.set({ kind: "held" }, figures.bytes);
      this.set({ kind: "budget" }, figures.maxBytes);
    },
  });
}

/** Times `seconds` of work with `observe` (a histogram's observe). @returns what `work` returns */
export function timed<T>(histogram: Histogram, work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    histogram.observe((performance.now() - started) / 1000);
  }
}

/**
 * Bounds the site label: the first `limit` sites seen get their slug, later ones `other`, a request
 * that resolved to no site `none`.
 */
export class SiteLabels {
  private readonly labelled = new Set<string>();
  constructor(private readonly limit: number) {}

  /** @param slug the resolved site's slug, or null when the host matched no site */
  label(slug: string | null | undefined): string {
    if (!slug) return "none";
    if (this.labelled.has(slug)) return slug;
    if (this.labelled.size >= this.limit) return "other";
    this.labelled.add(slug);
    return slug;
  }
}

/** `2xx`..`5xx` (a 499 for an abandoned request is `4xx`). */
export function statusClass(status: number): string {
  return `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;
}

/**
 * Maps a request path to its route pattern from the React Router build's route manifest (so the
 * label set is the route table, never the URLs shoppers type). Build assets are `/assets/*`,
 * React Router data requests `<pattern>.data`, a file the not-found route did not answer `static`.
 * @param build the server build, or null in development (every page is then `app`)
 * @returns `(path, status) => pattern`
 */
export function routePatterns(build: ServerBuild | null): (path: string, status: number) => string {
  // React Router's matchRoutes flattens and ranks the routes it is given on every call: over the
  // app's nested route tree that took 5-8 ms per request (issue 55 overhead figures, decision
  // 272). The tree is flattened here once, into one route per full pattern, so a call ranks a
  // flat list; the patterns of the paths seen last are kept as well.
  const routes = build ? flatRoutes(routeTree(build)) : null;
  const patterns = new LRUCache<string, string>({ max: 2_000 });
  const patternOf = (page: string): string => {
    let pattern = patterns.get(page);
    if (pattern === undefined) {
      pattern = matchRoutes(candidates(page), page)?.at(-1)?.route.path ?? "*";
      patterns.set(page, pattern);
    }
    return pattern;
  };
  // Only routes that could match a path are ranked for it: same first segment (or a parameter or
  // splat there) and the same number of segments (a splat: as many or more). Leaving out routes
  // that cannot match keeps React Router's choice; an optional segment keeps its route in.
  const shapes = (routes ?? []).map((route) => {
    const segments = route.path!.split("/").filter(Boolean);
    const splat = segments.at(-1) === "*";
    const first = segments[0]?.toLowerCase() ?? "";
    return { route, first, open: first.startsWith(":") || first === "*", splat, fixed: splat ? segments.length - 1 : segments.length, optional: route.path!.includes("?") };
  });
  const knownFirst = new Set(shapes.map((s) => s.first));
  const byShape = new Map<string, RouteObject[]>();
  const candidates = (page: string): RouteObject[] => {
    const segments = page.split("/").filter(Boolean);
    const first = segments[0]?.toLowerCase() ?? "";
    const key = `${first}/${segments.length}`;
    const known = knownFirst.has(first) && segments.length <= 16;
    let list = known ? byShape.get(key) : undefined;
    if (!list) {
      list = shapes
        .filter((s) => s.optional || ((s.open || s.first === first || (s.splat && s.fixed === 0)) && (s.splat ? s.fixed <= segments.length : s.fixed === segments.length)))
        .map((s) => s.route);
      if (known) byShape.set(key, list);
    }
    return list;
  };
  return (path, status) => {
    if (path === "/healthz" || path === "/readyz") return path;
    if (path.startsWith("/assets/")) return "/assets/*";
    if (!routes) return "app";
    const data = path.endsWith(".data");
    const page = documentPathOf(path);
    const pattern = patternOf(page);
    // The catch-all route answers unknown paths; a file served by the static handler matched it too.
    if (pattern === "/*" && status < 400 && /\.[a-z0-9]+$/i.test(page)) return "static";
    return data ? `${pattern}.data` : pattern;
  };
}

/** Every route of `tree` as a flat route whose path is its full pattern (`/cars/:slug`), in tree order. */
export function flatRoutes(tree: RouteObject[], parent = ""): RouteObject[] {
  return tree.flatMap((route) => {
    const full = `/${[parent, route.path ?? ""].filter(Boolean).join("/")}`.replace(/\/+/g, "/");
    const own: RouteObject = { path: full, caseSensitive: route.caseSensitive };
    return [own, ...flatRoutes(route.children ?? [], full)];
  });
}

/** The build's route manifest as React Router route objects (nested by parent). */
export function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push(route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive });
    children.set(route.parentId, list);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((r) => (r.index ? r : { ...r, children: attach(children.get(r.id) ?? []) }) as RouteObject);
  return attach(children.get(undefined) ?? []);
}

/** What the scrape reads besides the in-process instruments (set by the server that serves). */
export interface MetricsSources {
  database: DatabaseHandle;
  /** The page cache's counters, when the cache is on. */
  pageCache?: () => { hits: number; misses: number; bytes: number };
  /** Whether this node is draining (decision 220): readiness 0. */
  isShuttingDown?: () => boolean;
}

let sources: MetricsSources | null = null;

/** Database figures read once per scrape (the gauges below share one read). */
interface DatabaseFigures {
  ready: boolean;
  deliveries: { channel: string; status: string; count: number }[];
  oldestDueSeconds: number;
  reservationsHeld: number;
  reservationsExpiring: number;
}

let figures: { at: number; value: Promise<DatabaseFigures> } | null = null;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Reads the database figures, at most once a second (one scrape asks several gauges). */
function databaseFigures(): Promise<DatabaseFigures> | null {
  if (!sources) return null;
  if (figures && Date.now() - figures.at < 1000) return figures.value;
  const { database } = sources;
  const value = (async (): Promise<DatabaseFigures> => {
    try {
      // Due: pending and its time has come; failed: pending, waiting out a retry's backoff; dead:
      // given up. Only these states are counted, through the (status, next_attempt_at) index: sent
      // deliveries are nearly every row (a sequential scan of 13-15 s at 10 million, longer than
      // a scrape may take), and are counted as they happen by
      // forecourt_lead_delivery_attempts_total{outcome="sent"}.
      const deliveries = rowsOf<{ channel: string; status: string; count: number }>(
        await database.db.execute(sql`
          select channel,
            case when status = 'pending' and next_attempt_at <= now() then 'due' when status = 'pending' then 'failed' else status end as status,
            count(*)::int as count
          from lead_deliveries where status in ('pending', 'dead') group by 1, 2`),
      );
      const [oldest] = rowsOf<{ seconds: number | string | null }>(
        await database.db.execute(sql`select extract(epoch from now() - min(next_attempt_at))::float8 as seconds from lead_deliveries where status = 'pending' and next_attempt_at <= now()`),
      );
      const [held] = rowsOf<{ held: number; expiring: number }>(
        await database.db.execute(sql`
          select count(*)::int as held, (count(*) filter (where expires_at <= now() + interval '1 hour'))::int as expiring
          from reservations where status = 'active'`),
      );
      return {
        ready: !sources?.isShuttingDown?.(),
        deliveries: deliveries.map((d) => ({ ...d, count: Number(d.count) })),
        oldestDueSeconds: Math.max(0, Number(oldest?.seconds ?? 0)),
        reservationsHeld: Number(held?.held ?? 0),
        reservationsExpiring: Number(held?.expiring ?? 0),
      };
    } catch {
      return { ready: false, deliveries: [], oldestDueSeconds: 0, reservationsHeld: 0, reservationsExpiring: 0 };
    }
  })();
  figures = { at: Date.now(), value };
  return value;
}

function defineScrapeMetrics(): void {
  if (registry.getSingleMetric("forecourt_ready")) return;
  new Gauge({
    name: "forecourt_ready",
    help: "1 when this node would answer /readyz with 200 (database reachable, not draining), else 0.",
    async collect() {
      const f = await databaseFigures();
      this.set(f?.ready ? 1 : 0);
    },
  });
  new Gauge({
    name: "forecourt_lead_deliveries",
    help: "Lead delivery jobs not sent, by channel and state: due (to send now), failed (waiting to retry), dead (given up: each needs a person). Sent: forecourt_lead_delivery_attempts_total.",
    labelNames: ["channel", "status"] as const,
    async collect() {
      const f = await databaseFigures();
      this.reset();
      for (const channel of ["email", "webhook", "adf"]) for (const status of ["due", "failed", "dead"]) this.set({ channel, status }, 0);
      for (const d of f?.deliveries ?? []) this.set({ channel: d.channel, status: d.status }, d.count);
    },
  });
  new Gauge({
    name: "forecourt_lead_delivery_oldest_due_seconds",
    help: "Age in seconds of the oldest lead delivery whose time has come and that is not sent yet (0 when none).",
    async collect() {
      this.set((await databaseFigures())?.oldestDueSeconds ?? 0);
    },
  });
  new Gauge({
    name: "forecourt_reservations_held",
    help: "Online reservations holding a car now (active).",
    async collect() {
      this.set((await databaseFigures())?.reservationsHeld ?? 0);
    },
  });
  new Gauge({
    name: "forecourt_reservations_expiring",
    help: "Active online reservations that end within the hour (or have ended and wait for the expiry worker).",
    async collect() {
      this.set((await databaseFigures())?.reservationsExpiring ?? 0);
    },
  });
  new Gauge({
    name: "forecourt_db_pool_connections",
    help: "PostgreSQL pool connections by state (in_use, total) and queries waiting for one (waiting); absent on the embedded database.",
    labelNames: ["state"] as const,
    collect() {
      this.reset();
      const pool = sources?.database.poolStats?.();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.inUse);
      this.set({ state: "total" }, pool.total);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "forecourt_db_replica_lag_seconds",
    help: "Seconds the read replica is behind the primary (0 when it has replayed all it received); absent without DATABASE_REPLICA_URL, -1 when it cannot be read.",
    async collect() {
      this.reset();
      const replica = sources?.database.replica;
      if (!replica) return;
      try {
        const [row] = rowsOf<{ seconds: number | string | null }>(
          await replica.db.execute(
            sql`select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0 else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::float8 as seconds`,
          ),
        );
        this.set(Math.max(0, Number(row?.seconds ?? 0)));
      } catch {
        this.set(-1);
      }
    },
  });
  // Counters whose values the page cache keeps: each scrape copies them in.
  new Counter({
    name: "forecourt_page_cache_hits_total",
    help: "Pages answered from the page cache (issue 15).",
    collect() {
      const stats = sources?.pageCache?.();
      this.reset();
      if (stats) this.inc(stats.hits);
    },
  });
  new Counter({
    name: "forecourt_page_cache_misses_total",
    help: "Pages rendered and stored by the page cache.",
    collect() {
      const stats = sources?.pageCache?.();
      this.reset();
      if (stats) this.inc(stats.misses);
    },
  });
  new Gauge({
    name: "forecourt_page_cache_bytes",
    help: "Bytes held by the page cache.",
    collect() {
      this.set(sources?.pageCache?.().bytes ?? 0);
    },
  });
  // Event-loop delay (nodejs_eventloop_lag_*), heap (nodejs_heap_*), resident memory (process_resident_memory_bytes).
  client.collectDefaultMetrics({ register: registry });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics on its own listener (METRICS_PORT on METRICS_HOST, loopback by default), and
 * on the embedded database POST /backup (a snapshot of its folder, for `npm run backup`).
 * With `token`, a client that is not on loopback must send `Authorization: Bearer <token>`.
 * Anything else answers 404.
 * @param options.port 0 picks a free port (tests)
 * @throws when the port cannot be bound
 */
export async function startMetricsServer(options: { port: number; host: string; token?: string | null; sources: MetricsSources }): Promise<MetricsServer> {
  sources = options.sources;
  figures = null;
  defineScrapeMetrics();
  const server: Server = createServer((request, response) => {
    const allowed = isLoopback(request) || (options.token && request.headers.authorization === `Bearer ${options.token}`);
    const snapshot = options.sources.database.snapshot;
    if (allowed && snapshot && request.method === "POST" && request.url === "/backup") {
      // `npm run backup` on the embedded database: the folder is this process's, so it takes the
      // snapshot (scripts/backup.ts).
      snapshot().then(
        async (blob) => response.writeHead(200, { "Content-Type": "application/gzip" }).end(Buffer.from(await blob.arrayBuffer())),
        () => response.writeHead(500, { "Content-Type": "text/plain" }).end("snapshot failed"),
      );
      return;
    }
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics" || !allowed) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text),
      () => response.writeHead(500, { "Content-Type": "text/plain" }).end("metrics failed"),
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port, options.host, () => ok());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

function isLoopback(request: IncomingMessage): boolean {
  const address = request.socket.remoteAddress ?? "";
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}
