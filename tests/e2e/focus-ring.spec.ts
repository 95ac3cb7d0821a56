/**
 * Issue 50 item 6 in Chromium: the keyboard focus outline on the primary-coloured header is the
 * theme's own focus colour for that surface (the accent where it stands out from the primary by
 * 3:1, else the text colour on the primary), and the accent on the page. Two demo themes. With
 * FOCUS_SCREENSHOTS=dir, each focused header is also saved there as a 1280x800 screenshot.
 */
import { dismissPromoPopupBeforehand, expect, test } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";
import { DEMO_SITES } from "../../db/seed/demo-sites";
import { contrastRatio, focusRingOnPrimary } from "../../app/domain/display/theme-contrast";
import { SiteConfigSchema } from "../../app/sites/site-config";

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

for (const slug of ["perth-toyota", "harbour-auto-group"]) {
  test(`the focused header link on ${slug} has an outline of 3:1 or more against the header`, async ({ page }) => {
    const theme = SiteConfigSchema.parse(DEMO_SITES.find((s) => s.slug === slug)!.config ?? {}).theme;
    const ring = focusRingOnPrimary(theme);
    expect(contrastRatio(ring, theme.primary)).toBeGreaterThanOrEqual(3);
    // Behind an open popup the page is inert and takes no focus.
    await dismissPromoPopupBeforehand(page, slug);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${E2E_BASE(slug)}/`);
    const home = page.locator("header.site-header").getByRole("link", { name: /home$/ });
    // A key press first, so the browser treats the focus as keyboard focus (:focus-visible).
    await page.keyboard.press("Tab");
    await expect(async () => {
      await home.focus();
      const style = await home.evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.outlineColor, style: s.outlineStyle, width: s.outlineWidth };
      });
      expect(style).toEqual({ color: rgb(ring), style: "solid", width: "3px" });
    }).toPass({ timeout: 30_000 });
    if (process.env.FOCUS_SCREENSHOTS) await page.screenshot({ path: `${process.env.FOCUS_SCREENSHOTS}/focus-${slug}.png` });
    // On the page itself the outline is the accent (checked against the page background).
    const main = page.locator("main a[href]").first();
    await main.focus();
    await expect(main).toBeFocused();
    expect(await main.evaluate((el) => getComputedStyle(el).outlineColor)).toBe(rgb(theme.accent));
  });
}
