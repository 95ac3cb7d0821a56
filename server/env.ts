/**
 * Environment variables, parsed once with zod at start-up. Each has a default that works on a
 * fresh machine (embedded database, demo sites).
 */
import { z } from "zod";
import { ReadModelMbSchema } from "../app/search/read-model-budget";

const EnvSchema = z.object({
  /** PostgreSQL URL; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /**
   * PostgreSQL streaming replica for reads that tolerate lag (search read-model loads, sitemap,
   * the SRP's promo cards and make logos; db/replica.ts). Writes and read-your-writes stay on
   * DATABASE_URL; when the replica is down or behind, those reads go to DATABASE_URL too.
   */
  DATABASE_REPLICA_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /**
   * "off" sends the app's named prepared statements unnamed: needed behind a transaction-mode
   * pooler that does not track prepared statements (pgbouncer before 1.21, or its
   * max_prepared_statements = 0). Default "on".
   */
  DATABASE_NAMED_STATEMENTS: z
    .enum(["on", "off"])
    .default("on")
    .transform((v) => v === "on"),
  /**
   * PostgreSQL: `max_parallel_workers_per_gather` for the app's own connections (0-64; unset
   * keeps the server's, 2 by PostgreSQL's default). 0 suits a database host of 2-4 cores: the
   * console's searches are short, and two helper processes to each one doubled its database time
   * under load (docs/operations/README.md). Not applied to the embedded database, which has no workers.
   */
  DATABASE_PARALLEL_WORKERS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(64).optional()),
  /** Folder of the embedded database. */
  DATA_DIR: z.string().default(".data/pglite"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Sites also answer at {slug}.{BASE_DOMAIN}. */
  BASE_DOMAIN: z.string().optional(),
  /** Site served when the host matches none. */
  DEFAULT_SITE: z.string().optional(),
  /** Seed the demo sites when they are missing (default on). */
  SEED_DEMO: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /** Behind a reverse proxy: the client IP (lead rate limits) is X-Forwarded-For's last hop, and X-Forwarded-Proto/-Host rebuild the request URL (Origin checks). */
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  /** SMTP server for lead emails, e.g. smtp://127.0.0.1:1025 (a local catcher). Unset: emails are written as .eml files to LEAD_OUTBOX_DIR. */
  SMTP_URL: z.string().optional(),
  /** Sender address of lead emails. */
  LEAD_FROM: z.string().default("leads@forecourt.localhost"),
  /** Folder of the file outbox used when SMTP_URL is unset. */
  LEAD_OUTBOX_DIR: z.string().default(".data/outbox"),
  /** Run the lead delivery worker in this process (default on). */
  LEAD_WORKER: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /**
   * Port of the Prometheus metrics listener (GET /metrics; server/metrics.ts). Unset: no metrics
   * are recorded or served. Never served on the dealer sites' port. With WEB_CONCURRENCY > 1,
   * worker N listens on METRICS_PORT + N - 1.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics listener binds (loopback by default; a scraper on another host needs METRICS_TOKEN too). */
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** Bearer token that lets other hosts read /metrics (loopback clients need none). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** How many sites get a `site` label of their own in the request metrics; later ones count as "other" (bounded series with thousands of sites). */
  METRICS_SITE_LABELS: z.coerce.number().int().min(0).max(100_000).default(500),
  /** Page cache for anonymous shoppers' repeat views (issue 15, docs/decisions/180): "on" (default) or "off" (benchmarks of the uncached render). */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** Size limit of the page cache in MB (all pages and encodings). */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * Memory budget of the search read models in MB (issue 54, docs/decisions/259; 16-65536,
   * default 1024): sites are loaded when first searched and the least recently used evicted
   * beyond it. app/search/read-model-store.ts reads it from the environment.
   */
  READ_MODEL_MB: ReadModelMbSchema,
  /**
   * Server processes on this machine (node:cluster, server/cluster.ts; issue 15): 1 (default) or
   * more on PostgreSQL, e.g. the number of cores. The embedded database always runs one.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * How far V8 lets the JavaScript heap grow past what the last full collection kept alive, in
   * percent (issue 15 memory, docs/decisions/199, 200 and 202): 40 (default) lets it grow to 1.4
   * times; 0 leaves V8's own factor, which under load let a process hold about four times its live
   * heap.
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(40),
  /**
   * Drain before shutdown, in ms (docs/decisions/220; 0-120000): on SIGTERM/SIGINT the server
   * first answers /readyz with 503 and keeps serving for this long, so a load balancer takes the
   * node out before its listener closes. 0 (default) closes at once. A second signal ends the drain.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The dealer console's host (decision 249); default console.{BASE_DOMAIN}, and console.localhost always. */
  CONSOLE_HOST: z.string().optional(),
  /** Signing secret of staff sessions (32+ characters); unset: one made once and kept in the database. */
  CONSOLE_SECRET: z.string().min(32).optional(),
  /** The admin socket `npm run staff` talks to (decision 252); default {DATA_DIR}.admin.sock. */
  ADMIN_SOCKET: z.string().optional(),
  /**
   * Requests doing database work at once on this process (issue 54; 1-10000, default 40): more
   * wait in a queue of INFLIGHT_QUEUE for up to INFLIGHT_WAIT_MS, then get 503 with Retry-After.
   */
  MAX_INFLIGHT: z.coerce.number().int().min(1).max(10_000).default(40),
  /** Requests that may wait for a free slot (0-100000, default 200); more get 503 at once. */
  INFLIGHT_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
  /** How long a request waits for a free slot, in ms (0-60000, default 5000). */
  INFLIGHT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long a request body may take to arrive, in ms (100-300000, default 15000); slower: 408. */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** Time for a client to send the request headers, in ms (1000-120000, default 10000; Node's own is 60000). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /** Time for a whole request to arrive, in ms (1000-600000, default 30000; Node's own is 300000). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Open connections this process accepts (0 = no limit, the default); more are closed at once. */
  MAX_CONNECTIONS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

/** @throws Error listing every invalid variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}
