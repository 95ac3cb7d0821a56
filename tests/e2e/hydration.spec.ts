/**
 * Decision 185: the browser build runs on Preact, which hydrates by taking, for each element, the
 * first unused server element with the same tag, and does not compare attributes. A component
 * whose first browser render differs from its server render would silently get the wrong
 * element (or a duplicate). This watches the DOM from the end of parsing until the entry's
 * `forecourt:hydrated` event (app/entry.client.tsx) and expects no element added or removed by
 * hydration, other than `<link rel=modulepreload>` and `<script>` elements, which React Router's
 * <Scripts /> renders in <body> while React's server output had hoisted some of them, and the
 * browser-only `<template data-client-title>` (app/root.tsx ClientTitle).
 */
import { expect, test } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";

interface HydrationReport {
  hydrated: boolean;
  changes: string[];
}

const PAGES: { site: string; path: string }[] = [
  { site: "perth-toyota", path: "/" },
  { site: "perth-toyota", path: "/search/used-cars" },
  { site: "harbour-auto-group", path: "/search?page=2" },
  { site: "perth-toyota", path: "/our-location" },
  { site: "harbour-auto-group", path: "/finance" },
  { site: "southern-cross-used", path: "/contact-us" },
  { site: "outback-caravans", path: "/sell-my-car" },
];

test.describe("hydration keeps the server's HTML (decision 185)", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const changes: string[] = [];
      const describe = (n: Element) => `${n.nodeName}${n.id ? `#${n.id}` : ""}${n.getAttribute("data-testid") ? `[${n.getAttribute("data-testid")}]` : ""}`;
      const ignored = (n: Node) =>
        n.nodeType !== 1 || n.nodeName === "SCRIPT" || (n.nodeName === "LINK" && (n as HTMLLinkElement).rel === "modulepreload") || (n as Element).hasAttribute("data-client-title");
      const record = (records: MutationRecord[]) => {
        for (const r of records) {
          for (const n of r.addedNodes) if (!ignored(n)) changes.push(`+${describe(n as Element)} in ${describe(r.target as Element)}`);
          for (const n of r.removedNodes) if (!ignored(n)) changes.push(`-${describe(n as Element)} in ${describe(r.target as Element)}`);
        }
      };
      const observer = new MutationObserver(record);
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") observer.observe(document.documentElement, { childList: true, subtree: true });
      });
      document.addEventListener("forecourt:hydrated", () => {
        record(observer.takeRecords());
        observer.disconnect();
        (window as unknown as { __hydration: HydrationReport }).__hydration = { hydrated: true, changes };
      });
    });
  });

  for (const { site, path } of PAGES) {
    test(`${site}${path}: no element added or removed while hydrating`, async ({ page }) => {
      await page.goto(`${E2E_BASE(site)}${path}`);
      const report = await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration).then((h) => h.jsonValue());
      expect(report?.changes).toEqual([]);
    });
  }

  test("a VDP hydrates in place, and its tabs then work", async ({ page }) => {
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    const href = await page.locator('[data-testid="car-card"] h3 a').first().getAttribute("href");
    await page.goto(`${E2E_BASE("perth-toyota")}${href}`);
    const report = await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration).then((h) => h.jsonValue());
    expect(report?.changes).toEqual([]);
    const tabs = page.getByRole("tablist", { name: "Vehicle information" }).getByRole("tab");
    expect(await page.getByRole("tablist").count()).toBe(1);
    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "false");
  });
});
