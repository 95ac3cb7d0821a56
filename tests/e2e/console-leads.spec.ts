/**
 * Issue 49 "Must show" (leads inbox) in Chromium:
 * (a) a lead delivery that died against a local webhook receiver (a node:http server this spec
 *     starts, answering 500) is retried from the lead's page in the inbox once the receiver
 *     answers 200, and becomes sent;
 * (b) sales staff assigned to one location cannot open another location's lead, by URL or by the
 *     CSV export.
 * The webhook route is configured like a dealer would: the site's lead routing in the settings
 * editor, published (and put back at the end). axe on the inbox and the lead page.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { E2E_BASE } from "../../playwright.config";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "perth-toyota";
const OSBORNE = "Swan River Toyota Osborne Park";
const MIDLAND = "Swan River Toyota Midland";
/** The receiver listens on the port after the app's (each helper has its own range). */
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3199) + 1;

/** A mobile number of this run ("0412 xxx xxx") and its E.164 form, to find the lead again. */
function mobile(n: number): { typed: string; e164: string } {
  const digits = String((Date.now() + n * 7919) % 1_000_000).padStart(6, "0");
  return { typed: `0412 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+61412${digits}` };
}

/** A shopper sends the new-vehicle enquiry to `dealership` (a fresh context: no staff cookie). */
async function sendEnquiry(browser: Browser, dealership: string, phone: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${E2E_BASE(SITE)}/enquiries/new-vehicle-enquiry`);
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Last Name").fill("Shopper");
  await page.getByLabel("Email").fill("robin.shopper@example.com");
  await page.getByLabel("Mobile").fill(phone);
  await page.getByLabel("Postcode").fill("6017");
  await page.getByLabel("Preferred Dealership").selectOption({ label: dealership });
  await page.getByLabel("Comments").fill("Interested in a HiLux");
  await page.getByLabel(/I agree to the terms of use/).check();
  await page.getByRole("button", { name: "Send Enquiry" }).click();
  await expect(page).toHaveURL(/\/success/);
  await context.close();
}

/** The lead number of the shopper with `e164`, found through the inbox search (as a manager). */
async function leadIdOf(page: Page, e164: string): Promise<number> {
  await page.goto(`${CONSOLE}/sites/${SITE}/leads?q=${encodeURIComponent(e164)}`);
  const link = page.getByRole("table").getByRole("link", { name: /^#\d+$/ });
  await expect(link).toHaveCount(1);
  return Number((await link.textContent())!.slice(1));
}

/** Sets the site's lead routing and delivery attempts in the settings editor and publishes. */
async function publishLeadSettings(page: Page, routing: string, attempts: string): Promise<void> {
  await page.goto(`${CONSOLE}/sites/${SITE}/settings`);
  await page.getByLabel("Routing", { exact: true }).fill(routing);
  await page.getByLabel("Max delivery attempts", { exact: true }).fill(attempts);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await page.getByRole("button", { name: "Publish the draft" }).click();
  await expect(page.getByRole("status")).toContainText(/Published as version \d+/);
}

test.describe("issue 49: the leads inbox", () => {
  let receiver: Server;
  let answer = 500;
  const received: Record<string, unknown>[] = [];

  test.beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        if (answer === 200) received.push(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(answer, { "content-type": "text/plain" }).end(answer === 200 ? "ok" : "receiver down");
      });
    });
    await new Promise<void>((ok) => receiver.listen(RECEIVER_PORT, "127.0.0.1", ok));
  });

  test.afterAll(async () => {
    await new Promise<void>((ok) => receiver.close(() => ok()));
  });

  test("a dead webhook delivery is retried from the inbox and becomes sent", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;
    await signInWithLink(page, staffSignInLink(`e2e-leads-manager-${Date.now()}@dealer.test`, "site-manager", SITE));
    await publishLeadSettings(page, JSON.stringify([{ channel: "webhook", target, departments: [], locationIds: [] }]), "1");
    try {
      const shopper = mobile(1);
      await sendEnquiry(browser, OSBORNE, shopper.typed);
      const id = await leadIdOf(page, shopper.e164);
      await expectAxeClean(page);

      // The worker's one attempt meets the 500: the delivery is dead, with the receiver's answer.
      const row = page.getByRole("row").filter({ hasText: target });
      await expect(async () => {
        await page.goto(`${CONSOLE}/sites/${SITE}/leads/${id}`);
        await expect(row).toContainText("Failed (gave up)", { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(row).toContainText("500");
      await expect(page.getByRole("heading", { level: 2, name: "Contact details" })).toBeVisible();
      await expect(page.getByText("+61412")).toBeVisible();
      await expectAxeClean(page);

      // The receiver is back: Retry queues it, and the worker sends it.
      answer = 200;
      await row.getByRole("button", { name: "Retry webhook delivery" }).click();
      await expect(page.getByRole("status")).toContainText("The webhook delivery is queued for an immediate attempt.");
      await expect(async () => {
        await page.goto(`${CONSOLE}/sites/${SITE}/leads/${id}`);
        await expect(row).toContainText("Sent", { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      expect(received.map((r) => r.lead_id)).toContain(id);
      await expect(page.getByRole("button", { name: "Retry webhook delivery" })).toHaveCount(0);
    } finally {
      // Put the demo site's delivery back as it was (empty: inherited).
      await publishLeadSettings(page, "", "");
    }
  });

  test("sales staff assigned to one location cannot open another location's lead, by URL or by the CSV export", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const atOsborne = mobile(2);
    const atMidland = mobile(3);
    await sendEnquiry(browser, OSBORNE, atOsborne.typed);
    await sendEnquiry(browser, MIDLAND, atMidland.typed);
    await signInWithLink(page, staffSignInLink(`e2e-leads-manager2-${Date.now()}@dealer.test`, "site-manager", SITE));
    const osborneLead = await leadIdOf(page, atOsborne.e164);
    const midlandLead = await leadIdOf(page, atMidland.e164);

    const context = await browser.newContext();
    const sales = await context.newPage();
    await signInWithLink(sales, staffSignInLink(`e2e-leads-sales-${Date.now()}@dealer.test`, "sales", SITE, ["midland"]));
    // Their own location's lead opens.
    await sales.goto(`${CONSOLE}/sites/${SITE}/leads/${midlandLead}`);
    await expect(sales.getByRole("heading", { level: 1 })).toContainText(`Lead #${midlandLead}`);
    // The other location's: not found, by URL.
    const response = await sales.goto(`${CONSOLE}/sites/${SITE}/leads/${osborneLead}`);
    expect(response?.status()).toBe(404);
    await expect(sales.getByRole("heading", { level: 1 })).not.toContainText(`Lead #${osborneLead}`);
    // Nor in the inbox, nor in the CSV export (the inbox's link and by a filter naming it).
    await sales.goto(`${CONSOLE}/sites/${SITE}/leads`);
    await expect(sales.getByRole("link", { name: `#${midlandLead}`, exact: true })).toBeVisible();
    await expect(sales.getByRole("link", { name: `#${osborneLead}`, exact: true })).toHaveCount(0);
    await expectAxeClean(sales);
    const download = sales.waitForEvent("download");
    await sales.getByRole("link", { name: "Export these leads as CSV" }).click();
    const exported = (parse(readFileSync(await (await download).path(), "utf8")) as string[][]).slice(1).map((row) => row[0]);
    expect(exported).toContain(String(midlandLead));
    expect(exported).not.toContain(String(osborneLead));
    // Chromium resolves console.localhost; Node's request client does not: fetch from the page.
    const byFilter = await sales.evaluate(async (url) => {
      const r = await fetch(url);
      return { status: r.status, text: await r.text() };
    }, `/sites/${SITE}/leads.csv?q=%23${osborneLead}`);
    expect(byFilter.status).toBe(200);
    expect(parse(byFilter.text)).toHaveLength(1);
    await context.close();
  });
});
