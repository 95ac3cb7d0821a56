/**
 * Issue 16 defect 8: a site must not accept leads it cannot route. A site with no routing rule
 * and no `leads.defaultEmail` delivers to its own enquiry address (primary location's email,
 * else enquiries@{domain}); dead deliveries are visible in /metrics and `npm run leads -- summary`.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leadDeliveries, locations } from "../../db/schema/index";
import { routingGaps } from "../../app/domain/leads/routing";
import { leadFormSchema } from "../../app/forms/lead-forms";
import { deliverySummary } from "../../app/services/lead-delivery.server";
import { submitLead } from "../../app/services/leads.server";
import type { Site } from "../../app/sites/site";
import { SiteConfigSchema } from "../../app/sites/site-config";
import { createApp } from "../../server/app";
import { startMetricsServer } from "../../server/metrics";
import { createTestSite, ENGINE, openTestDatabase } from "./database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

function lead(site: Site, message = "Hello") {
  const values = leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
    name: "Jane",
    last_name: "Citizen",
    postcode: "2150",
    phone: "0412 345 678",
    email: "jane@example.com",
    message,
    terms: true,
  });
  return submitLead(handle.db, site, { form: "enquiry", values, category: "General Enquiry", subcategory: null, car: null, ip: "203.0.113.9", userAgent: "vitest", url: null, now: Date.now() });
}

async function jobsOf(leadId: number) {
  return (await handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId))).map((d) => [d.channel, d.target, d.status]);
}

describe(`lead routing fallback (${ENGINE})`, () => {
  it("a site without routes or defaultEmail sends leads to its primary location's email, pending (not dead)", async () => {
    const site = await createTestSite(handle, { locations: [{ slug: "main", primary: true }, { slug: "other" }] });
    await handle.db.update(locations).set({ email: "main@dealer.test" }).where(eq(locations.siteId, site.id));
    const result = await lead(site);
    if (result.kind !== "accepted") throw new Error(result.message);
    expect(await jobsOf(result.leadId)).toEqual([["email", "main@dealer.test", "pending"]]);
  });

  it("with no location email either, the site's own enquiry address takes the lead", async () => {
    const site = await createTestSite(handle, { hosts: ["www.fallback-motors.example"] });
    const result = await lead(site);
    if (result.kind !== "accepted") throw new Error(result.message);
    expect(await jobsOf(result.leadId)).toEqual([["email", "enquiries@fallback-motors.example", "pending"]]);
  });

  it("the schema refuses routes that cannot deliver, and start-up sees the gaps", () => {
    expect(SiteConfigSchema.safeParse({ leads: { routing: [{ channel: "webhook", target: "javascript:alert(1)" }] } }).success).toBe(false);
    expect(SiteConfigSchema.safeParse({ leads: { routing: [{ channel: "email", target: "not an address" }] } }).success).toBe(false);
    expect(SiteConfigSchema.safeParse({ leads: { defaultEmail: "nope" } }).success).toBe(false);
    const parsed = SiteConfigSchema.parse({ leads: { routing: [{ channel: "email", target: "sales@d.test", departments: ["sales"] }] } });
    expect(routingGaps(parsed.leads)).toEqual(["service", "parts"]);
    expect(routingGaps(SiteConfigSchema.parse({ leads: { defaultEmail: "d@d.test" } }).leads)).toEqual([]);
  });

  it("dead deliveries show in /metrics (the metrics port, not a dealer host) and in `npm run leads -- summary`", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "d@dealer.test" } } });
    const result = await lead(site);
    if (result.kind !== "accepted") throw new Error();
    await handle.db.update(leadDeliveries).set({ status: "dead", lastError: "550 mailbox unavailable" }).where(eq(leadDeliveries.leadId, result.leadId));
    expect(await deliverySummary(handle.db)).toContainEqual({ siteSlug: site.slug, status: "dead", count: 1 });

    const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
    const { app } = createApp({ database: handle, build, mode: "production", logger: pino({ level: "silent" }), metrics: { siteLabels: 10 } });
    // Issue 55: a dealer's host never answers /metrics, from loopback or with any token.
    const onDealerHost = await app.fetch(new Request("http://localhost/metrics", { headers: { host: `${site.slug}.localhost`, authorization: "Bearer a-long-metrics-token-1234" } }));
    expect(onDealerHost.status).toBe(404);
    expect(await onDealerHost.text()).not.toContain("forecourt_lead_deliveries");
    const metrics = await startMetricsServer({ port: 0, host: "127.0.0.1", token: "a-long-metrics-token-1234", sources: { database: handle } });
    try {
      const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
      expect(Number(/^forecourt_lead_deliveries\{channel="email",status="dead"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    } finally {
      await metrics.close();
    }

    if (ENGINE === "postgres") {
      const out = execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/leads.ts", "summary"], { env: { ...process.env }, encoding: "utf8" });
      expect(out).toContain(`${site.slug}\tdead\t1`);
      expect(out).toMatch(/\d+ dead deliveries need attention/);
    }
  });
});
