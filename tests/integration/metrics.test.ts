/**
 * Issue 55: Prometheus metrics over real HTTP. The app serves shoppers on one port and never
 * /metrics; the metrics listener (server/metrics.ts) serves the figures: requests by route
 * pattern (never the raw URL), status class and bounded site label, page cache, search, lead
 * deliveries, reservations, pool and process. Decision 244: with 5,000 sites the site label stays
 * bounded.
 */
import { request as httpRequest, Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leadFormSchema } from "../../app/forms/lead-forms";
import { submitLead } from "../../app/services/leads.server";
import { createApp } from "../../server/app";
import { SiteLabels, startMetricsServer, statusClass } from "../../server/metrics";
import { loadBuild, startTestApp } from "./app-harness";
import { ENGINE, openTestDatabase } from "./database";

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** GET `path` from 127.0.0.1:`port` with the Host header `host` (fetch cannot set Host). */
function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host }, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** The value of the sample line `name{labels}` (labels exactly as printed), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The distinct values of `label` over the samples of `metric`. */
function labelValues(text: string, metric: string, label: string): Set<string> {
  const values = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${metric}{`)) continue;
    const match = new RegExp(`[{,]${label}="([^"]*)"`).exec(line);
    if (match) values.add(match[1]);
  }
  return values;
}

function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<{ port: number; close: () => Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  return new Promise((ok) =>
    server.once("listening", () => ok({ port: (server.address() as AddressInfo).port, close: () => new Promise<void>((done) => server.close(() => done())) })),
  );
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  agent.destroy();
  await handle?.close();
});

describe(`metrics (${ENGINE})`, () => {
  it("serves route patterns, site, page cache, search, lead delivery, reservation, pool and process figures on the metrics port only", async () => {
    const test = await startTestApp(handle);
    const { app, pageCache } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client", metrics: { siteLabels: 500 } });
    const web = await listen(app);
    const metrics = await startMetricsServer({ port: 0, host: "127.0.0.1", sources: { database: handle, pageCache: () => pageCache!.stats() } });
    try {
      expect((await get(web.port, test.host, `/cars/${test.carSlug}`)).status).toBe(200);
      expect((await get(web.port, test.host, `/cars/${test.carSlug}`)).status).toBe(200);
      expect((await get(web.port, test.host, "/search?make=Toyota")).status).toBe(200);
      // Many raw URLs, one route pattern.
      for (let i = 0; i < 20; i++) expect((await get(web.port, test.host, `/cars/no-such-car-${i}`)).status).toBe(404);
      // Never on a dealer's host: the shopper port has no /metrics.
      const onSite = await get(web.port, test.host, "/metrics");
      expect(onSite.status).toBe(404);
      expect(onSite.body).not.toContain("forecourt_http_request_duration_seconds");

      const values = leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
        name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412 345 678", email: "jane@example.com", message: "Metrics", terms: true,
      });
      const lead = await submitLead(handle.db, test.site, { form: "enquiry", values, category: "General Enquiry", subcategory: null, car: null, ip: "203.0.113.9", userAgent: "vitest", url: null, now: Date.now() });
      expect(lead.kind).toBe("accepted");
      // Make the delivery due 20 minutes ago: the oldest-due gauge shows at least that age.
      await handle.db.execute(sql`update lead_deliveries set next_attempt_at = now() - interval '20 minutes' where lead_id = ${lead.kind === "accepted" ? lead.leadId : 0}`);

      const scrape = await get(metrics.port, "127.0.0.1", "/metrics");
      expect(scrape.status).toBe(200);
      const text = scrape.body;
      expect(sample(text, 'forecourt_http_request_duration_seconds_count{method="GET",route="/cars/:slug",status_class="2xx"}')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'forecourt_http_request_duration_seconds_count{method="GET",route="/cars/:slug",status_class="4xx"}')).toBeGreaterThanOrEqual(20);
      expect(sample(text, 'forecourt_http_request_duration_seconds_count{method="GET",route="/search",status_class="2xx"}')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain("no-such-car");
      expect(text).not.toContain(test.carSlug);
      expect(sample(text, `forecourt_site_http_requests_total{site="${test.site.slug}",status_class="2xx"}`)).toBeGreaterThanOrEqual(3);
      expect(sample(text, "forecourt_page_cache_hits_total")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "forecourt_page_cache_misses_total")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "forecourt_search_duration_seconds_count")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "forecourt_search_read_model_build_seconds_count")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "forecourt_search_read_model_sites")).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'forecourt_search_read_model_bytes{kind="held"}')).toBeGreaterThan(0);
      expect(sample(text, 'forecourt_search_read_model_bytes{kind="budget"}')).toBe(1024 * 1024 * 1024);
      expect(sample(text, 'forecourt_lead_deliveries{channel="email",status="due"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'forecourt_lead_deliveries{channel="webhook",status="dead"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, "forecourt_lead_delivery_oldest_due_seconds")).toBeGreaterThanOrEqual(20 * 60);
      expect(sample(text, "forecourt_reservations_held")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "forecourt_reservations_expiring")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "forecourt_ready")).toBe(1);
      expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
      expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
      if (ENGINE === "postgres") expect(sample(text, 'forecourt_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      else expect(text).not.toContain('forecourt_db_pool_connections{state="total"}');

      // Anything but GET /metrics is not served.
      expect((await get(metrics.port, "127.0.0.1", "/")).status).toBe(404);
      await handle.db.execute(sql`delete from lead_deliveries where lead_id = ${lead.kind === "accepted" ? lead.leadId : 0}`);
    } finally {
      await metrics.close();
      await web.close();
    }
  });

  // The labels do not depend on the engine; on PostgreSQL 5,000 more sites would slow every other
  // test's site list, so this runs on the embedded database only.
  it.skipIf(ENGINE === "postgres")("5,000 sites and any Host headers give at most (site label limit + 2) site labels", { timeout: 240_000 }, async () => {
    const own = handle;
    {
      await own.db.execute(sql`insert into sites (slug, name) select 'm' || g, 'Metrics site ' || g from generate_series(1, 5000) g`);
      const limit = 50;
      const { app } = createApp({ database: own, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), metrics: { siteLabels: limit } });
      const web = await listen(app);
      const metrics = await startMetricsServer({ port: 0, host: "127.0.0.1", sources: { database: own } });
      try {
        const before = labelValues((await get(metrics.port, "127.0.0.1", "/metrics")).body, "forecourt_site_http_requests_total", "site");
        const hosts = [...Array.from({ length: 5000 }, (_, i) => `m${i + 1}.localhost`), ...Array.from({ length: 200 }, (_, i) => `unknown-${i}.example`)];
        let next = 0;
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            while (next < hosts.length) {
              const host = hosts[next++];
              expect((await get(web.port, host, "/healthz")).status).toBe(200);
            }
          }),
        );
        const text = (await get(metrics.port, "127.0.0.1", "/metrics")).body;
        const after = labelValues(text, "forecourt_site_http_requests_total", "site");
        const added = [...after].filter((v) => !before.has(v));
        expect(added.length).toBeLessThanOrEqual(limit + 2);
        expect(after.has("other")).toBe(true);
        expect(after.has("none")).toBe(true);
        expect([...after].some((v) => v.startsWith("unknown-"))).toBe(false);
        expect(sample(text, 'forecourt_site_http_requests_total{site="other",status_class="2xx"}')).toBeGreaterThanOrEqual(5000 - limit);
        expect(sample(text, 'forecourt_site_http_requests_total{site="none",status_class="2xx"}')).toBeGreaterThanOrEqual(200);
        // The histogram has no site label at all: one series set for /healthz.
        expect(labelValues(text, "forecourt_http_request_duration_seconds_count", "site").size).toBe(0);
      } finally {
        await metrics.close();
        await web.close();
      }
    }
  });

  it("labels: sites beyond the limit are 'other', no site is 'none'; status classes", () => {
    const labels = new SiteLabels(2);
    expect([labels.label("a"), labels.label("b"), labels.label("c"), labels.label("a"), labels.label(null)]).toEqual(["a", "b", "other", "a", "none"]);
    expect([200, 304, 404, 499, 500, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "4xx", "5xx", "5xx"]);
  });
});
