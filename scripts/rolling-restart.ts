/**
 * `npm run ops:rolling-restart` (issue 55 item 6, docs/operations/README.md "Several nodes behind
 * haproxy"): two (or more) app nodes on one PostgreSQL behind a real haproxy on loopback, which
 * health-checks each node's /readyz, under a steady load of page views and lead posts. Each node
 * in turn gets SIGTERM, drains (SHUTDOWN_DRAIN_MS: /readyz answers 503 so haproxy takes it out
 * while it still serves, decision 220), stops, and is started again; the next waits until
 * haproxy has it back. Then it counts:
 *
 * - failed requests: a network error, a 5xx, or a lead post not answered with the success
 *   redirect;
 * - lost leads: accepted leads (redirected to /success) that are not in the database or have no
 *   delivery job.
 *
 * The goal is 0 and 0. Nodes are sticky-free: any node answers any request (sessions and rate
 * limits live in the database).
 *
 * As a script it writes a drill site (`drill-…`, high lead rate limits, a few cars) to
 * DATABASE_URL, so point it at a scratch database. Environment: DATABASE_URL (required),
 * DRILL_SECONDS (load after the restarts, default 30), DRILL_NODES (default 2), DRILL_PORT
 * (haproxy's port; the stats page is the next one, nodes the two after; default 6436),
 * HAPROXY (the binary, default /usr/sbin/haproxy). tests/integration/rolling-restart.test.ts runs
 * the same drill briefly.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export interface RollingRestartOptions {
  databaseUrl: string;
  /** The Host header of the site under load (it must exist with stock, and allow many leads per client). */
  host: string;
  /** A VDP path of that site (`/cars/…`). */
  carPath: string;
  /** haproxy's port; its stats page listens on port + 1 and the nodes on port + 2 onwards. */
  port: number;
  nodes?: number;
  /** Parallel clients (default 4). */
  concurrency?: number;
  /** Every n-th request is a lead post (default 4). */
  leadEvery?: number;
  /** SHUTDOWN_DRAIN_MS of each node (default 3,000). */
  drainMs?: number;
  /** Load kept up before the first restart and after the last (s, default 2). */
  settleSeconds?: number;
  haproxy?: string;
  log?: (line: string) => void;
}

export interface RollingRestartReport {
  requests: number;
  /** Requests that failed (network error, 5xx, or a lead not accepted), with a sample of reasons. */
  failed: number;
  failures: string[];
  leadsPosted: number;
  leadsAccepted: number;
  /** Accepted leads missing from the database or without a delivery job. */
  leadsLost: number;
  restarts: number;
  /** Requests answered by each node, by haproxy's server name (from its X-Served-By header). */
  byNode: Record<string, number>;
  seconds: number;
}

/** The haproxy binary, or null when it is not installed. */
export function haproxyBinary(): string | null {
  const binary = process.env.HAPROXY ?? "/usr/sbin/haproxy";
  return spawnSync(binary, ["-v"], { stdio: "ignore" }).status === 0 ? binary : null;
}

/** haproxy configuration: round robin, /readyz health checks, redispatch of a refused connection. */
export function haproxyConfig(port: number, nodePorts: number[]): string {
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 2s
  # A connection the node refused (it stopped listening) is tried on another node; a request
  # already sent is never sent twice (leads are not idempotent).
  retries 3
  option redispatch
  retry-on conn-failure
  # One request per server connection: no idle keep-alive connection is closed under a request.
  option http-server-close
frontend site
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  http-response set-header X-Served-By %s
  default-server inter 500ms fall 2 rise 2
${nodePorts.map((p, i) => `  server node${i + 1} 127.0.0.1:${p} check`).join("\n")}
listen stats
  bind 127.0.0.1:${port + 1}
  stats enable
  stats uri /stats
`;
}

interface Answer {
  status: number;
  location: string | undefined;
  node: string | undefined;
}

function send(agent: Agent, port: number, host: string, path: string, body?: string): Promise<Answer> {
  return new Promise((ok, fail) => {
    const headers: Record<string, string> = { host };
    if (body !== undefined) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), origin: `http://${host}` });
    const req = request({ host: "127.0.0.1", port, path, method: body === undefined ? "GET" : "POST", headers, agent }, (res) => {
      res.resume();
      res.on("end", () => ok({ status: res.statusCode ?? 0, location: res.headers.location, node: res.headers["x-served-by"] as string | undefined }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end(body);
  });
}

/** haproxy's view of each server: name -> status (UP, DOWN, ...), from its stats CSV. */
async function haproxyStatus(statsPort: number): Promise<Record<string, string>> {
  const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
  const lines = (await response.text()).split("\n");
  const header = lines[0].replace(/^# /, "").split(",");
  const name = header.indexOf("svname");
  const status = header.indexOf("status");
  const out: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const cells = line.split(",");
    if (cells[0] === "app" && cells[name] !== "BACKEND") out[cells[name]] = cells[status];
  }
  return out;
}

async function until(what: string, check: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not there yet
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

/**
 * Runs the drill; see the module comment.
 * @throws when haproxy is not installed, or a node or haproxy does not come up within two minutes
 */
export async function runRollingRestart(options: RollingRestartOptions): Promise<RollingRestartReport> {
  const haproxy = options.haproxy ?? haproxyBinary();
  if (!haproxy) throw new Error("haproxy is not installed (apt-get install haproxy)");
  const log = options.log ?? (() => {});
  const nodeCount = options.nodes ?? 2;
  const nodePorts = Array.from({ length: nodeCount }, (_, i) => options.port + 2 + i);
  const statsPort = options.port + 1;
  const dir = mkdtempSync(join(tmpdir(), "forecourt-rolling-"));
  const run = Date.now().toString(36);
  const nodes: Node[] = [];

  const startNode = async (index: number): Promise<Node> => {
    const name = `node${index + 1}`;
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(nodePorts[index]),
        HOST: "127.0.0.1",
        SEED_DEMO: "0",
        LOG_LEVEL: "warn",
        LEAD_WORKER: "1",
        TRUST_PROXY: "1",
        SHUTDOWN_DRAIN_MS: String(options.drainMs ?? 3_000),
        // Each node its own folders (admin socket, lead e-mail outbox) as on separate machines.
        DATA_DIR: join(dir, name),
        LEAD_OUTBOX_DIR: join(dir, `${name}-outbox`),
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const node: Node = { name, port: nodePorts[index], child, output: "", exited: new Promise((ok) => child.once("exit", (code) => ok(code))) };
    child.stdout!.on("data", (d) => (node.output += d));
    child.stderr!.on("data", (d) => (node.output += d));
    await Promise.race([
      until(`${name} to run`, async () => node.output.includes("Forecourt is running")),
      node.exited.then((code) => {
        throw new Error(`${name} exited (${code}) before it ran:\n${node.output}`);
      }),
    ]);
    return node;
  };

  writeFileSync(join(dir, "haproxy.cfg"), haproxyConfig(options.port, nodePorts));
  const balancer = spawn(haproxy, ["-f", join(dir, "haproxy.cfg"), "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let balancerOutput = "";
  balancer.stdout!.on("data", (d) => (balancerOutput += d));
  balancer.stderr!.on("data", (d) => (balancerOutput += d));

  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency ?? 4 });
  const accepted: string[] = [];
  const failures: string[] = [];
  const byNode: Record<string, number> = {};
  let requests = 0;
  let leadsPosted = 0;
  let stopLoad = false;
  let load: Promise<void>[] = [];
  let restarts = 0;
  let loadStarted = 0;
  try {
    // One after the other: the first start builds the app when the sources are newer than the build.
    for (let i = 0; i < nodeCount; i++) nodes.push(await startNode(i));
    await until("haproxy to see every node up", async () => Object.values(await haproxyStatus(statsPort)).filter((s) => s === "UP").length === nodeCount);
    log(`haproxy on 127.0.0.1:${options.port}, ${nodeCount} nodes up; load starts`);

    const paths = ["/", "/search", options.carPath, "/search/used-cars"];
    const leadEvery = options.leadEvery ?? 4;
    const client = async (c: number) => {
      for (let i = 0; !stopLoad; i++) {
        const n = requests++;
        const isLead = n % leadEvery === leadEvery - 1;
        const email = `drill-${run}-${n}@example.com`;
        const path = isLead ? "/enquiries/new-vehicle-enquiry" : paths[(i + c) % paths.length];
        const body = isLead
          ? new URLSearchParams({ name: "Drill", last_name: `Client ${c}`, postcode: "2150", phone: "0412 345 678", email, message: `Rolling restart drill ${n}`, terms: "on" }).toString()
          : undefined;
        if (isLead) leadsPosted++;
        try {
          const answer = await send(agent, options.port, options.host, path, body);
          if (answer.node) byNode[answer.node] = (byNode[answer.node] ?? 0) + 1;
          if (isLead && answer.status === 302 && answer.location?.startsWith("/success")) accepted.push(email);
          else if (isLead || answer.status >= 500) failures.push(`${answer.status} ${isLead ? "POST" : "GET"} ${path}`);
        } catch (error) {
          failures.push(`${(error as Error).message} ${isLead ? "POST" : "GET"} ${path}`);
        }
      }
    };
    loadStarted = Date.now();
    load = Array.from({ length: options.concurrency ?? 4 }, (_, c) => client(c));
    const settle = () => new Promise((ok) => setTimeout(ok, (options.settleSeconds ?? 2) * 1000));
    await settle();

    for (let i = 0; i < nodeCount; i++) {
      const old = nodes[i];
      log(`${old.name}: SIGTERM (drain ${options.drainMs ?? 3_000} ms)`);
      old.child.kill("SIGTERM");
      await until(`haproxy to take ${old.name} out`, async () => (await haproxyStatus(statsPort))[old.name] !== "UP");
      const code = await old.exited;
      if (code !== 0) throw new Error(`${old.name} exited with ${code}:\n${old.output}`);
      log(`${old.name}: stopped (exit 0); starting again`);
      nodes[i] = await startNode(i);
      await until(`haproxy to take ${old.name} back`, async () => (await haproxyStatus(statsPort))[old.name] === "UP");
      restarts++;
      log(`${old.name}: back in haproxy`);
    }
    await settle();
  } finally {
    stopLoad = true;
    await Promise.all(load);
    agent.destroy();
  }
  const seconds = (Date.now() - loadStarted) / 1000;
  try {
    const leadsLost = await countLostLeads(options.databaseUrl, accepted);
    return { requests, failed: failures.length, failures: failures.slice(0, 20), leadsPosted, leadsAccepted: accepted.length, leadsLost, restarts, byNode, seconds };
  } finally {
    for (const node of nodes) node.child.kill("SIGKILL");
    balancer.kill("SIGKILL");
    await Promise.all(nodes.map((n) => n.exited));
    rmSync(dir, { recursive: true, force: true });
    if (balancer.exitCode === null && balancer.signalCode === null) await new Promise((ok) => balancer.once("exit", ok));
    void balancerOutput;
  }
}

/** Accepted leads (by e-mail) that are not in the database, or have no delivery job. */
async function countLostLeads(databaseUrl: string, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const { openDatabase } = await import("../db/client.ts");
  const { leads, leadDeliveries } = await import("../db/schema/index.ts");
  const { eq, inArray } = await import("drizzle-orm");
  const handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const found = await handle.db.selectDistinct({ email: leads.email }).from(leads).innerJoin(leadDeliveries, eq(leadDeliveries.leadId, leads.id)).where(inArray(leads.email, emails));
    const present = new Set(found.map((row) => row.email));
    return emails.filter((email) => !present.has(email)).length;
  } finally {
    await handle.close();
  }
}

/** The drill site the script creates: a dealer group, site, location and a few cars. */
async function createDrillSite(databaseUrl: string): Promise<{ host: string; carPath: string }> {
  const [{ openDatabase }, { migrateDatabase }, schema, { getSiteBySlug }, { importStock }, { StockRecordSchema }, { eq }] = await Promise.all([
    import("../db/client.ts"),
    import("../db/migrate.ts"),
    import("../db/schema/index.ts"),
    import("../app/services/sites.server.ts"),
    import("../app/services/stock-import.server.ts"),
    import("../app/import/stock-record.ts"),
    import("drizzle-orm"),
  ]);
  const handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    await migrateDatabase(handle);
    const slug = `drill-${Date.now().toString(36)}`;
    const [group] = await handle.db.insert(schema.dealerGroups).values({ slug: `${slug}-group`, name: `Drill group ${slug}` }).returning();
    const config = { leads: { defaultEmail: "drill@example.com", rateLimitPerIpPerHour: 1_000_000, rateLimitPerSitePerHour: 1_000_000 } };
    const [site] = await handle.db.insert(schema.sites).values({ slug, name: `Rolling restart drill ${slug}`, hosts: [], dealerGroupId: group.id, config }).returning();
    await handle.db.insert(schema.locations).values({ siteId: site.id, dealerGroupId: group.id, slug: "main", name: "Drill location", city: "Parramatta", state: "NSW", postcode: "2150", lat: -33.8136, long: 151.0034, locationType: "sales", manufacturers: [], primary: true });
    const models = [["Toyota", "HiLux"], ["Ford", "Ranger"], ["Mazda", "CX-5"], ["Kia", "Sportage"]];
    const records = models.map(([make, model], i) =>
      StockRecordSchema.parse({ stock_number: `DRILL${i}`, car_type: "used", make, model, year: 2021, price: 29_990 + i * 1_000, km: 40_000, body: "SUV", fuel: "Unleaded", transmission: "Automatic", colour: "White", listing_suburb: "Parramatta", listing_state: "NSW" }),
    );
    await importStock(handle.db, (await getSiteBySlug(handle.db, slug))!, records.map((record, i) => ({ ok: true as const, row: i + 1, record })));
    const [car] = await handle.db.select({ slug: schema.cars.slug }).from(schema.cars).where(eq(schema.cars.siteId, site.id)).limit(1);
    return { host: `${slug}.localhost`, carPath: `/cars/${car.slug}` };
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("DATABASE_URL is required: several nodes need PostgreSQL (the drill writes a drill site there; use a scratch database).");
    process.exit(1);
  }
  if (!haproxyBinary()) {
    console.error("haproxy is not installed (apt-get install haproxy); set HAPROXY to its path.");
    process.exit(1);
  }
  const { host, carPath } = await createDrillSite(databaseUrl);
  const report = await runRollingRestart({
    databaseUrl,
    host,
    carPath,
    port: Number(process.env.DRILL_PORT ?? 6436),
    nodes: Number(process.env.DRILL_NODES ?? 2),
    settleSeconds: Number(process.env.DRILL_SECONDS ?? 30) / 2,
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(report, null, 2));
  console.log(`rolling restart of ${report.restarts} nodes under load: ${report.requests} requests in ${report.seconds.toFixed(0)} s, ${report.failed} failed; ${report.leadsAccepted} of ${report.leadsPosted} leads accepted, ${report.leadsLost} lost`);
  process.exit(report.failed === 0 && report.leadsLost === 0 ? 0 : 1);
}
