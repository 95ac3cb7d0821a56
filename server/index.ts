/**
 * Starts Forecourt's HTTP server in this process: opens the database (PostgreSQL when DATABASE_URL
 * is set, else the embedded PGlite under .data/), migrates, seeds the demo sites on first run,
 * serves the production build, prints one line per site, and closes gracefully when asked.
 * `npm start` reaches it through server/main.ts, which loads this module only in a process that
 * serves (not in a cluster's primary, decision 223).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { trace } from "@opentelemetry/api";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedDemoSites } from "../db/seed/seed";
import { createLeadChannels } from "../app/adapters/lead-channels.server";
import { routingGaps, siteEnquiryAddress } from "../app/domain/leads/routing";
import { safeError } from "../app/domain/logging/safe-error";
import { startDeliveryWorker } from "../app/services/lead-delivery.server";
import { paymentsAdapterFor } from "../app/adapters/payments/index.server";
import { startReservationWorker } from "../app/services/reservations.server";
import { startFeedWorker } from "../app/services/feed-imports.server";
import { startScheduledChangesWorker } from "../app/services/scheduled-changes.server";
import { startLeadRetentionWorker } from "../app/console/leads.server";
import { primaryLocationEmail } from "../app/services/leads.server";
import { setFlagsFromString } from "node:v8";
import { createApp } from "./app";
import { replicaReads } from "./metrics";
import { closeCompression } from "./compress";
import { processCount, WORKER_NUMBER } from "./cluster";
import { loadEnv } from "./env";
import { adminSocketPath, startAdminSocket } from "./admin-socket";
import { consoleOrigin } from "../app/console/host";
import { runStaffCommand, seedDemoStaff, StaffCommand } from "../app/console/staff-command.server";

export interface RunningServer {
  url: string;
  /** Starts the drain (decision 220): /readyz answers 503 while requests are still served. */
  drain(ms: number): void;
  close(): Promise<void>;
}

/**
 * Starts the server with the production build in build/.
 * @throws when the build is missing (run `npm run build`) or the database cannot be opened
 */
export async function startServer(): Promise<RunningServer> {
  const env = loadEnv();
  // Decision 199: V8 reads this each time it sets the next heap limit, so setting it here applies
  // to every later collection.
  if (env.HEAP_GROWING_PERCENT > 0) setFlagsFromString(`--heap-growing-percent=${env.HEAP_GROWING_PERCENT}`);
  // Issue 15: log lines are written asynchronously (buffered up to 4 KB, flushed at least every
  // 250 ms and on exit), so a request does not wait on a write to stdout.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flushTimer = setInterval(() => destination.flush(), 250);
  flushTimer.unref();
  // With tracing on (server/tracing.ts), each log line written inside a traced request or job
  // carries its trace and span ids.
  const tracing = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const logger = pino({ level: env.LOG_LEVEL, mixin: tracing ? traceIds : undefined }, destination);
  const buildFile = resolve("build/server/index.js");
  if (!existsSync(buildFile)) throw new Error("No production build found: run `npm run build` first (npm start does this for you).");
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    namedStatements: env.DATABASE_NAMED_STATEMENTS,
    parallelWorkers: env.DATABASE_PARALLEL_WORKERS,
    replicaUrl: env.DATABASE_URL ? env.DATABASE_REPLICA_URL : undefined,
    replicaOptions: {
      onRead: env.METRICS_PORT ? (outcome) => replicaReads.inc({ outcome }) : undefined,
      onDown: (err) => logger.warn({ err: safeError(err) }, "read replica failed; lag-tolerant reads go to the primary for 5 s"),
    },
  });
  logger.info({ database: database.kind, replica: Boolean(database.replica) }, "database opened");
  // A cluster's primary has migrated and seeded already (server/cluster.ts).
  const workerNumber = process.env[WORKER_NUMBER];
  if (!workerNumber) await migrateDatabase(database);
  // One process prints the sites and warnings: the only one, or a cluster's worker 1.
  const announces = !workerNumber || workerNumber === "1";
  if (env.SEED_DEMO) {
    const report = await seedDemoSites(database, { log: (line) => logger.info(line) });
    if (!report.skipped) logger.info("demo sites seeded");
  }
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  let shuttingDown = false;
  // Lead delivery channels (DESIGN 6); the console's staff e-mail goes the same way.
  const channels = createLeadChannels({ smtpUrl: env.SMTP_URL, from: env.LEAD_FROM, outboxDir: env.LEAD_OUTBOX_DIR });
  const { app, sites, staffAuth, pageCache } = createApp({
    database,
    build,
    mode: "production",
    logger,
    clientDir: "build/client",
    baseDomain: env.BASE_DOMAIN,
    defaultSite: env.DEFAULT_SITE,
    trustProxy: env.TRUST_PROXY,
    metrics: env.METRICS_PORT ? { siteLabels: env.METRICS_SITE_LABELS } : null,
    tracing,
    pageCache: { enabled: env.PAGE_CACHE === "on", maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 },
    inflight: { max: env.MAX_INFLIGHT, queue: env.INFLIGHT_QUEUE, maxWaitMs: env.INFLIGHT_WAIT_MS, bodyTimeoutMs: env.BODY_TIMEOUT_MS },
    isShuttingDown: () => shuttingDown,
    console: {
      host: env.CONSOLE_HOST ?? null,
      secret: env.CONSOLE_SECRET ?? null,
      mailer: { send: (to, subject, text) => channels.send("email", to, { subject, text, json: null, xml: "" }) },
    },
  });
  // Lead delivery worker (DESIGN 6): sends the outbox from this node; safe beside other nodes.
  const worker = env.LEAD_WORKER ? startDeliveryWorker(database.db, channels, { log: (err) => logger.warn({ err: safeError(err) }, "lead delivery tick failed") }) : null;
  // Issue 10: reservation expiry and payment reconcile (safe on several nodes; state is in the database).
  const reservationWorker = env.LEAD_WORKER ? startReservationWorker(database.db, paymentsAdapterFor(database.db), { log: (err) => logger.warn({ err: safeError(err) }, "reservation tick failed") }) : null;
  // Issue 49 item 3: scheduled feed pulls (safe on several nodes: each pull is claimed with a lease).
  const feedWorker = env.LEAD_WORKER ? startFeedWorker(database.db, { log: (err) => logger.warn({ err: safeError(err) }, "feed pull tick failed") }) : null;
  // Issue 50: scheduled content changes (publish / unpublish at a time); safe on several nodes.
  const scheduler = env.LEAD_WORKER ? startScheduledChangesWorker(database.db, { log: (err) => logger.warn({ err: safeError(err) }, "scheduled changes tick failed") }) : null;
  // Issue 49 item 4: leads past their site's retention (leads.retentionDays) are anonymised hourly;
  // one node at a time (an advisory lock), and each site's count goes to the log and the audit trail.
  const retentionWorker = env.LEAD_WORKER
    ? startLeadRetentionWorker(database.db, {
        report: (site) => logger.info({ site: site.slug, anonymised: site.anonymised }, "leads anonymised (retention)"),
        log: (err) => logger.warn({ err: safeError(err) }, "lead retention tick failed"),
      })
    : null;
  // The sites are printed in one write before the server answers, so whoever waits for /healthz
  // and then reads the list (a newcomer's script, site-check) finds every site, not the first few.
  const siteLines: string[] = [];
  for (const site of announces ? await sites.all() : []) {
    siteLines.push(`${site.name.padEnd(28)} http://${site.slug}.localhost:${env.PORT}`);
    // Issue 16 defect 8: say where leads no routing rule covers will go.
    const gaps = routingGaps(site.config.leads);
    if (gaps.length) {
      const fallback = siteEnquiryAddress(site, await primaryLocationEmail(database.db, site));
      logger.warn({ site: site.slug, departments: gaps, fallback }, `site ${site.slug}: no routing rule or leads.defaultEmail for ${gaps.join(", ")} leads; they go to the location's email, else ${fallback}`);
    }
  }
  // Issue 48: the console beside the sites; with SEED_DEMO on a local console, one demo sign-in
  // per role (decision 252). A console on CONSOLE_HOST or console.{BASE_DOMAIN} gets none.
  const consoleUrl = consoleOrigin({ consoleHost: env.CONSOLE_HOST, baseDomain: env.BASE_DOMAIN, port: env.PORT });
  if (announces) {
    siteLines.push(`${"Dealer console".padEnd(28)} ${consoleUrl}`);
    if (env.SEED_DEMO && !env.CONSOLE_HOST && !env.BASE_DOMAIN) {
      const demo = await seedDemoStaff(database.db, staffAuth, consoleUrl);
      if (demo.length) siteLines.push("Demo staff sign-ins (demo data, one-time links valid 1 hour; `npm run staff -- link EMAIL` makes a new one; the operator adds a passkey before the platform pages):", ...demo.map((d) => `  ${d.role.padEnd(18)} ${d.email.padEnd(40)} ${d.link}`));
    }
  }
  const admin = announces
    ? await startAdminSocket(adminSocketPath(env.DATA_DIR, env.ADMIN_SOCKET), (body) => runStaffCommand(database.db, staffAuth, consoleUrl, StaffCommand.parse(body)))
    : null;
  if (siteLines.length) console.log(siteLines.join("\n"));
  // Metrics on a listener of their own (issue 55), only when asked for.
  const metricsServer = env.METRICS_PORT
    ? await (await import("./metrics")).startMetricsServer({
        port: env.METRICS_PORT + (workerNumber ? Number(workerNumber) - 1 : 0),
        host: env.METRICS_HOST,
        token: env.METRICS_TOKEN ?? null,
        sources: { database, pageCache: pageCache ? () => pageCache.stats() : undefined, isShuttingDown: () => shuttingDown },
      })
    : null;
  // Slow-header and slow-body senders are cut off by Node's own timeouts (issue 54), well before
  // Node's defaults of 60 s and 300 s; MAX_CONNECTIONS bounds a flood of open connections.
  const server = serve({
    fetch: app.fetch,
    port: env.PORT,
    hostname: env.HOST,
    serverOptions: { headersTimeout: env.HEADERS_TIMEOUT_MS, requestTimeout: env.REQUEST_TIMEOUT_MS },
  });
  if (env.MAX_CONNECTIONS > 0) server.maxConnections = env.MAX_CONNECTIONS;
  await new Promise<void>((ok) => server.once("listening", () => ok()));
  const url = `http://localhost:${env.PORT}`;
  if (announces) {
    const processes = processCount(env) > 1 ? `, ${processCount(env)} processes` : "";
    console.log(`Forecourt is running on port ${env.PORT} (${database.kind}${database.kind === "pglite" ? ` in ${env.DATA_DIR}` : ""}${processes}). Ctrl+C stops it.`);
  }

  const drain = (ms: number) => {
    shuttingDown = true;
    logger.info({ drainMs: ms }, `draining: /readyz answers 503; serving for ${ms} ms more, then shutting down`);
  };
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      shuttingDown = true;
      logger.info("shutting down: finishing open requests");
      await new Promise<void>((ok) => server.close(() => ok()));
      await admin?.close();
      await metricsServer?.close();
      await worker?.stop();
      await reservationWorker?.stop();
      await feedWorker?.stop();
      await scheduler?.stop();
      await retentionWorker?.stop();
      channels.close();
      await closeCompression();
      await database.close();
      logger.info("stopped");
      clearInterval(flushTimer);
      try {
        destination.flushSync();
      } catch {
        // nothing buffered, or stdout already closed
      }
    })());
  return { url, drain, close };
}

/** The active span's trace and span ids for a log line (pino mixin), or nothing outside a trace. */
export function traceIds(): Record<string, string> {
  const span = trace.getActiveSpan()?.spanContext();
  return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
