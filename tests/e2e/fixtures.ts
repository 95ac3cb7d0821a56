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
import { DEMO_SITES } from "../../db/seed/demo-sites";
import { popupStorageKey } from "../../app/domain/navigation/navigation";
import { SiteConfigSchema } from "../../app/sites/site-config";

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

/**
 * Records a demo site's promotional popup (spec 4) as dismissed before any page script runs, as for
 * a returning shopper, for tests about other things: the popup is a modal that opens once the page
 * is idle, which on a busy machine can be at any step, and makes the page behind it inert. The key
 * is the site's own (its config's popup id). Does nothing for a site without a popup.
 */
export async function dismissPromoPopupBeforehand(page: Page, siteSlug: string): Promise<void> {
  const popup = SiteConfigSchema.parse(DEMO_SITES.find((s) => s.slug === siteSlug)?.config ?? {}).navigation.popup;
  if (popup) await page.addInitScript((key) => window.localStorage.setItem(key, "test"), popupStorageKey(siteSlug, popup.id));
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
