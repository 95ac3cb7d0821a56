/**
 * Decision 209 (issue 15 TBT): blocks that usually start below the first screen (result cards
 * after the first two, similar cars, the footer) are rendered by the
 * browser when they near the screen (`content-visibility: auto`), so the page's first rendering
 * task styles and lays out a fraction of the page. Their content is in the page all along: a
 * fragment link, a scroll or the keyboard brings it up.
 *
 * `checkVisibility({ contentVisibilityAuto: true })` is false for an element whose rendering the
 * browser is skipping; without that option it counts as visible (as for a shopper's tools).
 */
import { expect, test } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const SRP = () => `${E2E_BASE("harbour-auto-group")}/search?car_type=used`;

/** Whether the browser renders `selector`'s first match now (false while it skips it). */
const rendered = (page: import("@playwright/test").Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first result is rendered at once; a later card and the footer are rendered when scrolled to, with their content in the page before", async ({ page }) => {
    await page.goto(SRP());
    const cards = page.getByTestId("car-card");
    expect(await cards.count()).toBeGreaterThan(10);
    expect(await rendered(page, "[data-testid=car-card] h3")).toBe(true);
    const tenth = cards.nth(9);
    expect(await tenth.locator("h3").evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);
    expect(await rendered(page, "footer a")).toBe(false);
    // Skipped, not missing: the title is in the page and in the accessibility tree.
    const title = (await tenth.locator("h3").textContent())!.trim();
    expect(title.length).toBeGreaterThan(5);
    await expect(page.getByRole("heading", { name: title, exact: true })).toHaveCount(1);

    await tenth.scrollIntoViewIfNeeded();
    await expect.poll(() => tenth.locator("h3").evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(page, "footer a")).toBe(true);
  });

  test("the filter form below the results shows only when #refine is the target (decision 211): it is not in the page's rendering or its accessibility tree until then", async ({ page }) => {
    await page.goto(SRP());
    expect(await rendered(page, "#refine")).toBe(false);
    expect(await page.locator("#refine").evaluate((el) => getComputedStyle(el).display)).toBe("none");
    await expect(page.getByRole("form", { name: "Refine results" })).toHaveCount(0);
    await page.goto(`${SRP()}#refine`);
    await expect(page.getByRole("form", { name: "Refine results" })).toBeVisible();
    await expect.poll(() => rendered(page, "#refine")).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    const box = await page.locator("#refine").boundingBox();
    expect(box!.y).toBeLessThan(844);
  });

  test("only the logos of cards near the screen are requested; the others load as the shopper scrolls (decision 210)", async ({ page }) => {
    const requested = new Set<string>();
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/brand-logos/")) requested.add(path);
    });
    await page.goto(SRP());
    await page.waitForLoadState("networkidle");
    // Each card's logo, or null. A logo first shown at the tenth card or later is about 5,500 px
    // down: beyond the browser's lazy-loading distance and decision 209's rendering margin.
    const logos = await page.getByTestId("car-card").evaluateAll((cards) =>
      cards.map((card) => {
        const img = card.querySelector<HTMLImageElement>("[data-testid=make-logo] img");
        return img ? new URL(img.src).pathname : null;
      }),
    );
    const far = [...new Set(logos.filter((logo): logo is string => logo !== null))].filter((logo) => logos.indexOf(logo) >= 9);
    expect(far.length).toBeGreaterThan(0);
    expect(requested.size).toBeGreaterThan(0);
    expect(far.filter((logo) => requested.has(logo))).toEqual([]);
    await page.getByTestId("car-card").nth(logos.indexOf(far[0]!)).scrollIntoViewIfNeeded();
    await expect.poll(() => requested.has(far[0]!)).toBe(true);
  });

  test("Tab reaches a later card's link, which the browser then renders", async ({ page }) => {
    await page.goto(SRP());
    const link = page.getByTestId("car-card").nth(5).locator("h3 a");
    expect(await link.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);
    await link.focus();
    await expect.poll(() => link.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    await expect(link).toBeFocused();
  });
});

test("on a wide screen the filter sidebar beside the results is rendered at once", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(SRP());
  expect(await rendered(page, "#refine")).toBe(true);
  expect(await rendered(page, "[data-testid=car-card]:nth-child(3) h3")).toBe(true);
});
