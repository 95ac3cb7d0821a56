/**
 * Issue 16 defect 6: ADF files could be invalid XML (control characters in a message) while
 * marked sent, and ADF emails carried two Content-Type headers. Now what XML 1.0 forbids is
 * stripped, every ADF is validated against the DTD before sending, and the email has one
 * Content-Type.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leadDeliveries } from "../../db/schema/index";
import { adfProblems } from "../../app/adapters/adf/validate-adf.server";
import { createLeadChannels, type LeadChannels } from "../../app/adapters/lead-channels.server";
import { leadFormSchema } from "../../app/forms/lead-forms";
import { deliverDue } from "../../app/services/lead-delivery.server";
import { submitLead } from "../../app/services/leads.server";
import { createTestSite, ENGINE, openTestDatabase } from "./database";

let handle: DatabaseHandle;
let smtp: SMTPServer;
let channels: LeadChannels;
const mails: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        mails.push(data);
        done();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", () => ok()));
  channels = createLeadChannels({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`, from: "leads@forecourt.test", outboxDir: ".data/test-outbox", timeoutMs: 5000 });
});
afterAll(async () => {
  channels?.close();
  await new Promise<void>((ok) => smtp?.close(() => ok()));
  await handle?.close();
});

describe(`ADF validity (${ENGINE})`, () => {
  it("control characters in a message are stripped; the emailed ADF is valid against the DTD and has one Content-Type", async () => {
    const site = await createTestSite(handle, { config: { leads: { routing: [{ channel: "adf", target: "crm@dealer.test" }] } } });
    // Straight into the service (a form strips these already): the ADF writer must cope on its own.
    const values = leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
      name: "Ja\u0001ne",
      last_name: "Citizen",
      postcode: "2150",
      phone: "0412 345 678",
      email: "jane@example.com",
      message: "Bell\u0007 and\u000b tab\u000c <b>&",
      terms: true,
    });
    const lead = await submitLead(handle.db, site, { form: "enquiry", values, category: "General Enquiry", subcategory: null, car: null, ip: null, userAgent: null, url: null, now: Date.now() });
    if (lead.kind !== "accepted") throw new Error();
    const before = mails.length;
    // The PostgreSQL test database is shared by every test file: other files' due jobs may come
    // first in a batch, so deliver until this lead's job has left 'pending'.
    const jobOf = async () => (await handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.leadId)))[0];
    for (let i = 0; i < 20 && (await jobOf()).status === "pending"; i++) await deliverDue(handle.db, channels, Date.now() + 1000);
    const job = await jobOf();
    expect([job.status, job.lastError]).toEqual(["sent", null]);
    // Quoted-printable when the header says so (nodemailer picks the transfer encoding).
    const decode = (mail: string) => {
      const [head, ...rest] = mail.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n").trim();
      const xml = /quoted-printable/i.test(head)
        ? Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8")
        : body;
      return { head, xml };
    };
    // This lead's ADF email (the loop above may also have sent other files' jobs to this server).
    const ownId = `source="Forecourt">${lead.leadId}</id>`;
    const mail = mails.slice(before).map(decode).find((m) => m.xml.includes("<adf>") && m.xml.includes(ownId));
    if (!mail) throw new Error(`no ADF email for lead ${lead.leadId}`);
    const { head, xml } = mail;
    expect(head.match(/^content-type:/gim)).toHaveLength(1);
    expect(head).toMatch(/^Content-Type: text\/xml; charset=utf-8$/im);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(xml).toContain("Bell and tab &lt;b&gt;&amp;");
    expect(await adfProblems(xml)).toEqual([]);
  });

  it("the run-time validator refuses documents the DTD does not allow", async () => {
    expect((await adfProblems("<adf><prospect><customer/></prospect></adf>")).length).toBeGreaterThan(0);
    expect((await adfProblems("<adf>\u0001</adf>")).length).toBeGreaterThan(0);
  });
});
