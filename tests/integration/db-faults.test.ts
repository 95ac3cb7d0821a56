/**
 * Database faults with real transactions (issue 16, docs/decisions/034 and 160): the app's
 * PostgreSQL link runs through a loopback TCP proxy that is cut while leads and stock imports
 * are inside their transactions. The process must keep running and serving, a failed import
 * must leave nothing behind (all or nothing), every accepted lead has its delivery jobs, and
 * after the link is back everything works again.
 *
 * Needs PostgreSQL (DATABASE_URL): PGlite runs in-process and has no connection to cut.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { cars, leadDeliveries, leads } from "../../db/schema/index";
import { leadFormSchema } from "../../app/forms/lead-forms";
import { submitLead } from "../../app/services/leads.server";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp } from "../../server/app";
import { createTestSite, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

const url = process.env.DATABASE_URL;
const reason = "needs PostgreSQL (DATABASE_URL): PGlite runs in-process and has no connection to cut";

describe.skipIf(!url)(`database faults with transactions (postgres) ${url ? "" : `-- skipped: ${reason}`}`, () => {
  let direct: DatabaseHandle;
  let proxied: DatabaseHandle;
  let proxy: TcpProxy;
  let fetchApp: (path: string, host: string, init?: RequestInit) => Promise<Response>;
  let siteList: ReturnType<typeof createApp>["sites"];

  beforeAll(async () => {
    direct = await openTestDatabase();
    const target = new URL(url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    proxied = await openDatabase({ url: viaProxy.toString(), poolSize: 6 });
    const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
    const { app, sites: resolver } = createApp({ database: proxied, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" });
    siteList = resolver;
    fetchApp = async (path, host, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("host", host);
      return app.fetch(new Request(`http://${host}${path}`, { ...init, headers }));
    };
  });
  afterAll(async () => {
    await proxied?.close();
    await proxy?.close();
    await direct?.close();
  });

  it("an import cut mid-transaction stores nothing; the same import succeeds after the link is back", async () => {
    const site = await createTestSite(direct);
    const rows = feed(Array.from({ length: 60 }, () => stockRecord()));
    let cutDone = false;
    const attempt = importStock(proxied.db, site, rows, {
      batchSize: 5,
      onProgress: (done) => {
        // Two batches are written inside the transaction: now the connection goes away.
        if (done === 10 && !cutDone) {
          cutDone = true;
          proxy.cut();
        }
      },
    });
    await expect(attempt).rejects.toThrow();
    expect(cutDone).toBe(true);
    expect(await direct.db.select({ id: cars.id }).from(cars).where(eq(cars.siteId, site.id))).toHaveLength(0);

    // While the database is unreachable the process still answers.
    expect((await fetchApp("/healthz", `${site.slug}.localhost`)).status).toBe(200);
    expect((await fetchApp("/readyz", `${site.slug}.localhost`)).status).toBe(503);

    proxy.restore();
    const summary = await importStock(proxied.db, site, rows, { batchSize: 5 });
    expect(summary.created).toBe(60);
    expect(await direct.db.select({ id: cars.id }).from(cars).where(eq(cars.siteId, site.id))).toHaveLength(60);
    expect((await fetchApp("/readyz", `${site.slug}.localhost`)).status).toBe(200);
  });

  it("leads cut mid-flight are either stored with their delivery jobs or clearly failed; the process keeps serving", async () => {
    const site: Site = await createTestSite(direct, { config: { leads: { defaultEmail: "sales@dealer.test", rateLimitPerIpPerHour: 10_000, rateLimitPerSitePerHour: 10_000 } } });
    const values = (i: number) =>
      leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
        name: "Jane",
        last_name: "Citizen",
        postcode: "2150",
        phone: "0412 345 678",
        email: `jane${i}@example.com`,
        message: `Fault test lead ${i}`,
        terms: true,
      });
    const submit = (i: number) =>
      submitLead(proxied.db, site, { form: "enquiry", values: values(i), category: "Used Car Enquiry", subcategory: null, car: null, ip: "203.0.113.9", userAgent: "vitest", url: null, now: Date.now() });

    // Several rounds: start a burst of leads, cut the link while they run, restore.
    const outcomes: PromiseSettledResult<Awaited<ReturnType<typeof submit>>>[] = [];
    for (let round = 0; round < 4; round++) {
      const burst = Array.from({ length: 12 }, (_, i) => submit(round * 100 + i));
      await new Promise((ok) => setImmediate(ok));
      proxy.cut();
      outcomes.push(...(await Promise.allSettled(burst)));
      proxy.restore();
    }
    const failed = outcomes.filter((o) => o.status === "rejected").length;
    expect(failed).toBeGreaterThan(0);

    const stored = await direct.db.select().from(leads).where(eq(leads.siteId, site.id));
    const accepted = outcomes.flatMap((o) => (o.status === "fulfilled" && o.value.kind === "accepted" ? [o.value.leadId] : []));
    // Every accepted lead is stored; no stored lead lacks its delivery job.
    for (const id of accepted) expect(stored.map((l) => l.id)).toContain(id);
    for (const lead of stored) expect(await direct.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id))).toHaveLength(1);

    // After the link is back, a new lead is accepted and the app serves pages.
    const after = await submit(999);
    expect(after.kind).toBe("accepted");
    expect((await fetchApp("/readyz", `${site.slug}.localhost`)).status).toBe(200);
    expect((await fetchApp("/", `${site.slug}.localhost`)).status).toBe(200);
  });

  it("with the link cut during the site-list refresh, a lead post gets the form's 503 message and its input back, not a bare 500 (issue 51 section 1, spec 8)", async () => {
    const site = await createTestSite(direct, { config: { leads: { defaultEmail: "sales@dealer.test", rateLimitPerIpPerHour: 10_000, rateLimitPerSitePerHour: 10_000 } } });
    const host = `${site.slug}.localhost`;
    // The node has seen the site (its list is loaded), then the database goes away and the
    // list is due for a refresh (as after its 5 s or a newer version seen by the page cache).
    siteList.invalidate();
    expect((await fetchApp("/healthz", host)).status).toBe(200);
    expect((await siteList.forHost(host))?.slug).toBe(site.slug);
    proxy.cut();
    try {
      siteList.invalidate();
      const fields = { __page: "general-enquiry", name: "Jane", last_name: "Outage", postcode: "2150", phone: "0412 345 678", email: "jane.outage@example.com", message: "Kept through the outage", category: "Sales Enquiry", terms: "on", _js: "1" };
      // The enhanced form posts to the route's .data URL (React Router single fetch).
      const response = await fetchApp("/contact-us.data", host, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${host}` },
        body: new URLSearchParams(fields).toString(),
      });
      const body = await response.text();
      expect(response.status, body.slice(0, 400)).toBe(503);
      expect(response.headers.get("x-remix-response")).toBe("yes");
      expect(body).toContain("An unexpected error occured");
      // What the shopper typed comes back with the answer (a no-JS page or a remount shows it).
      expect(body).toContain("Kept through the outage");
      expect(body).toContain("jane.outage@example.com");
      expect(body).not.toContain("Something went wrong");
    } finally {
      proxy.restore();
    }
    siteList.invalidate();
    expect((await fetchApp("/readyz", host)).status).toBe(200);
  });
});

