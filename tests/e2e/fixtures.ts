/**
 * Playwright's `test` with one change: with JavaScript on, `page.goto` to an HTML page returns
 * once the page has hydrated (the browser entry's `forecourt:hydrated` event, app/entry.client.tsx).
 *
 * A page's scripts load after its first paint (decision 190), so the browser's `load` event, which
 * `goto` waits for, can come before the page is interactive. A shopper sees the page and its
 * plain links and forms at once; widgets that need JavaScript (favourites, the price range,
 * dialogs) answer once it has hydrated. Tests of those widgets wait for that moment instead of
 * racing it. Tests without JavaScript are unaffected.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * How long a page may take to hydrate after `goto` (ms): a bound for a busy CI machine, where the
 * e2e suite shares 2 cores with the Vitest suites, not a measure of the page's speed.
 */
const HYDRATION_TIMEOUT_MS = 30_000;

/** Resolves once the current document has hydrated; throws when it has not after HYDRATION_TIMEOUT_MS. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated === true, null, { timeout: HYDRATION_TIMEOUT_MS });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      await page.addInitScript(() => {
        document.addEventListener("forecourt:hydrated", () => ((window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated = true), { once: true });
      });
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
        if (html && (options?.waitUntil ?? "load") !== "commit") await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
});
