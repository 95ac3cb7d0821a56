/**
 * Decisions 207 and 212 (issue 15 TBT): the root layout's scroll restoration is React Router's
 * behaviour with a lighter inline script and hook. A new history entry gets its key and `idx` in
 * one `replaceState` and reads no saved positions while the page loads; a reload, Back after a
 * client navigation, and Back to an entry made by an earlier document still put the shopper back
 * where they were.
 */
import { expect, test, waitForHydration } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const SRP = () => `${E2E_BASE("harbour-auto-group")}/search?car_type=used`;

test("a reload puts the page back at the shopper's scroll position", async ({ page }) => {
  await page.goto(SRP());
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
  await page.reload();
  await waitForHydration(page);
  // Within a pixel: the cards below the first screen are laid out as they near it, and the
  // browser's scroll anchoring keeps the same content in view (decisions 209, 212).
  await expect.poll(() => page.evaluate(() => Math.abs(Math.round(window.scrollY) - 1500))).toBeLessThanOrEqual(1);
});

/**
 * Opens the used-car results, scrolls the sixth card into view and follows its link (a client
 * navigation to the car's page). @returns the results page's scroll position when it was left (px).
 */
async function scrollResultsThenOpenACar(page: import("@playwright/test").Page): Promise<number> {
  await page.goto(SRP());
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const card = page.getByTestId("car-card").nth(5);
  await card.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => Math.round(window.scrollY));
  expect(y).toBeGreaterThan(200);
  await card.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\//);
  return y;
}

test("Back after a client navigation returns to the position the shopper left, and the next page starts at the top", async ({ page }) => {
  const y = await scrollResultsThenOpenACar(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?car_type=used$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("positions saved by an earlier document survive a later one that never read them (decision 212)", async ({ page }) => {
  const y = await scrollResultsThenOpenACar(page);
  // A new document as a new entry: it reads no saved positions while it loads, yet when it is
  // left it must write them back with the first document's, not instead of them.
  await page.goto(`${E2E_BASE("harbour-auto-group")}/our-location`);
  await waitForHydration(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/cars\//);
  await waitForHydration(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?car_type=used$/);
  await expect.poll(() => page.evaluate((saved) => Math.abs(Math.round(window.scrollY) - saved), y)).toBeLessThanOrEqual(1);
});

// Under load the car page's router can be created after the second Back: it rendered the results
// over the car's HTML and, unloading for the reload, saved their top-of-page position (2-3 in 20
// before traversal-before-hydration.tsx stopped the unloading page from saving).
test("Back twice quickly, the second press before the page has hydrated, still returns to the results' position", async ({ page }) => {
  const y = await scrollResultsThenOpenACar(page);
  await page.goto(`${E2E_BASE("harbour-auto-group")}/our-location`);
  await waitForHydration(page);
  // The first Back loads the car's page as a document; the second comes before it has hydrated,
  // and Chrome makes it a same-document traversal that React Router is not listening for yet.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?car_type=used$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used cars");
  await expect.poll(() => page.evaluate((saved) => Math.abs(Math.round(window.scrollY) - saved), y)).toBeLessThanOrEqual(1);
});
