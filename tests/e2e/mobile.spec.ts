/**
 * Issue 17: the phone layouts at 390 x 844 (iPhone 12-15 class): on every demo site's SRP the
 * first car card starts within the first screen; on a VDP the title, the price and the first
 * primary button do; the filter drawer opens, applies a make and shows the matching count.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";
import { DEMO_SITES } from "../../db/seed/demo-sites";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The element's top edge, in CSS pixels from the top of the document at scroll 0. */
async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element has no box (hidden?)");
  return box.y;
}

async function expectAboveFold(page: Page, locator: Locator, what: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = await topOf(locator);
  expect(top, `${what} starts at ${top}px`).toBeLessThan(PHONE.height);
  expect(top).toBeGreaterThanOrEqual(0);
}

for (const site of DEMO_SITES) {
  test(`${site.slug}: the SRP's first car card starts within the first phone screen`, async ({ page }) => {
    await page.goto(`${E2E_BASE(site.slug)}/search`);
    const first = page.getByTestId("car-card").first();
    await expect(first).toBeVisible();
    await expectAboveFold(page, first, "first car card");
  });
}

test("a VDP shows the title, price and first primary button within the first phone screen", async ({ page }) => {
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search/used-cars`);
  const href = await page.getByTestId("car-card").first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/cars\//);
  await page.goto(`${E2E_BASE("harbour-auto-group")}${href}`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible();
  await expectAboveFold(page, title, "title");
  await expectAboveFold(page, page.getByTestId("vdp-price"), "price");
  const firstPrimary = page.getByTestId("vdp-primary-buttons").getByRole("link").first();
  await expect(firstPrimary).toBeVisible();
  const box = (await firstPrimary.boundingBox())!;
  expect(box.y + box.height, "first primary button fully on the first screen").toBeLessThanOrEqual(PHONE.height);
  // Tabs and specifications come after the buttons on a phone.
  expect(await topOf(page.getByRole("heading", { name: "Specifications" }))).toBeGreaterThan(box.y);
});

test("the filter drawer opens from 'Filter (n)', applies a make and shows the matching count", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search`);
  // Before hydration 'Filter (0)' is a link to the form; once hydrated it is the drawer's button.
  const open = page.getByRole("button", { name: "Filter (0)" });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.click();
  const drawer = page.getByRole("dialog", { name: "Filters" });
  await expect(drawer).toBeVisible();
  const axe = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const make = drawer.getByTestId("facet-make").getByRole("listitem").first();
  const makeName = (await make.locator("span").filter({ hasNotText: /^\d[\d,]*$/ }).last().innerText()).trim();
  const expected = Number((await make.getByTestId("facet-count").innerText()).replace(/\D/g, ""));
  await make.getByRole("checkbox").check();
  await expect(page).toHaveURL(new RegExp(`make=${encodeURIComponent(makeName).replace(/%20/g, "(\\+|%20)")}`), { timeout: 20_000 });
  const show = drawer.getByRole("button", { name: `Show ${expected.toLocaleString("en-AU")} cars` });
  await expect(show).toBeVisible({ timeout: 20_000 });
  await show.click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Filter (1)" })).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(`${expected.toLocaleString("en-AU")} ${expected === 1 ? "result" : "results"}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Filter (n)' is a link to the plain filter form, shown only once asked for (decision 211), which still submits", async ({ page }) => {
    await page.goto(`${E2E_BASE("harbour-auto-group")}/search`);
    const form = page.getByRole("form", { name: "Refine results" });
    await expect(form).toBeHidden();
    const link = page.getByRole("link", { name: "Filter (0)" });
    await expect(link).toHaveAttribute("href", "#refine");
    await link.click();
    await expect(form).toBeInViewport();
    await form.getByTestId("facet-make").getByRole("checkbox").first().check();
    await form.getByRole("button", { name: "Show results" }).click();
    await expect(page).toHaveURL(/\/search\?(.*&)?make=[^&]+/);
    await expect(page.getByRole("link", { name: "Filter (1)" })).toBeVisible();
  });
});
