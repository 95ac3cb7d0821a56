/**
 * Issue 10 "Must show" in Chromium: the online purchase journey (spec 2.1 /checkout-journey)
 * from the VDP's 'Buy Online' button to the confirmation, with a reload in the middle (progress
 * is kept server side), the spec's trade-in and postcode rules, and the deposit paid with a test
 * card. The car then shows 'Reserved' (spec 4).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const HARBOUR = E2E_BASE("harbour-auto-group");

test("purchase journey: details, trade-in, finance, delivery, deposit, confirmation, with a reload in the middle", async ({ page }) => {
  await page.goto(`${HARBOUR}/search?sortBy=price_asc`);
  const reserve = page.getByRole("link", { name: "Reserve Now" }).first();
  const href = (await reserve.getAttribute("href")) ?? "";
  const slug = href.match(/^\/cars\/([a-z0-9-]+)\/checkout$/)![1];
  await page.goto(`${HARBOUR}/cars/${slug}`);
  await page.getByTestId("vdp-buttons").getByRole("link", { name: "Buy Online" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout-journey\\?car_id=${slug}$`));
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Step 1: details, with the spec 5 postcode message first.
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Last Name").fill("Journey");
  await page.getByLabel("Mobile").fill("0412 345 678");
  await page.getByLabel("Email").fill("sam.journey@example.com");
  await page.getByLabel("Postcode").fill("21");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("error-warning")).toContainText("Invalid postcode. Please enter a 4-digit number.");
  await page.getByLabel("Postcode").fill("2150");
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 2: trade-in (yes needs rego and km); the valuation flow is linked.
  await expect(page.getByRole("heading", { name: "Trade-in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Value your trade-in" })).toHaveAttribute("href", /^\/cars\/trade-in\?car_id=\d+$/);
  await page.getByLabel("Do You Have A Trade-In").selectOption("Yes");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("error-warning")).toContainText("Please enter your trade-in's rego");
  await page.getByLabel("Trade-in rego (if yes)").fill("abc123");
  await page.getByLabel("Trade-in odometer, km (if yes)").fill("85,000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Finance", exact: true })).toBeVisible();

  // Reload in the middle: the journey is where we left it, and going back shows what was saved.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Finance", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Trade-in rego (if yes)")).toHaveValue("ABC123");
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 3: finance, the calculator and 'I'm interested in finance'.
  await expect(page.getByRole("heading", { name: "Finance", exact: true })).toBeVisible();
  await expect(page.getByLabel(/Purchase price/i).first()).toBeVisible();
  await page.getByRole("checkbox", { name: "I'm interested in finance" }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 4: delivery; the postcode must exist in the embedded postcode data.
  await expect(page.getByRole("heading", { name: "Delivery or pickup" })).toBeVisible();
  await page.getByRole("radio", { name: "Deliver to my postcode" }).check();
  await page.getByLabel("Delivery postcode (for delivery)").fill("0001");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("error-warning")).toContainText("Invalid postcode");
  await page.getByRole("radio", { name: "Deliver to my postcode" }).check();
  await page.getByLabel("Delivery postcode (for delivery)").fill("2000");
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 5: deposit with a test card.
  await expect(page.getByRole("heading", { name: "Deposit" })).toBeVisible();
  await expect(page.getByText("Test payment: no money moves")).toBeVisible();
  await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $200 deposit" }).click();

  // Step 6: confirmation, which a reload keeps.
  const confirmation = page.getByTestId("journey-confirmation");
  await expect(confirmation).toContainText("Thank you: your purchase is under way");
  await expect(confirmation).toContainText("Yes: ABC123, 85,000 km");
  await expect(confirmation).toContainText("I'm interested in finance");
  await expect(confirmation).toContainText(/Delivery to [A-Z ]+ NSW 2000/);
  await page.reload();
  await expect(page.getByTestId("journey-confirmation")).toBeVisible();

  await page.goto(`${HARBOUR}/cars/${slug}`);
  await expect(page.getByTestId("vdp-tag")).toHaveText("Reserved");
  await expect(page.getByTestId("vdp-buttons").getByRole("link", { name: "Buy Online" })).toHaveCount(0);
});
