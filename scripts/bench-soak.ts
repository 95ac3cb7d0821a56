/**
 * `npm run bench:soak [-- --minutes N] [-- --concurrency C]`: a soak test on PostgreSQL
 * (DATABASE_URL; issue 16). Starts the real app (production build, Hono, the delivery worker) in
 * this process on a loopback port, a local webhook receiving lead deliveries, and a test site
 * with stock; then holds a mixed load for N minutes (default 10): search pages 40%, VDPs 30%,
 * lead posts 20%, stock imports 10%. Reports throughput, p50/p99 per kind, errors, memory
 * (RSS and heap, first vs last minute and the trend per minute) and lost leads (accepted but not
 * stored, or stored but not delivered once the worker drains). Loopback only; bounded by time.
 * Exit code 0 when there are no errors and no lost leads.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { cars, dealerGroups, leadDeliveries, leads, locations, sites } from "../db/schema/index.ts";
import { createLeadChannels } from "../app/adapters/lead-channels.server.ts";
import type { FeedRow } from "../app/import/parse-feed.ts";
import { StockRecordSchema } from "../app/import/stock-record.ts";
import { startDeliveryWorker } from "../app/services/lead-delivery.server.ts";
import { getSiteBySlug } from "../app/services/sites.server.ts";
import { importStock } from "../app/services/stock-import.server.ts";
import { createApp } from "../server/app.ts";
import { startWebhookReceiver } from "../tests/integration/webhook-receiver.ts";
import { loadBuild } from "../tests/integration/app-harness.ts";

const { values } = parseArgs({ options: { minutes: { type: "string", default: "10" }, concurrency: { type: "string", default: "8" } } });
const MINUTES = Math.min(120, Math.max(0.1, Number(values.minutes)));
const CONCURRENCY = Math.min(64, Math.max(1, Number(values.concurrency)));
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("bench:soak needs PostgreSQL: set DATABASE_URL=postgres://... (the soak measures the production set-up)");
  process.exit(1);
}

type Kind = "search" | "vdp" | "lead" | "import";
const MAKES = ["Toyota", "Ford", "Mazda", "Kia", "Hyundai"];

function records(n: number, round: number): FeedRow[] {
  return Array.from({ length: n }, (_, i) => ({
    ok: true as const,
    row: i + 1,
    record: StockRecordSchema.parse({ stock_number: `SOAK${i}`, car_type: "used", make: MAKES[i % MAKES.length], model: `Model ${i % 7}`, year: 2015 + (i % 10), price: 20000 + i * 10 + round, km: 10000 + i * 100 }),
  }));
}

async function main() {
  const handle = await openDatabase({ url, poolSize: 10 });
  await migrateDatabase(handle);
  const hook = await startWebhookReceiver();
  const received = hook.received;
  const slug = `soak-${randomUUID().slice(0, 8)}`;
  const [group] = await handle.db.insert(dealerGroups).values({ slug: `${slug}-group`, name: "Soak group" }).returning();
  const hookUrl = hook.url;
  const [row] = await handle.db
    .insert(sites)
    .values({ slug, name: "Soak Motors", dealerGroupId: group.id, config: { leads: { routing: [{ channel: "webhook", target: hookUrl }], rateLimitPerIpPerHour: 1_000_000, rateLimitPerSitePerHour: 1_000_000 } } })
    .returning();
  await handle.db.insert(locations).values({ siteId: row.id, dealerGroupId: group.id, slug: "main", name: "Soak Motors Parramatta", city: "Parramatta", state: "NSW", postcode: "2150", lat: -33.81, long: 151.0, locationType: "sales", primary: true });
  const site = (await getSiteBySlug(handle.db, slug))!;
  let round = 0;
  await importStock(handle.db, site, records(300, round));
  const slugs = (await handle.db.select({ slug: cars.slug }).from(cars).where(eq(cars.siteId, site.id))).map((c) => c.slug);

  const { app } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client", defaultSite: slug });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((ok) => server.once("listening", () => ok()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const channels = createLeadChannels({ from: "soak@forecourt.localhost", outboxDir: ".data/soak-outbox" });
  const worker = startDeliveryWorker(handle.db, channels, { intervalMs: 500 });

  const latencies: Record<Kind, number[]> = { search: [], vdp: [], lead: [], import: [] };
  const errors: Record<Kind, number> = { search: 0, vdp: 0, lead: 0, import: 0 };
  const accepted: string[] = [];
  const memory: { at: number; rss: number; heap: number }[] = [];
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  const sample = () => {
    const m = process.memoryUsage();
    memory.push({ at: Date.now() - started, rss: m.rss, heap: m.heapUsed });
  };
  sample();
  const sampler = setInterval(sample, 5_000);
  let importing = false;

  const pick = (): Kind => {
    const r = Math.random();
    return r < 0.4 ? "search" : r < 0.7 ? "vdp" : r < 0.9 ? "lead" : "import";
  };
  const get = async (path: string) => {
    // fetch cannot set Host: the app serves the soak site as its default site.
    const res = await fetch(base + path);
    await res.arrayBuffer();
    return res.status;
  };
  async function one(kind: Kind) {
    const t0 = performance.now();
    try {
      if (kind === "search") {
        const status = await get(`/search?make=${MAKES[Math.floor(Math.random() * MAKES.length)]}&page=${1 + Math.floor(Math.random() * 3)}`);
        if (status !== 200) errors.search++;
      } else if (kind === "vdp") {
        const status = await get(`/cars/${slugs[Math.floor(Math.random() * slugs.length)]}`);
        if (status >= 400) errors.vdp++;
      } else if (kind === "lead") {
        const message = `Soak ${randomUUID()}`;
        const res = await fetch(`${base}/cars/${slugs[Math.floor(Math.random() * slugs.length)]}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ name: "Soak", last_name: "Tester", postcode: "2150", phone: "0412 345 678", email: "soak@example.com", message, terms: "on" }),
        });
        await res.arrayBuffer();
        if (res.status === 302) accepted.push(message);
        else errors.lead++;
      } else {
        if (importing) return one("search");
        importing = true;
        try {
          await importStock(handle.db, site, records(300, ++round), { full: true });
        } finally {
          importing = false;
        }
      }
    } catch {
      errors[kind]++;
    }
    latencies[kind].push(performance.now() - t0);
  }
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) await one(pick());
    }),
  );
  clearInterval(sampler);
  sample();

  // Drain: every accepted lead stored and delivered.
  const drainStart = Date.now();
  for (;;) {
    const [{ pending }] = (await handle.db.select({ pending: sql<number>`count(*)::int` }).from(leadDeliveries).where(and(eq(leadDeliveries.siteId, site.id), sql`${leadDeliveries.status} <> 'sent'`))) as { pending: number }[];
    if (Number(pending) === 0 || Date.now() - drainStart > 60_000) break;
    await new Promise((ok) => setTimeout(ok, 500));
  }
  const stored = await handle.db.select({ id: leads.id, payload: leads.payload }).from(leads).where(eq(leads.siteId, site.id));
  const storedMessages = new Set(stored.map((l) => String(l.payload.message)));
  const notStored = accepted.filter((m) => !storedMessages.has(m)).length;
  const notDelivered = stored.filter((l) => (received.get(l.id) ?? 0) === 0).length;
  const deliveredTwice = [...received.values()].filter((n) => n > 1).length;

  const seconds = (Date.now() - started - (Date.now() - drainStart)) / 1000;
  const pct = (list: number[], p: number) => {
    const s = [...list].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
  };
  const total = Object.values(latencies).reduce((n, l) => n + l.length, 0);
  const all = Object.values(latencies).flat();
  const minute = (from: number, to: number) => memory.filter((m) => m.at >= from && m.at < to);
  const avg = (list: { rss: number; heap: number }[], k: "rss" | "heap") => list.reduce((n, m) => n + m[k], 0) / Math.max(1, list.length) / 1048576;
  const span = MINUTES * 60_000;
  const firstWindow = minute(0, Math.min(60_000, span / 3));
  const lastWindow = minute(span - Math.min(60_000, span / 3), span + 10_000);
  // Least-squares slope of heap (MB per minute) over the run, after the first window (warm-up).
  const warm = memory.filter((m) => m.at >= Math.min(60_000, span / 3));
  const mx = warm.reduce((n, m) => n + m.at, 0) / Math.max(1, warm.length);
  const my = warm.reduce((n, m) => n + m.heap, 0) / Math.max(1, warm.length);
  const slope = warm.reduce((n, m) => n + (m.at - mx) * (m.heap - my), 0) / Math.max(1, warm.reduce((n, m) => n + (m.at - mx) ** 2, 0));

  console.log(`soak on PostgreSQL: ${MINUTES} min, concurrency ${CONCURRENCY}, loopback`);
  console.log(`requests and imports: ${total} (${(total / seconds).toFixed(1)}/s); p50 ${pct(all, 50).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms`);
  for (const kind of Object.keys(latencies) as Kind[]) {
    console.log(`  ${kind.padEnd(7)} ${String(latencies[kind].length).padStart(7)}  p50 ${pct(latencies[kind], 50).toFixed(1).padStart(7)} ms  p99 ${pct(latencies[kind], 99).toFixed(1).padStart(7)} ms  errors ${errors[kind]}`);
  }
  console.log(`memory: RSS ${avg(firstWindow, "rss").toFixed(0)} -> ${avg(lastWindow, "rss").toFixed(0)} MB, heap ${avg(firstWindow, "heap").toFixed(0)} -> ${avg(lastWindow, "heap").toFixed(0)} MB, heap trend after warm-up ${((slope * 60_000) / 1048576).toFixed(2)} MB/min`);
  console.log(`leads: ${accepted.length} accepted, ${stored.length} stored, lost ${notStored} (accepted but not stored), undelivered ${notDelivered}, delivered twice ${deliveredTwice}`);

  await worker.stop();
  channels.close();
  server.close();
  hook.close();
  await handle.db.delete(sites).where(eq(sites.id, site.id));
  await handle.db.delete(dealerGroups).where(eq(dealerGroups.id, group.id));
  await handle.close();
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  process.exit(errorCount === 0 && notStored === 0 && notDelivered === 0 && deliveredTwice === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
