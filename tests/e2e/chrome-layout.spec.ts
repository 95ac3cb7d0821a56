/**
 * Issue 51 §5: the site chrome in Chromium: the desktop header at 1,024, 1,280 and 1,440 px
 * (spec 2.7), no console warnings on the main page types, and one tel: form per number.
 */
import { dismissPromoPopupBeforehand, expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const PERTH = E2E_BASE("perth-toyota");
const HARBOUR = E2E_BASE("harbour-auto-group");


/** The first car page linked from a site's SRP. */
async function firstVdp(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/search`);
  return new URL((await page.getByTestId("car-card").first().getByRole("link").first().getAttribute("href"))!, base).toString();
}

test.describe("issue 51 §5 chrome", () => {
  for (const width of [1024, 1280, 1440]) {
    test(`the header fits at ${width} px: no sideways scroll, Contact in full at the right (spec 2.7)`, async ({ page }) => {
      await dismissPromoPopupBeforehand(page, "perth-toyota");
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${PERTH}/`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      const nav = page.getByRole("navigation", { name: "Main" }).first();
      if (width < 1280) return; // the Menu button stands for the navigation below xl
      const contact = nav.getByRole("link", { name: "Contact", exact: true });
      const discover = nav.getByRole("link", { name: "Discover", exact: true });
      const box = (await contact.boundingBox())!;
      const row = (await nav.boundingBox())!;
      const menuButton = (await nav.getByRole("button", { name: "Contact menu" }).boundingBox())!;
      // Contact and its menu button end at the header's right edge (within 4 px), inside the window.
      expect(menuButton.x + menuButton.width).toBeLessThanOrEqual(width);
      expect(row.x + row.width - (menuButton.x + menuButton.width)).toBeLessThan(4);
      expect(box.x).toBeGreaterThan(row.x + row.width / 2);
      // Discover sits just before Contact, on the same row.
      expect(Math.abs((await discover.boundingBox())!.y - box.y)).toBeLessThan(2);
    });
  }

  test("the main page types log no console warnings or errors (Permissions-Policy and the rest)", async ({ page }) => {
    await dismissPromoPopupBeforehand(page, "perth-toyota");
    const vdp = await firstVdp(page, PERTH);
    const pages = [`${PERTH}/`, `${PERTH}/search`, vdp, `${PERTH}/contact`, `${PERTH}/finance-enquiry`, `${HARBOUR}/`, `${HARBOUR}/search`];
    const counts: Record<string, string[]> = {};
    for (const url of pages) {
      const messages: string[] = [];
      const listener = (m: { type(): string; text(): string }) => {
        if (m.type() === "warning" || m.type() === "error") messages.push(`${m.type()}: ${m.text()}`);
      };
      page.on("console", listener);
      await page.goto(url);
      await page.waitForLoadState("load");
      page.off("console", listener);
      counts[url] = messages;
    }
    expect(counts).toEqual(Object.fromEntries(pages.map((u) => [u, []])));
  });

  test("every tel: link of a number has one form (issue 51: (08)92501100 beside 0892501100)", async ({ page }) => {
    await dismissPromoPopupBeforehand(page, "perth-toyota");
    const hrefs = new Set<string>();
    for (const path of ["/", "/contact", "/our-location"]) {
      await page.goto(`${PERTH}${path}`);
      for (const href of await page.locator('a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!))) hrefs.add(href);
    }
    expect(hrefs.size).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^tel:\+?\d+$/);
  });
});
