/**
 * Issue 16 defect 1: refused requests must not consume a site's hourly lead budget, and no
 * single client may exhaust it (the outside test: 1,000 posts from one address, then a different
 * address was refused too).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leadRateLimits, leads } from "../../db/schema/index";
import { leadFormSchema } from "../../app/forms/lead-forms";
import { submitLead } from "../../app/services/leads.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const now = Date.UTC(2026, 10, 22, 10, 30);
function post(site: Site, ip: string | null, i: number) {
  const values = leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
    name: "Jane",
    last_name: "Citizen",
    postcode: "2150",
    phone: "0412 345 678",
    email: `jane${i}@example.com`,
    message: `Enquiry ${i}`,
    terms: true,
  });
  return submitLead(handle.db, site, { form: "enquiry", values, category: "General Enquiry", subcategory: null, car: null, ip, userAgent: "vitest", url: null, now });
}

describe(`lead rate limits (${ENGINE})`, () => {
  it("one client's refused posts take nothing from the site's budget; other shoppers get through", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "d@dealer.test", rateLimitPerIpPerHour: 3, rateLimitPerSitePerHour: 10 } } });
    const flood = [];
    for (let i = 0; i < 60; i++) flood.push((await post(site, "198.51.100.1", i)).kind);
    expect(flood.filter((k) => k === "accepted")).toHaveLength(3);
    // A different shopper is still accepted after the flood.
    expect((await post(site, "203.0.113.50", 100)).kind).toBe("accepted");
    // The site's budget counts accepted leads only: 4 of 10 used.
    const [siteBucket] = await handle.db.select().from(leadRateLimits).where(and(eq(leadRateLimits.bucket, `site:${site.id}`)));
    expect(siteBucket.count).toBe(4);
    // Six more shoppers fill the budget exactly; the next one is refused, and nothing more was counted.
    for (let i = 0; i < 6; i++) expect((await post(site, `203.0.113.${60 + i}`, 200 + i)).kind).toBe("accepted");
    expect((await post(site, "203.0.113.99", 300)).kind).toBe("rejected");
    const [full] = await handle.db.select().from(leadRateLimits).where(eq(leadRateLimits.bucket, `site:${site.id}`));
    expect(full.count).toBe(10);
    // The site's refusal gave the client's token back: that shopper can try again when the budget allows.
    const [refused] = await handle.db.select().from(leadRateLimits).where(eq(leadRateLimits.bucket, `ip:${site.id}:203.0.113.99`));
    expect(refused.count).toBe(0);
    expect(await handle.db.select({ id: leads.id }).from(leads).where(eq(leads.siteId, site.id))).toHaveLength(10);
  });

  it("concurrent posts from one client are held to its limit exactly", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "d@dealer.test", rateLimitPerIpPerHour: 4, rateLimitPerSitePerHour: 100 } } });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => post(site, "198.51.100.2", i)));
    expect(results.filter((r) => r.kind === "accepted")).toHaveLength(4);
    const [siteBucket] = await handle.db.select().from(leadRateLimits).where(eq(leadRateLimits.bucket, `site:${site.id}`));
    expect(siteBucket.count).toBe(4);
  });

  it("clients without a known address share one client bucket, not the whole site's", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "d@dealer.test", rateLimitPerIpPerHour: 2, rateLimitPerSitePerHour: 50 } } });
    const kinds = [];
    for (let i = 0; i < 5; i++) kinds.push((await post(site, null, i)).kind);
    expect(kinds).toEqual(["accepted", "accepted", "rejected", "rejected", "rejected"]);
    expect((await post(site, "203.0.113.7", 10)).kind).toBe("accepted");
  });
});
