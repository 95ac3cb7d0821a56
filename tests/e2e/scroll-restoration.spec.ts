/**
 * Decision 207 (issue 15 TBT): the root layout's scroll restoration is React Router's hook with a
 * lighter inline script. A new history entry gets its key and `idx` in one `replaceState` and
 * reads no saved positions while the page loads; a reload, and Back after a client navigation,
 * still put the shopper back where they were.
 */
import { expect, test, waitForHydration } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const SRP = () => `${E2E_BASE("harbour-auto-group")}/search?car_type=used`;

test("a new entry gets its key and idx in one replaceState, and saved positions are not read in that task", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __calls: string[]; __inReplaceTask: boolean };
    w.__calls = [];
    w.__inReplaceTask = false;
    const replace = History.prototype.replaceState;
    History.prototype.replaceState = function (...args: Parameters<History["replaceState"]>) {
      w.__calls.push(`replaceState ${JSON.stringify(args[0])}`);
      // Cleared by the first task after this one (a timer set now runs before the script's own).
      w.__inReplaceTask = true;
      setTimeout(() => (w.__inReplaceTask = false), 0);
      return replace.apply(this, args);
    };
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (this === window.sessionStorage && key === "react-router-scroll-positions") w.__calls.push(w.__inReplaceTask ? "read positions in the same task" : "read positions");
      return getItem.call(this, key);
    };
    document.addEventListener("forecourt:hydrated", () => w.__calls.push("hydrated"), { once: true });
  });
  await page.goto(SRP());
  const calls = await page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);
  const replaces = calls.filter((c) => c.startsWith("replaceState"));
  expect(replaces).toHaveLength(1);
  expect(replaces[0]).toMatch(/^replaceState \{"key":"[0-9a-v]+","idx":0\}$/);
  // Storage is opened in a later task, and React Router's hook reads the positions while it hydrates.
  expect(calls).not.toContain("read positions in the same task");
  expect(calls.indexOf("read positions")).toBeGreaterThan(calls.indexOf(replaces[0]));
  expect(calls.indexOf("read positions")).toBeLessThan(calls.indexOf("hydrated"));
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
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
});

test("Back after a client navigation returns to the position the shopper left, and the next page starts at the top", async ({ page }) => {
  await page.goto(SRP());
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const card = page.getByTestId("car-card").nth(5);
  await card.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => Math.round(window.scrollY));
  expect(y).toBeGreaterThan(200);
  await card.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?car_type=used$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
