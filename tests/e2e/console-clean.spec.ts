/**
 * Issue 51 "Must show": a console-warning count per page, kept at 0. On each demo site, Chromium
 * loads the home page, an SRP, a VDP, finance, a location page and a form page, and every console
 * warning or error (and any uncaught page error) is collected with the page it came from. The
 * expected list is empty; a failure names each message and its page.
 *
 * Test double: this machine has no internet, so requests to other hosts (the location map's
 * OpenStreetMap tiles) are answered here with a blank 1x1 PNG, as the real tile server would
 * answer with an image; a failed lookup would otherwise log "Failed to load resource".
 */
import { expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

/** A transparent 1x1 PNG. */
const BLANK_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

const DEMO_SITES = ["perth-toyota", "harbour-auto-group", "southern-cross-used", "sunshine-state-cars", "outback-caravans"] as const;

/** The first link on the page whose href matches `pattern` (a path), else null. */
async function firstHref(page: Page, pattern: RegExp): Promise<string | null> {
  const hrefs = await page.locator("a[href]").evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
  return hrefs.find((h) => pattern.test(h)) ?? null;
}

for (const slug of DEMO_SITES) {
  test(`issue 51: ${slug}'s home, SRP, VDP, finance, location and form pages log 0 console warnings and 0 errors`, async ({ page }) => {
    const base = E2E_BASE(slug);
    let current = "";
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") logged.push(`${current} [${message.type()}] ${message.text()}`);
    });
    page.on("pageerror", (error) => logged.push(`${current} [pageerror] ${error.message}`));
    await page.route((url) => !url.hostname.endsWith("localhost"), (route) => route.fulfill({ status: 200, contentType: "image/png", body: BLANK_PNG }));
    const visit = async (path: string) => {
      current = path;
      const response = await page.goto(`${base}${path}`);
      expect(response?.status(), path).toBeLessThan(400);
      // Late requests (images, prefetches) log too: wait for the network to settle.
      await page.waitForLoadState("networkidle");
    };

    await visit("/");
    await visit("/search");
    const car = await firstHref(page, /^\/cars\/[a-z0-9-]+$/);
    expect(car, "a car on the SRP").not.toBeNull();
    await visit(car!);
    await visit("/finance");
    await visit("/our-location");
    const location = await firstHref(page, /^\/(our-location|contact-us)\/[a-z0-9-]+$/);
    if (location) await visit(location);
    await visit("/enquiries/general-enquiry");

    expect(logged).toEqual([]);
  });
}
