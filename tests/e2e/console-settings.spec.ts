/**
 * Issue 48 "Must show" step 3 and 5 in Chromium: a site manager (added with `npm run staff`, which
 * reaches the running server through its admin socket) changes the no-price text and a phone
 * override, meets a validation error, previews the draft on the site's own host, publishes, sees
 * the public site change, rolls back, and finds every step in the audit trail. axe on the settings
 * and audit pages. The console is server-rendered without the client router (decision 249), so
 * this spec uses Playwright's own `test` (the fixtures' `goto` waits for a hydration the console
 * never has).
 */
import { expect, test, type Browser } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "southern-cross-used";
const NO_PRICE_CAR = `${E2E_BASE(SITE)}/cars/2017-kia-picanto-si-avp-b593abb2bd`;
const NO_PRICE_TEXT = `Ring us for today's price ${Date.now() % 100_000}`;

/** The no-price car's VDP as a shopper sees it (a fresh browser context: no staff or preview cookie). */
async function shopperVdp(browser: Browser): Promise<{ price: string; phone: string; banner: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(NO_PRICE_CAR);
  const result = { price: (await page.getByTestId("vdp-price").textContent()) ?? "", phone: (await page.locator("#call-dealer").getByTestId("dealer-phone").textContent()) ?? "", banner: await page.getByRole("region", { name: "Preview" }).count() };
  await context.close();
  return result;
}

test("issue 48: a site manager edits, previews, publishes and rolls back the settings; the audit trail lists every step", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `e2e-settings-${Date.now()}@dealer.test`;
  const before = await shopperVdp(browser);
  expect(before.price).not.toContain(NO_PRICE_TEXT);

  await signInWithLink(page, staffSignInLink(email, "site-manager", SITE));
  await page.goto(`${CONSOLE}/sites/${SITE}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expectAxeClean(page);

  // A bad value: refused next to its field, nothing typed is lost.
  await page.getByLabel("No price text", { exact: true }).fill(NO_PRICE_TEXT);
  await page.getByLabel("Override", { exact: true }).fill("0400 111 222");
  await page.getByLabel("Primary", { exact: true }).fill("navy");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Not saved");
  await expect(page.locator('[id="f-theme.primary-error"]')).toContainText("a colour like #1a2b3c");
  await expect(page.getByLabel("No price text", { exact: true })).toHaveValue(NO_PRICE_TEXT);
  await expect(page.getByLabel("Override", { exact: true })).toHaveValue("0400 111 222");
  await expectAxeClean(page);

  // Fixed (empty: the inherited colour), saved as a draft: shoppers still see the published site.
  await page.getByLabel("Primary", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  expect((await shopperVdp(browser)).price).not.toContain(NO_PRICE_TEXT);

  // Preview: the real site on its own host with the draft, marked as a preview.
  await page.getByRole("link", { name: "Preview the draft" }).click();
  const previewLink = await page.getByRole("link", { name: /^Open the preview of/ }).getAttribute("href");
  await page.goto(previewLink!);
  await page.goto(NO_PRICE_CAR);
  await expect(page.getByRole("region", { name: "Preview" })).toContainText("Preview of unpublished settings");
  await expect(page.getByTestId("vdp-price")).toHaveText(NO_PRICE_TEXT);
  const shopperDuringPreview = await shopperVdp(browser);
  expect(shopperDuringPreview.price).not.toContain(NO_PRICE_TEXT);
  expect(shopperDuringPreview.banner).toBe(0);

  // Publish: the public site shows it on the next request.
  await page.goto(`${CONSOLE}/sites/${SITE}/settings`);
  await page.getByRole("button", { name: "Publish the draft" }).click();
  await expect(page.getByRole("status")).toContainText(/Published as version \d+/);
  const published = await shopperVdp(browser);
  expect(published.price).toBe(NO_PRICE_TEXT);
  expect(published.phone).toContain("0400");

  // Versions: the diff, then a rollback to the version before (itself a new version).
  await page.goto(`${CONSOLE}/sites/${SITE}/settings/versions`);
  await page.getByRole("link", { name: /^Changes in version/ }).first().click();
  await expect(page.getByRole("table").last()).toContainText("display.noPriceText");
  await page.getByRole("button", { name: /^Roll back to version/ }).first().click();
  await expect(page.getByRole("status")).toContainText(/Rolled back: published as version \d+/);
  const rolledBack = await shopperVdp(browser);
  expect(rolledBack.price).toBe(before.price);
  expect(rolledBack.phone).toBe(before.phone);

  // The audit trail lists every step, filtered to this manager.
  await page.goto(`${CONSOLE}/sites/${SITE}/audit`);
  await page.getByLabel("Who (e-mail contains)").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  const trail = page.getByRole("table");
  for (const step of ["sign-in", "settings.draft-save", "settings.preview", "settings.publish", "settings.rollback"]) await expect(trail).toContainText(step);
  await expect(trail).toContainText("display.noPriceText:");
  await expect(trail).toContainText(JSON.stringify(NO_PRICE_TEXT));
  await expectAxeClean(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as CSV" }).click();
  expect((await download).suggestedFilename()).toBe(`audit-${SITE}.csv`);
});
