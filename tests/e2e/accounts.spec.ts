/**
 * Issue 9 in Chromium on the accounts demo site (harbour-auto-group: authentication, watchlist,
 * My Garage on): phone sign-in with the code read from the SMS outbox, watchlist save/remove with
 * the spec 8 toasts, the server's watchlist after a reload, sign-out, the spec 6 gate's redirect
 * with `redirect` and `back`, a refused open redirect, and the same flow without JavaScript.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";
import { signInOnPage } from "./sign-in";

const SITE = E2E_BASE("harbour-auto-group");
/** The toast on screen (spec 4: at most one; a replaced one stays in the DOM, hidden, while it animates out). */
const TOAST = '[data-sonner-toast][data-visible="true"]';

/** Path of the first in-stock used car on the demo site. */
async function firstCarPath(page: Page): Promise<{ path: string; title: string }> {
  await page.goto(`${SITE}/search/used-cars`);
  const link = page.getByTestId("car-card").first().getByRole("heading").getByRole("link");
  return { path: (await link.getAttribute("href"))!, title: (await link.textContent())!.trim() };
}

test.describe("with JavaScript", () => {
  test("sign in by code, save and remove a car with the toasts, reload shows the server's list, sign out", async ({ page }) => {
    const car = await firstCarPath(page);
    await page.goto(`${SITE}${car.path}`);
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${SITE}/sign-in?type=account&redirect=${encodeURIComponent(car.path)}&back=${encodeURIComponent(car.path)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // A bad number gets a clear message and keeps what was typed.
    await page.getByLabel("Mobile number").fill("02 9630 1000");
    await page.getByRole("button", { name: "Text me a code" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid Australian mobile number, for example 0412 345 678.");
    await expect(page.getByLabel("Mobile number")).toHaveValue("02 9630 1000");

    await signInOnPage(page);
    await expect(page).toHaveURL(`${SITE}${car.path}`);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Sign out" })).toBeVisible();

    // Decision 209: sonner (and the stylesheet it adds to the page) loads with the first toast, not with the page.
    const sonnerStyles = () => page.evaluate(() => [...document.querySelectorAll("style")].filter((s) => s.textContent?.includes("[data-sonner-toaster]")).length);
    await page.waitForLoadState("networkidle"); // what loads after hydration has loaded
    expect(await sonnerStyles()).toBe(0);
    // Save: at once locally, then the toast (spec 8) with 'View List'; analytics event 39.
    await page.getByRole("button", { name: `Save ${car.title} to your watchlist` }).click();
    const toast = page.locator(TOAST);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("Car Saved In Watchlist");
    await expect(toast).toContainText(`${car.title} is now available in your watchlist`);
    await expect(toast.getByRole("button", { name: "View List" })).toBeVisible();
    expect(await sonnerStyles()).toBe(1);
    await expect(page.getByRole("button", { name: `Saved: remove ${car.title} from your watchlist` })).toBeVisible();
    expect(await page.evaluate(() => ((window as unknown as { dataLayer?: { event_id: number }[] }).dataLayer ?? []).map((e) => e.event_id))).toContain(39);

    // Reload: the saved state comes from the server.
    await page.reload();
    await expect(page.getByRole("button", { name: `Saved: remove ${car.title} from your watchlist` })).toBeVisible();
    await page.goto(`${SITE}/my-garage`);
    await expect(page.getByRole("heading", { level: 1, name: "My Garage" })).toBeVisible();
    await expect(page.getByTestId("watchlist-item")).toHaveCount(1);
    await expect(page.getByTestId("watchlist-item").getByRole("link", { name: car.title })).toHaveAttribute("href", car.path);
    await expect(page.getByTestId("watchlist-price")).toHaveText(/^\$[\d,]+/);
    const garageAxe = await new AxeBuilder({ page }).analyze();
    expect(garageAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // Remove: the toast, and the server forgets it.
    await page.goto(`${SITE}${car.path}`);
    await page.getByRole("button", { name: `Saved: remove ${car.title} from your watchlist` }).click();
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("Car Removed");
    await expect(toast).toContainText(`${car.title} is no longer in your watchlist`);
    await page.reload();
    await expect(page.getByRole("button", { name: `Save ${car.title} to your watchlist` })).toBeVisible();
    await page.goto(`${SITE}/my-garage`);
    await expect(page.getByTestId("watchlist-empty")).toBeVisible();

    // Sign out: the session ends; My Garage is gated again.
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${SITE}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto(`${SITE}/my-garage`);
    await expect(page).toHaveURL(/\/sign-in\?type=garage&redirect=%2Fmy-garage/);
  });

  test("a card's Save while signed out signs in, then the car is saved; the toast's 'View List' opens My Garage", async ({ page }) => {
    await page.goto(`${SITE}/search/used-cars`);
    const card = page.getByTestId("car-card").first();
    const title = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: `Save ${title} to your watchlist` }).click();
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist&redirect=%2Fsearch%2Fused-cars&back=%2Fsearch%2Fused-cars&car_id=\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to save this car" })).toBeVisible();
    await signInOnPage(page);
    await expect(page).toHaveURL(`${SITE}/search/used-cars`);
    const saved = page.getByTestId("car-card").first().getByRole("button", { name: `Saved: remove ${title} from your watchlist` });
    await expect(saved).toBeVisible();
    // Remove then save again from the card, and follow the toast to My Garage.
    await saved.click();
    await expect(page.locator(TOAST)).toContainText("Car Removed");
    await page.getByTestId("car-card").first().getByRole("button", { name: `Save ${title} to your watchlist` }).click();
    await expect(page.locator(TOAST)).toContainText("Car Saved In Watchlist");
    await page.locator(TOAST).getByRole("button", { name: "View List" }).click();
    await expect(page).toHaveURL(`${SITE}/my-garage`);
    await expect(page.getByTestId("watchlist-item").getByRole("link", { name: title })).toBeVisible();
  });

  test("a gated page sends a signed-out shopper to sign in with redirect = the page and back = the previous page", async ({ page }) => {
    await page.goto(`${SITE}/spin-to-win`, { referer: `${SITE}/search/used-cars` });
    await expect(page).toHaveURL(`${SITE}/sign-in?type=spin-to-win&redirect=%2Fspin-to-win&back=%2Fsearch%2Fused-cars`);
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/search/used-cars");
    await signInOnPage(page);
    await expect(page).toHaveURL(`${SITE}/spin-to-win`);
    await expect(page.getByRole("heading", { level: 1, name: "Spin to Win at Harbourside" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Terms and conditions" })).toBeVisible();
  });

  test("an open-redirect attempt is refused: after sign-in the shopper stays on this site", async ({ page }) => {
    await page.goto(`${SITE}/sign-in?type=watchlist&redirect=${encodeURIComponent("https://evil.example/phish")}&back=${encodeURIComponent("//evil.example")}`);
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    await signInOnPage(page);
    await expect(page).toHaveURL(`${SITE}/`);
    await page.goto(`${SITE}/sign-in?redirect=${encodeURIComponent("/\\evil.example")}`);
    // Already signed in: straight to the (refused, so home) target.
    await expect(page).toHaveURL(`${SITE}/`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Save on a VDP -> sign in by code -> back on the VDP with the car saved; remove works too", async ({ page }) => {
    const car = await firstCarPath(page);
    await page.goto(`${SITE}${car.path}`);
    await page.getByRole("link", { name: `Save ${car.title} to your watchlist` }).click();
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?type=watchlist&redirect=${encodeURIComponent(car.path)}&back=`));
    await signInOnPage(page);
    await expect(page).toHaveURL(`${SITE}${car.path}`);
    await expect(page.getByRole("button", { name: `Saved: remove ${car.title} from your watchlist` })).toBeVisible();
    await page.getByRole("button", { name: `Saved: remove ${car.title} from your watchlist` }).click();
    await expect(page).toHaveURL(`${SITE}${car.path}`);
    await expect(page.getByRole("button", { name: `Save ${car.title} to your watchlist` })).toBeVisible();
    await page.getByRole("button", { name: `Save ${car.title} to your watchlist` }).click();
    await page.goto(`${SITE}/my-garage`);
    await expect(page.getByTestId("watchlist-item").getByRole("link", { name: car.title })).toBeVisible();
  });
});
