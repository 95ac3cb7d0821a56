/**
 * Reliability test of the lead pipeline against PostgreSQL (DESIGN 6; issue 5 "Must show").
 * Not part of `npm test`. Run:
 *
 *   npx react-router build
 *   RELIABILITY_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/reliability-leads.ts
 *
 * It creates a scratch database, starts the real app (production build, Hono, the delivery worker)
 * in this process with its PostgreSQL connection going through a small loopback TCP proxy, and a
 * local HTTP endpoint receiving the webhook deliveries. Concurrent clients post N leads (no-JS form
 * posts; a share of them double-submitted with the same submission key). Mid-run the proxy cuts
 * every database connection and refuses new ones for a while, then restores; later the app's
 * app's backends are killed with pg_terminate_backend (RELIABILITY_TERMINATE=0 cuts the link a
 * second time instead). Clients treat a clear error like a shopper: they
 * press submit again (same key) a few times.
 *
 * Checks, printed as figures: every response is either success (302 to /success) or a clear error
 * (a status >= 400 with a readable message); every success has its lead stored; no lead without
 * delivery jobs; no key with two leads; double submissions made one lead; after recovery every
 * delivery is sent. Exit code 0 when all hold, 1 otherwise.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import pino from "pino";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { sites } from "../db/schema/index.ts";
import { createLeadChannels } from "../app/adapters/lead-channels.server.ts";
import { startDeliveryWorker } from "../app/services/lead-delivery.server.ts";
import { createApp } from "../server/app.ts";
import { startWebhookReceiver } from "../tests/integration/webhook-receiver.ts";
import { startTcpProxy } from "../tests/integration/tcp-proxy.ts";

const ADMIN_URL = process.env.RELIABILITY_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = process.env.RELIABILITY_DB ?? "forecourt_issue5_reliability";
const LEADS = Number(process.env.RELIABILITY_LEADS ?? 600);
const DOUBLE_SHARE = 0.25;
const CONCURRENCY = Number(process.env.RELIABILITY_CONCURRENCY ?? 24);
const OUTAGE_MS = Number(process.env.RELIABILITY_OUTAGE_MS ?? 3000);
const MAX_TRIES = 6;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

type Outcome = "success" | "clear-error" | "unclear";

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, application_name: "reliability-admin" });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const adminUrl = new URL(ADMIN_URL);
  const directUrl = new URL(ADMIN_URL);
  directUrl.pathname = `/${DB_NAME}`;

  // Migrate and create the site over a direct connection.
  const direct = await openDatabase({ url: directUrl.toString(), poolSize: 2 });
  await migrateDatabase(direct);

  const hook = await startWebhookReceiver();
  const received = hook.received;
  const hookUrl = hook.url;

  const slug = "reliability";
  const [site] = await direct.db
    .insert(sites)
    .values({ slug, name: "Reliability Motors", config: { leads: { rateLimitPerIpPerHour: 1_000_000, rateLimitPerSitePerHour: 1_000_000, routing: [{ channel: "webhook", target: hookUrl }] } } })
    .returning();

  // The app, with its database link through the proxy.
  const proxy = await startTcpProxy({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
  const proxyPort = proxy.port;
  const appUrl = new URL(directUrl.toString());
  appUrl.host = `127.0.0.1:${proxyPort}`;
  const database = await openDatabase({ url: appUrl.toString(), poolSize: 10 });
  const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
  const logger = pino({ level: "silent" });
  const { app } = createApp({ database, build, mode: "production", logger, clientDir: "build/client", defaultSite: slug });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((ok) => server.once("listening", () => ok()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const channels = createLeadChannels({ from: "leads@reliability.test", outboxDir: ".data/reliability-outbox", timeoutMs: 5000 });
  const worker = startDeliveryWorker(database.db, channels, { intervalMs: 200 });

  // Work: LEADS keys; a share is posted twice at once (double click).
  // A double click sends the same body twice: same key, same fields.
  const jobs: { key: string; copy: number; n: number }[] = [];
  for (let n = 0; n < LEADS; n++) {
    const key = randomUUID();
    jobs.push({ key, copy: 0, n });
    if (n % Math.round(1 / DOUBLE_SHARE) === 0) jobs.push({ key, copy: 1, n });
  }
  const outcomes: Record<Outcome, number> = { success: 0, "clear-error": 0, unclear: 0 };
  const unclearSamples: string[] = [];
  const succeededKeys = new Set<string>();
  const failedKeys = new Set<string>();
  let posts = 0;

  async function post(key: string, i: number): Promise<Outcome> {
    posts++;
    const body = new URLSearchParams({
      submission_key: key,
      name: `Lead${i}`,
      last_name: "Tester",
      postcode: "2150",
      phone: "0412 345 678",
      email: `lead${i}@reliability.test`,
      category: "Other",
      message: `reliability ${key}`,
      terms: "on",
      __page: "general-enquiry",
    });
    try {
      const res = await fetch(`${base}/enquiries/general-enquiry`, { method: "POST", body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      if (res.status === 302 && res.headers.get("location")?.startsWith("/success")) return "success";
      if (res.status >= 400 && /An unexpected error occured|Something went wrong|Please try again/.test(text)) return "clear-error";
      unclearSamples.push(`${res.status} ${text.slice(0, 120)}`);
      return "unclear";
    } catch (error) {
      unclearSamples.push(`network: ${(error as Error).message}`);
      return "unclear";
    }
  }

  let next = 0;
  const started = Date.now();
  const chaos = (async () => {
    while (posts < jobs.length * 0.3) await sleep(20);
    console.log(`[${Date.now() - started} ms] cutting the database link (proxy down ${OUTAGE_MS} ms) after ${posts} posts`);
    proxy.cut();
    await sleep(OUTAGE_MS);
    proxy.restore();
    console.log(`[${Date.now() - started} ms] database link restored`);
    while (posts < jobs.length * 0.7) await sleep(20);
    if (process.env.RELIABILITY_TERMINATE !== "0") {
      // postgres@3.4.9 can crash the process when a connection dies under a reserved (transaction)
      // connection (porsager/postgres#1154, #1208); the lead path uses single statements (docs/decisions/034).
      const { rows: killed } = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [DB_NAME]);
      console.log(`[${Date.now() - started} ms] pg_terminate_backend: ${killed.length} app connections killed after ${posts} posts`);
    } else {
      console.log(`[${Date.now() - started} ms] second cut of the database link (${OUTAGE_MS} ms) after ${posts} posts`);
      proxy.cut();
      await sleep(OUTAGE_MS);
      proxy.restore();
      console.log(`[${Date.now() - started} ms] database link restored`);
    }
  })();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
          const outcome = await post(job.key, job.n);
          outcomes[outcome]++;
          if (outcome === "success") {
            succeededKeys.add(job.key);
            break;
          }
          if (attempt === MAX_TRIES) failedKeys.add(job.key);
          await sleep(250 * attempt);
        }
      }
    }),
  );
  await chaos;
  const elapsed = Date.now() - started;

  // Let the worker drain (it survived the outage).
  const check = new pg.Client({ connectionString: directUrl.toString() });
  await check.connect();
  const one = async <T>(text: string, params: unknown[] = []) => (await check.query(text, params)).rows as T[];
  let pending = -1;
  for (let i = 0; i < 150; i++) {
    [{ pending }] = await one<{ pending: number }>(`select count(*)::int as pending from lead_deliveries where status <> 'sent'`);
    if (pending === 0) break;
    await sleep(200);
  }
  const [{ leads, keys }] = await one<{ leads: number; keys: number }>(`select count(*)::int as leads, count(distinct submission_key)::int as keys from leads where site_id = $1`, [site.id]);
  const stored = new Set((await one<{ submission_key: string }>(`select submission_key from leads where site_id = $1`, [site.id])).map((r) => r.submission_key));
  const [{ orphans }] = await one<{ orphans: number }>(`select count(*)::int as orphans from leads l where not exists (select 1 from lead_deliveries d where d.lead_id = l.id)`);
  const [{ deliveries, sent }] = await one<{ deliveries: number; sent: number }>(`select count(*)::int as deliveries, count(*) filter (where status = 'sent')::int as sent from lead_deliveries`);
  const doubleKeys = new Set(jobs.filter((j) => j.copy === 1).map((j) => j.key));
  const successMissing = [...succeededKeys].filter((k) => !stored.has(k)).length;
  const storedAfterFinalError = [...failedKeys].filter((k) => stored.has(k)).length;
  const webhookRepeats = [...received.values()].filter((n) => n > 1).length;

  const figures = {
    postsSent: posts,
    distinctKeys: LEADS,
    doubleSubmittedKeys: doubleKeys.size,
    concurrency: CONCURRENCY,
    seconds: Math.round(elapsed / 100) / 10,
    responses: outcomes,
    keysSucceeded: succeededKeys.size,
    keysFailedAfterRetries: failedKeys.size,
    leadsStored: leads,
    distinctStoredKeys: keys,
    successWithoutStoredLead: successMissing,
    storedAfterFinalClearError: storedAfterFinalError,
    leadsWithoutDeliveryJobs: orphans,
    deliveries,
    deliveriesSent: sent,
    deliveriesNotSentAfterDrain: pending,
    webhookLeadsReceived: received.size,
    webhookRepeats,
  };
  console.log(JSON.stringify(figures, null, 2));
  if (unclearSamples.length) console.log("unclear responses (first 5):", unclearSamples.slice(0, 5));
  const ok = outcomes.unclear === 0 && successMissing === 0 && orphans === 0 && leads === keys && leads <= LEADS && pending === 0 && received.size === leads;
  console.log(ok ? "RELIABILITY OK" : "RELIABILITY FAILED");

  await worker.stop();
  channels.close();
  await new Promise<void>((ok) => server.close(() => ok()));
  await database.close();
  await proxy.close();
  await new Promise<void>((ok) => hook.server.close(() => ok()));
  await check.end();
  await direct.close();
  await admin.end();
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
