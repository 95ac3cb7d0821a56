/**
 * Issue 49 item 1 "Must show" in Chromium: a site manager (added with `npm run staff` through the
 * running server's admin socket) finds a car in the console's stock list, meets the message for a
 * price of -1 without losing what was typed, changes the price, then marks the car sold; after each
 * save the public SRP and VDP show the change on their next request. axe on the list and the
 * editor. The console is server-rendered without the client router, so this spec uses
 * Playwright's own `test`.
 */
import { expect, test, type Browser } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { localClock } from "../../app/domain/opening-hours";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "southern-cross-used";

/** The car as a shopper sees it on the SRP (searched by stock number) and the VDP, in a fresh context. */
async function shopperView(browser: Browser, stockNumber: string, vdp: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${E2E_BASE(SITE)}/search?query=${encodeURIComponent(stockNumber)}`);
  const card = page.getByTestId("car-card").first();
  const srp = { price: (await card.getByTestId("car-price").textContent()) ?? "", tag: (await card.getByTestId("car-tag").count()) ? ((await card.getByTestId("car-tag").textContent()) ?? "") : "" };
  await page.goto(vdp);
  const result = { srp, vdpPrice: (await page.getByTestId("vdp-price").textContent()) ?? "" };
  await context.close();
  return result;
}

test("issue 49: a site manager changes a price and marks a car sold; the public SRP and VDP show both on the next request", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInWithLink(page, staffSignInLink(`e2e-stock-${Date.now()}@dealer.test`, "site-manager", SITE));

  // A car from the middle of the price list (its price moves no range another test relies on).
  await page.goto(`${CONSOLE}/sites/${SITE}/stock?status=in_stock&sort=price-asc&page=2`);
  await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
  await expect(page.getByText(/cars match\. Page 2 of/)).toBeVisible();
  await expectAxeClean(page);
  const table = page.getByRole("table");
  const first = table.getByRole("row").nth(1);
  const stockNumber = (await first.getByRole("link").first().textContent())!.trim();
  await first.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`(stock number ${stockNumber})`);
  await expectAxeClean(page);
  const vdp = (await page.getByRole("link", { name: "View the car on the website" }).getAttribute("href"))!;
  const price = Number(await page.getByLabel("Price (whole dollars)", { exact: true }).inputValue());
  expect(price).toBeGreaterThan(1000);
  const newPrice = price - 100;
  const newPriceText = `$${newPrice.toLocaleString("en-AU")}`;
  expect((await shopperView(browser, stockNumber, vdp)).vdpPrice).not.toContain(newPriceText);

  // A price of -1: refused beside the field, and nothing typed is lost.
  await page.getByLabel("Price (whole dollars)", { exact: true }).fill("-1");
  await page.getByLabel("Tag", { exact: true }).fill("Weekend special");
  await page.getByRole("button", { name: "Save the car" }).click();
  await expect(page.locator("#car-price-error")).toHaveText("A price cannot be negative: enter 0 or more, or leave it empty for no price.");
  await expect(page.getByLabel("Price (whole dollars)", { exact: true })).toHaveValue("-1");
  await expect(page.getByLabel("Price (whole dollars)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Tag", { exact: true })).toHaveValue("Weekend special");
  await expectAxeClean(page);

  // The new price: the SRP card and the VDP show it on their next request.
  await page.getByLabel("Price (whole dollars)", { exact: true }).fill(String(newPrice));
  await page.getByRole("button", { name: "Save the car" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: Price, Tag.");
  const priced = await shopperView(browser, stockNumber, vdp);
  expect(priced.srp.price).toContain(newPriceText);
  expect(priced.vdpPrice).toContain(newPriceText);

  // Sold: SOLD on the VDP and the sold tag on the SRP card (listed for the site's include-sold days).
  await page.getByLabel("Status", { exact: true }).selectOption("sold");
  await page.getByRole("button", { name: "Save the car" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: Status");
  // Today on the site's calendar (its time zone is Australia/Melbourne).
  await expect(page.getByLabel("Sold date")).toHaveValue(localClock(new Date(), "Australia/Melbourne").date);
  const sold = await shopperView(browser, stockNumber, vdp);
  expect(sold.vdpPrice).toBe("SOLD");
  expect(sold.srp.tag.toUpperCase()).toContain("SOLD");

  // Both changes are in the audit trail.
  await page.goto(`${CONSOLE}/sites/${SITE}/audit?entity=stock.edit`);
  await expect(page.getByRole("row").filter({ hasText: stockNumber })).toHaveCount(2);
});
