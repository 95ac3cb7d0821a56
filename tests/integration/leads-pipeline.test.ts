/**
 * DESIGN 6 "Leads never get lost": lead + delivery jobs in one transaction, idempotent
 * submission keys, honeypot and database rate limits, and delivery to a real local SMTP server,
 * a real local HTTP endpoint and ADF/XML validated against the ADF 1.0 DTD (spec 7 "Lead submit").
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import type { DatabaseHandle } from "../../db/client";
import { leadDeliveries, leadRateLimits, leads } from "../../db/schema/index";
import { dtdToRelaxNg } from "../../app/adapters/adf/dtd-to-relaxng";
import { createLeadChannels, type LeadChannels } from "../../app/adapters/lead-channels.server";
import { leadFormSchema } from "../../app/forms/lead-forms";
import { buildLeadMessage, deliverDue, retryDeadDeliveries } from "../../app/services/lead-delivery.server";
import { purgeRateLimits, RATE_LIMIT_MESSAGE, submitLead, type LeadInput } from "../../app/services/leads.server";
import { getCarBySlug } from "../../app/services/cars.server";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
let smtp: SMTPServer;
let smtpPort: number;
const mails: { to: string[]; data: string }[] = [];
let http: Server;
let httpUrl: string;
const posts: { body: string; type: string }[] = [];
let failHttp = false;
let channels: LeadChannels;

beforeAll(async () => {
  handle = await openTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", () => ok()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  http = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      if (failHttp) {
        res.writeHead(503).end();
        return;
      }
      posts.push({ body, type: String(req.headers["content-type"]) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => http.listen(0, "127.0.0.1", () => ok()));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/leads`;
  channels = createLeadChannels({ smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, from: "leads@forecourt.test", outboxDir: ".data/test-outbox", timeoutMs: 5000 });
});
afterAll(async () => {
  channels?.close();
  await new Promise<void>((ok) => smtp?.close(() => ok()));
  await new Promise<void>((ok) => http?.close(() => ok()));
  await handle?.close();
});

const options = { commentsRequired: true, locationShown: false, categories: null };
function input(site: Site, overrides: Partial<LeadInput> = {}, fields: Record<string, string> = {}): LeadInput {
  const values = leadFormSchema("enquiry", options).parse({
    name: "Jane",
    last_name: "Citizen",
    postcode: "2150",
    phone: "0412 345 678",
    email: "jane@example.com",
    message: "Is it still available?",
    terms: true,
    ...fields,
  });
  return { form: "enquiry", values, category: "Used Car Enquiry", subcategory: null, car: null, ip: "203.0.113.9", userAgent: "vitest", url: "https://example.test/cars/x", now: Date.now(), ...overrides };
}

async function deliveriesOf(leadId: number) {
  return handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId)).orderBy(leadDeliveries.id);
}

describe(`lead intake (${ENGINE})`, () => {
  it("stores the lead with one delivery job per matching route, in one transaction", async () => {
    const site = await createTestSite(handle, {
      config: {
        leads: {
          routing: [
            { channel: "email", target: "sales@dealer.test", departments: ["sales"] },
            { channel: "webhook", target: "https://crm.test/hook" },
            { channel: "email", target: "service@dealer.test", departments: ["service"] },
          ],
        },
      },
    });
    const result = await submitLead(handle.db, site, input(site));
    expect(result).toMatchObject({ kind: "accepted", duplicate: false, deliveries: 2 });
    if (result.kind !== "accepted") throw new Error();
    const [lead] = await handle.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(lead).toMatchObject({ siteId: site.id, firstName: "Jane", phone: "+61412345678", postcode: "2150", category: "Used Car Enquiry" });
    expect(lead.payload).toMatchObject({ source: "Website", user_agent: "vitest", message: "Is it still available?", dealership_slug: site.slug, lead_attributes: { visited_pages: [], linked_query_params: "" } });
    expect((await deliveriesOf(lead.id)).map((d) => [d.channel, d.target, d.status])).toEqual([
      ["email", "sales@dealer.test", "pending"],
      ["webhook", "https://crm.test/hook", "pending"],
    ]);
  });

  it("a resubmitted key returns the same lead, also when the copies race", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "x@dealer.test" } } });
    const key = "7d9e0b9c-3f7a-4b5e-9a4c-2d6f1e8b0a11";
    const results = await Promise.all([1, 2, 3, 4].map(() => submitLead(handle.db, site, input(site, {}, { submission_key: key }))));
    const ids = new Set(results.map((r) => (r.kind === "accepted" ? r.leadId : -1)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.kind === "accepted" && !r.duplicate)).toHaveLength(1);
    const stored = await handle.db.select().from(leads).where(eq(leads.siteId, site.id));
    expect(stored).toHaveLength(1);
    expect(await deliveriesOf(stored[0].id)).toHaveLength(1);
  });

  it("rejects a filled honeypot and stores nothing", async () => {
    const site = await createTestSite(handle);
    const result = await submitLead(handle.db, site, input(site, {}, { company_website: "http://spam.test" }));
    expect(result).toMatchObject({ kind: "rejected", reason: "spam" });
    expect(await handle.db.select().from(leads).where(eq(leads.siteId, site.id))).toHaveLength(0);
  });

  it("limits leads per IP per hour with a clear message, counted in the database", async () => {
    const site = await createTestSite(handle, { config: { leads: { rateLimitPerIpPerHour: 2 } } });
    const now = Date.UTC(2026, 0, 5, 10, 15);
    const r1 = await submitLead(handle.db, site, input(site, { now }));
    const r2 = await submitLead(handle.db, site, input(site, { now }));
    const r3 = await submitLead(handle.db, site, input(site, { now }));
    const other = await submitLead(handle.db, site, input(site, { now, ip: "198.51.100.7" }));
    const nextHour = await submitLead(handle.db, site, input(site, { now: now + 3_600_000 }));
    expect([r1.kind, r2.kind, r3.kind, other.kind, nextHour.kind]).toEqual(["accepted", "accepted", "rejected", "accepted", "accepted"]);
    expect(r3).toMatchObject({ message: RATE_LIMIT_MESSAGE });
    // Windows older than 48 hours are purged; recent ones stay.
    expect(await purgeRateLimits(handle.db, now + 48.5 * 3_600_000)).toBeGreaterThanOrEqual(2);
    const left = await handle.db.select().from(leadRateLimits).where(eq(leadRateLimits.bucket, `site:${site.id}`));
    expect(left.map((r) => r.windowStart.getTime())).toEqual([Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000]);
  });

  it("a site without any route delivers to its own enquiry address (issue 16 defect 8), never straight to dead", async () => {
    const site = await createTestSite(handle);
    const result = await submitLead(handle.db, site, input(site));
    if (result.kind !== "accepted") throw new Error();
    expect((await deliveriesOf(result.leadId)).map((d) => [d.status, d.target])).toEqual([["pending", `enquiries@${site.slug}.localhost`]]);
  });
});

describe(`lead delivery (${ENGINE})`, () => {
  it("emails over real SMTP, posts JSON to a real HTTP endpoint, and sends ADF valid against the DTD", async () => {
    const site = await createTestSite(handle, {
      config: {
        url: "https://dealer.test",
        leads: {
          routing: [
            { channel: "email", target: "sales@dealer.test" },
            { channel: "webhook", target: httpUrl },
            { channel: "adf", target: "crm@dealer.test" },
            { channel: "adf", target: httpUrl.replace("/leads", "/adf") },
          ],
        },
      },
    });
    await importStock(handle.db, site, feed([stockRecord({ stock_number: "ADF1", make: "Mazda", model: "CX-5", year: 2021, km: 32100, price: 31990, vin: "JM0KF4W7A00123456" })]));
    const car = await getCarBySlug(handle.db, site, "2021-mazda-cx-5-maxx-sport-adf1");
    if (car.kind !== "found") throw new Error("fixture car missing");
    mails.length = 0;
    posts.length = 0;
    const result = await submitLead(handle.db, site, input(site, { car: car.car }));
    if (result.kind !== "accepted") throw new Error();
    // Deliver everything due (other tests' jobs may be in a shared PostgreSQL database too).
    for (let i = 0; i < 20 && (await deliveriesOf(result.leadId)).some((d) => d.status === "pending"); i++) await deliverDue(handle.db, channels);
    expect((await deliveriesOf(result.leadId)).map((d) => d.status)).toEqual(["sent", "sent", "sent", "sent"]);

    const email = mails.find((m) => m.to.includes("sales@dealer.test") && m.data.includes(`lead #${result.leadId} `));
    expect(email?.data).toContain(`[Lead #${result.leadId}]`);
    expect(email?.data).toContain("Mobile: +61412345678");
    const json = JSON.parse(posts.find((p) => p.type.startsWith("application/json") && p.body.includes(`"lead_id":${result.leadId},`))!.body);
    expect(json).toMatchObject({ lead_id: result.leadId, source: "Website", car_id: car.car.id, stock_number: "ADF1", "Vehicle Make": "Mazda" });

    const adf = posts.find((p) => p.type.startsWith("application/xml") && p.body.includes(`source="Forecourt">${result.leadId}<`))!.body;
    expect(mails.find((m) => m.to.includes("crm@dealer.test"))?.data).toContain("<adf>");
    expect(adf).toContain('<odometer units="km">32100</odometer>');
    expect(adf).toContain("<vin>JM0KF4W7A00123456</vin><stock>ADF1</stock>");
    const dtd = readFileSync("app/adapters/adf/adf-1.0.dtd", "utf8");
    const schema = { fileName: "adf.rng", contents: dtdToRelaxNg(dtd, "adf") };
    const valid = await validateXML({ xml: { fileName: "lead.xml", contents: adf }, schema, extension: "relaxng", preload: { fileName: "adf-1.0.dtd", contents: dtd } });
    expect(valid.errors).toEqual([]);
    // The check can fail: a prospect without its requestdate is rejected.
    const broken = await validateXML({ xml: { fileName: "bad.xml", contents: adf.replace(/<requestdate>[^<]*<\/requestdate>/, "") }, schema, extension: "relaxng", preload: { fileName: "adf-1.0.dtd", contents: dtd } });
    expect(broken.valid).toBe(false);
  });

  it("a re-sent lead email carries the same Message-ID as the first send (at-least-once, issue 51 section 6)", async () => {
    const site = await createTestSite(handle, { config: { leads: { routing: [{ channel: "email", target: "resend@dealer.test" }, { channel: "adf", target: "resend-crm@dealer.test" }] } } });
    const result = await submitLead(handle.db, site, input(site));
    if (result.kind !== "accepted") throw new Error();
    const messageIds = (to: string) => mails.filter((m) => m.to.includes(to) && m.data.includes(`#${result.leadId}`)).map((m) => /^Message-ID: (.+)$/im.exec(m.data)?.[1]?.trim());
    const deliverAll = async () => {
      for (let i = 0; i < 20 && (await deliveriesOf(result.leadId)).some((d) => d.status === "pending"); i++) await deliverDue(handle.db, channels);
    };
    await deliverAll();
    // The worker sent the mails but its "sent" mark was lost (a crash, a cut link): the jobs run again.
    await handle.db.update(leadDeliveries).set({ status: "pending", nextAttemptAt: new Date(0) }).where(eq(leadDeliveries.leadId, result.leadId));
    await deliverAll();
    const email = messageIds("resend@dealer.test");
    const adf = messageIds("resend-crm@dealer.test");
    expect(email).toHaveLength(2);
    expect(adf).toHaveLength(2);
    expect(email[0]).toMatch(new RegExp(`^<lead-${result.leadId}\\.email\\.[0-9a-f]{12}@forecourt\\.test>$`));
    expect(email[1]).toBe(email[0]);
    expect(adf[1]).toBe(adf[0]);
    expect(adf[0]).not.toBe(email[0]);
  });

  it("retries with exponential backoff, dead-letters after N attempts, and retry-dead re-queues", async () => {
    const site = await createTestSite(handle, { config: { leads: { maxDeliveryAttempts: 3, routing: [{ channel: "webhook", target: httpUrl }] } } });
    const result = await submitLead(handle.db, site, input(site));
    if (result.kind !== "accepted") throw new Error();
    failHttp = true;
    try {
      let clock = Date.now();
      const seen: { attempts: number; waitMs: number; status: string }[] = [];
      for (let i = 0; i < 3; i++) {
        // Run the worker at the job's due time.
        const [job] = await deliveriesOf(result.leadId);
        clock = Math.max(clock, job.nextAttemptAt.getTime());
        await deliverDue(handle.db, channels, clock, 500);
        const [after] = await deliveriesOf(result.leadId);
        seen.push({ attempts: after.attempts, waitMs: after.nextAttemptAt.getTime() - clock, status: after.status });
      }
      expect(seen).toEqual([
        { attempts: 1, waitMs: 30_000, status: "pending" },
        { attempts: 2, waitMs: 60_000, status: "pending" },
        { attempts: 3, waitMs: 120_000, status: "dead" },
      ]);
      expect((await deliveriesOf(result.leadId))[0].lastError).toContain("answered 503");
    } finally {
      failHttp = false;
    }
    expect(await retryDeadDeliveries(handle.db)).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 20 && (await deliveriesOf(result.leadId))[0].status === "pending"; i++) await deliverDue(handle.db, channels);
    expect((await deliveriesOf(result.leadId))[0].status).toBe("sent");
  });

  it("a lead message names the car and the lead", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "x@dealer.test" } } });
    const result = await submitLead(handle.db, site, input(site));
    if (result.kind !== "accepted") throw new Error();
    const { message, maxAttempts } = await buildLeadMessage(handle.db, result.leadId);
    expect(message.subject).toBe(`[Lead #${result.leadId}] Used Car Enquiry`);
    expect(maxAttempts).toBe(8);
  });
});
