/**
 * Issue 51 section 3, in Chromium: the VDP's share menu (spec 4, 7, 9). Copy link writes the
 * page's URL, the button reads 'Copied', and a copied-link toast (a polite live region, spec 9
 * toast time 3 s) says so, then goes. The WhatsApp entry is the app link on a phone and
 * WhatsApp Web on a desktop (spec 7 "WhatsApp (mobile or web)").
 */
import { devices, expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const SITE = E2E_BASE("harbour-auto-group");

/** Opens the first used car's VDP and its share menu; returns the VDP path. */
async function openShareMenu(page: Page): Promise<string> {
  await page.goto(`${SITE}/search/used-cars`);
  const path = (await page.getByTestId("car-card").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
  await page.goto(`${SITE}${path}`);
  await page.locator("summary", { hasText: "Share" }).first().click();
  return path;
}

test.describe("desktop", () => {
  test("issue 51 / spec 4, 9: Copy link copies the URL and shows the copied-link toast, announced politely, which then goes", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const path = await openShareMenu(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const toast = page.locator('[data-sonner-toast][data-visible="true"]', { hasText: "Link copied" });
    await expect(toast).toBeVisible();
    // The toast sits in sonner's polite live region, so screen readers announce it.
    await expect(page.locator('section[aria-live="polite"]').locator("[data-sonner-toast]", { hasText: "Link copied" })).toHaveCount(1);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    // Spec 9: it goes by itself (3 s; the wait is generous, the time is not asserted here).
    await expect(toast).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  });

  test("issue 51 / spec 7: a desktop gets WhatsApp Web", async ({ page }) => {
    await openShareMenu(page);
    const whatsapp = page.getByRole("link", { name: "WhatsApp", exact: true });
    await expect(whatsapp).toHaveCount(1);
    await expect(page.getByRole("link", { name: "WhatsApp Web" })).toHaveCount(0);
    await expect(whatsapp).toHaveAttribute("href", /^https:\/\/web\.whatsapp\.com\/send\?text=/);
  });
});

test.describe("phone", () => {
  const { defaultBrowserType: _, ...pixel } = devices["Pixel 7"];
  test.use(pixel);

  test("issue 51 / spec 7: a phone gets the WhatsApp app link", async ({ page }) => {
    await openShareMenu(page);
    const whatsapp = page.getByRole("link", { name: "WhatsApp", exact: true });
    await expect(whatsapp).toHaveCount(1);
    await expect(page.getByRole("link", { name: "WhatsApp Web" })).toHaveCount(0);
    await expect(whatsapp).toHaveAttribute("href", /^https:\/\/api\.whatsapp\.com\/send\?text=/);
  });
});
