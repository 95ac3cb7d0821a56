/**
 * `npm run ops:prometheus-drill` (issue 55, docs/operations/README.md "Metrics and alerts"): starts
 * the production server with METRICS_PORT, a real Prometheus (Debian's `prometheus`) on loopback
 * scraping it every second, and a short autocannon load over a demo site's home page, SRP and VDP
 * (with PostgreSQL, DATABASE_URL, it also takes leads meanwhile, so the lead delivery lag has
 * something to show). Then it asks Prometheus for the requests per second by route and the lead
 * delivery figures, and prints them.
 *
 * Environment: DRILL_SECONDS (load length, default 20), DATABASE_URL (else PGlite in a temporary
 * folder, seeded with the demo sites on first start), PROMETHEUS (the binary, default
 * `prometheus`). @throws when Prometheus is missing or never scrapes the server.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import { BROWSER_HEADERS, ensureBuild, get, startServer } from "./bench/server";

/** What Prometheus answered after the load. */
export interface DrillResult {
  /** Requests per second by route pattern (rate over the load). */
  requestsPerSecondByRoute: Record<string, number>;
  /** Highest forecourt_lead_delivery_oldest_due_seconds seen during the run (s). */
  maxLeadDeliveryLagSeconds: number;
  /** forecourt_lead_deliveries by channel/status at the end. */
  leadDeliveries: Record<string, number>;
  /** Leads taken during the load (PostgreSQL only). */
  leadsTaken: number;
  /** Scrapes Prometheus made of the server (`up` samples). */
  scrapes: number;
}

/** The Prometheus binary on PATH, or null. */
export function prometheusBinary(): string | null {
  const binary = process.env.PROMETHEUS ?? "prometheus";
  return spawnSync(binary, ["--version"], { stdio: "ignore" }).status === 0 ? binary : null;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

async function query(promPort: number, expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const response = await fetch(`http://127.0.0.1:${promPort}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await response.json()) as { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
  if (body.status !== "success") throw new Error(`Prometheus query failed: ${expr}`);
  return body.data.result;
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null) return value;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Runs the drill.
 * @param options.seconds load length in seconds
 * @throws when Prometheus is not installed (check {@link prometheusBinary} first)
 */
export async function runPrometheusDrill(options: { seconds: number; log?: (line: string) => void }): Promise<DrillResult> {
  const log = options.log ?? (() => {});
  const binary = prometheusBinary();
  if (!binary) throw new Error("prometheus is not installed (Debian: apt-get install prometheus)");
  const dir = process.cwd();
  ensureBuild(dir);
  const work = mkdtempSync(join(tmpdir(), "forecourt-prometheus-"));
  const [port, metricsPort, promPort] = [await freePort(), await freePort(), await freePort()];
  const host = "perth-toyota.localhost";
  log(`server on ${port}, metrics on ${metricsPort}, Prometheus on ${promPort}`);
  const server = await startServer({
    dir,
    port,
    env: { METRICS_PORT: String(metricsPort), DATA_DIR: join(work, "pglite"), LEAD_OUTBOX_DIR: join(work, "outbox") },
  });
  writeFileSync(
    join(work, "prometheus.yml"),
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files:\n  - ${resolve("docs/operations/alerts.yml")}\nscrape_configs:\n  - job_name: forecourt\n    static_configs:\n      - targets: ["127.0.0.1:${metricsPort}"]\n`,
  );
  const prometheus = spawn(binary, [`--config.file=${join(work, "prometheus.yml")}`, `--storage.tsdb.path=${join(work, "tsdb")}`, `--web.listen-address=127.0.0.1:${promPort}`, "--log.level=warn"], { stdio: ["ignore", "ignore", "inherit"] });
  try {
    await until("Prometheus to scrape the server", async () => ((await query(promPort, 'up{job="forecourt"} == 1')).length ? true : null));
    const home = await get(port, "/", host);
    const vdp = /href="(\/cars\/[^"?#]+)"/.exec(home.body.toString())?.[1];
    if (!vdp) throw new Error("no VDP link on the demo home page");
    const paths = ["/", "/search", "/search?make=Toyota&sort=price-asc", vdp];
    // One request each first: the read model is built and every route's series exists before the load.
    for (const path of paths) await get(port, path, host);
    let leadsTaken = 0;
    let taking: Promise<void> = Promise.resolve();
    let loading = true;
    if (process.env.DATABASE_URL) {
      // Leads go through the app's own service into the outbox (the server's worker sends them).
      const [{ openDatabase }, { getSiteBySlug }, { submitLead }, { leadFormSchema }] = await Promise.all([
        import("../db/client"),
        import("../app/services/sites.server"),
        import("../app/services/leads.server"),
        import("../app/forms/lead-forms"),
      ]);
      const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
      const site = await getSiteBySlug(database.db, "perth-toyota");
      taking = (async () => {
        while (loading && site) {
          const values = leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
            name: "Drill", last_name: "Lead", postcode: "6000", phone: "0412 345 678", email: `drill-${Date.now()}@example.com`, message: "Prometheus drill", terms: true,
          });
          const result = await submitLead(database.db, site, { form: "enquiry", values, category: "General Enquiry", subcategory: null, car: null, ip: `198.51.100.${leadsTaken % 250}`, userAgent: "prometheus-drill", url: null, now: Date.now() });
          if (result.kind === "accepted") leadsTaken++;
          await new Promise((r) => setTimeout(r, 500));
        }
        await database.close();
      })();
    }
    const started = Date.now();
    const loads = (await Promise.all(
      paths.map((path) => autocannon({ url: `http://127.0.0.1:${port}${path}`, headers: { ...BROWSER_HEADERS, host }, connections: 2, duration: options.seconds, timeout: 60 })),
    )) as { requests: { total: number }; non2xx: number; errors: number; timeouts: number }[];
    loads.forEach((r, i) => log(`${paths[i]}: ${r.requests.total} requests, ${r.non2xx} not 2xx, ${r.errors} errors, ${r.timeouts} timeouts`));
    loading = false;
    await taking;
    // Two more scrapes after the load, so the rate covers all of it.
    await new Promise((r) => setTimeout(r, 2500));
    const window = `${Math.ceil((Date.now() - started) / 1000) + 2}s`;
    const byRoute = await query(promPort, `sum by (route) (rate(forecourt_http_request_duration_seconds_count[${window}]))`);
    const lag = await query(promPort, `max(max_over_time(forecourt_lead_delivery_oldest_due_seconds[${window}]))`);
    const deliveries = await query(promPort, "sum by (channel, status) (forecourt_lead_deliveries)");
    const scrapes = await query(promPort, `count_over_time(up{job="forecourt"}[${window}])`);
    return {
      requestsPerSecondByRoute: Object.fromEntries(byRoute.map((r) => [r.metric.route, Math.round(Number(r.value[1]) * 100) / 100])),
      maxLeadDeliveryLagSeconds: Number(lag[0]?.value[1] ?? 0),
      leadDeliveries: Object.fromEntries(deliveries.map((r) => [`${r.metric.channel}/${r.metric.status}`, Number(r.value[1])])),
      leadsTaken,
      scrapes: Number(scrapes[0]?.value[1] ?? 0),
    };
  } finally {
    prometheus.kill("SIGTERM");
    await server.stop();
    await new Promise<void>((ok) => (prometheus.exitCode !== null ? ok() : prometheus.once("exit", () => ok())));
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!prometheusBinary()) {
    console.log("prometheus is not installed (Debian: apt-get install prometheus): drill skipped");
    process.exit(0);
  }
  const result = await runPrometheusDrill({ seconds: Number(process.env.DRILL_SECONDS ?? 20), log: (line) => console.log(line) });
  console.log(JSON.stringify(result, null, 2));
}
