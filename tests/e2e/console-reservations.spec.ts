/**
 * Issue 49 "Must show" in Chromium: a reservation's deposit is captured exactly once when
 * "Capture" is pressed more than once (a double click, the same form re-submitted, the button of
 * a second tab opened before the capture): the test payment
 * provider saw one capture call and the audit trail has one capture row. axe on the reservations
 * page, the dashboard (with its charts) and the trade-in valuations page. The console is
 * server-rendered without the client router (decision 249), so this spec uses Playwright's own
 * `test` like the other console specs.
 */
import { expect, test, type Browser } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "harbour-auto-group";
const HARBOUR = E2E_BASE(SITE);

/** A shopper (own browser context, no JavaScript) reserves the dearest reservable car; returns the reservation id. */
async function reserveAsShopper(browser: Browser): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${HARBOUR}/search?sortBy=price_desc`);
  const hrefs = await page.getByRole("link", { name: "Reserve Now" }).evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => /^\/cars\/[a-z0-9-]+\/checkout$/.test(h));
  if (!href) throw new Error("no reservable car on the first page");
  await page.goto(`${HARBOUR}${href}`);
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Console");
  await page.getByLabel("Mobile").fill("0412 345 678");
  await page.getByLabel("Email").fill("jane.console@example.com");
  await page.getByLabel("Postcode").fill("2150");
  const picker = page.getByLabel("Pickup location");
  if (await picker.count()) await picker.selectOption({ index: 1 });
  await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Reserve for/ }).click();
  await expect(page).toHaveURL(/\?reserved=\d+$/);
  const id = Number(/reserved=(\d+)$/.exec(page.url())![1]);
  await context.close();
  return id;
}

test("issue 49: Capture pressed twice (a double click, the same form re-submitted, a second tab) captures the deposit once; one audit row", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const id = await reserveAsShopper(browser);
  await signInWithLink(page, staffSignInLink(`e2e-reservations-${Date.now()}@dealer.test`, "site-manager", SITE));

  await page.goto(`${CONSOLE}/sites/${SITE}/reservations`);
  await expect(page.getByRole("heading", { level: 1, name: "Reservations and orders" })).toBeVisible();
  const row = page.getByTestId(`reservation-${id}`);
  await expect(row.getByTestId("reservation-status")).toHaveText("Held");
  await expect(row.getByTestId("payment-status")).toHaveText("Authorised (held on the card)");
  await expectAxeClean(page);

  // The form as the page rendered it, to send again afterwards (a retry or a re-sent form).
  const capture = row.getByRole("button", { name: `Capture deposit of reservation #${id}` });
  const form = capture.locator("xpath=ancestor::form");
  const fields = Object.fromEntries(await form.locator("input[type=hidden]").evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value])));
  expect(fields).toMatchObject({ intent: "capture", reservation: String(id) });

  // A second tab opened before the capture: its Capture button carries a key of its own.
  const stale = await page.context().newPage();
  await stale.goto(`${CONSOLE}/sites/${SITE}/reservations`);

  await capture.dblclick();
  await expect(page.getByRole("status")).toHaveText(`Deposit captured for reservation #${id}: the car is sold.`);
  // The same form posted again from the browser (a retry after a lost answer, a re-sent page).
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/sites/${SITE}/reservations`));
  await page.evaluate((values) => {
    const again = document.createElement("form");
    again.method = "post";
    again.action = location.pathname;
    for (const [name, value] of Object.entries(values)) again.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
    document.body.append(again);
    again.submit();
  }, fields);
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole("status")).toHaveText(`Deposit captured for reservation #${id}: the car is sold.`);
  await expect(page.getByTestId(`reservation-${id}`).getByTestId("reservation-status")).toHaveText("Sold (deposit captured)");

  // Capture pressed in the stale tab: refused, nothing captured again.
  await stale.getByRole("button", { name: `Capture deposit of reservation #${id}` }).click();
  await expect(stale.getByRole("alert")).toHaveText("Nothing done: this reservation is captured now, and only an active hold can be captured.");
  await stale.close();

  await page.goto(`${CONSOLE}/sites/${SITE}/reservations`);
  await expect(row.getByTestId("reservation-status")).toHaveText("Sold (deposit captured)");
  await expect(row.getByTestId("payment-status")).toHaveText("Captured");
  await expect(row.getByRole("button", { name: `Capture deposit of reservation #${id}` })).toHaveCount(0);

  // What the payment provider saw (the test provider's own ledger, through the test hook).
  const url = new URL(HARBOUR);
  const ledger = await page.request.post(`http://127.0.0.1:${url.port}/__test/reservations/payment`, { form: { reservation: String(id) }, headers: { host: url.host, origin: url.origin } });
  expect(ledger.status()).toBe(200);
  expect(await ledger.json()).toEqual({ status: "captured", captureCalls: 1, releaseCalls: 0 });

  await page.goto(`${CONSOLE}/sites/${SITE}/audit?entity=reservation.capture`);
  await expect(page.getByRole("cell", { name: `reservation.capture · reservation ${id}`, exact: true })).toHaveCount(1);

  // The dashboard and the trade-in list: charts and tables pass axe.
  await page.goto(`${CONSOLE}/sites/${SITE}`);
  await expect(page.getByRole("img", { name: /^Cars in stock by type, and how many are aged/ })).toBeVisible();
  await expect(page.getByTestId("period-figures")).toContainText("Reservations made");
  await expectAxeClean(page);
  await page.getByRole("link", { name: "Trade-in valuations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trade-in valuations" })).toBeVisible();
  await expectAxeClean(page);
});
