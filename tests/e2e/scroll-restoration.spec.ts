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

test("a new entry gets its key and idx in one replaceState, and saved positions are not read while the page loads", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __calls: string[] };
    w.__calls = [];
    const replace = History.prototype.replaceState;
    History.prototype.replaceState = function (...args: Parameters<History["replaceState"]>) {
      w.__calls.push(`replaceState ${JSON.stringify(args[0])}`);
      return replace.apply(this, args);
    };
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (this === window.sessionStorage) w.__calls.push(`read session storage ${key}`);
      return getItem.call(this, key);
    };
    document.addEventListener("forecourt:hydrated", () => w.__calls.push("hydrated"), { once: true });
  });
  await page.goto(SRP());
  const calls = await page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);
  const replaces = calls.filter((c) => c.startsWith("replaceState"));
  expect(replaces).toHaveLength(1);
  expect(replaces[0]).toMatch(/^replaceState \{"key":"[0-9a-v]+","idx":0\}$/);
  // Decision 212: nothing to restore for a new entry, so neither the positions nor React Router's
  // view transitions are read from sessionStorage (not in the script's tasks, not while the page
  // hydrates) until a navigation, Back, Forward or leaving the page needs them.
  expect(calls).toContain("hydrated");
  expect(calls.filter((c) => c.startsWith("read session storage"))).toEqual([]);
  const state = await page.evaluate(() => window.history.state as { key: string; idx: number });
  expect(state.idx).toBe(0);
  expect(state.key).toMatch(/^[0-9a-v]+$/);
});

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
