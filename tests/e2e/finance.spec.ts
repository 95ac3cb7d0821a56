/**
 * Issue 4 (spec 5 "Finance estimate display" / "Finance calculator", spec 2.1, 7): the estimate on
 * car cards ('Enquire for Finance' at $25 a week or less), the calculator on a VDP clamping an
 * out-of-range price with the help message and repricing, event 26 once, and the finance pages.
 * Expected figures come from the same engine the server uses, with the demo site's config.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";
import { DEMO_SITES } from "../../db/seed/demo-sites";
import { SiteConfigSchema } from "../../app/sites/site-config";
import { calculatorConfigFor, lenderAssumptionsFor } from "../../app/sites/finance-options";
import { buildLenderData } from "../../app/domain/finance/estimate";
import { calculateFinanceCalculator, initialCalculatorValues } from "../../app/domain/finance/calculator";

const configOf = (slug: string) => SiteConfigSchema.parse(DEMO_SITES.find((d) => d.slug === slug)!.config);
const AUD = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2 });
const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ""));

function cards(page: Page): Locator {
  return page.getByRole("region", { name: "Results" }).getByRole("article");
}

test("spec 5: a qualifying used car's card shows the engine's weekly payment and both rates; a cheap car reads 'Enquire for Finance'", async ({ page }) => {
  const config = configOf("harbour-auto-group");
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search/used-cars?sortBy=price_asc`);
  // Cheapest used cars: an $88 car (price not above $500: no estimate) and cars of a few thousand dollars.
  const enquire = cards(page).filter({ has: page.getByTestId("finance-payment").getByText("Enquire for Finance", { exact: true }) }).first();
  await expect(enquire).toBeVisible();
  const cheapPrice = dollars(await enquire.getByTestId("car-price").innerText());
  expect(cheapPrice).toBeGreaterThan(500);
  expect(buildLenderData(cheapPrice, lenderAssumptionsFor(config, "used")!).paymentWeek).toBeLessThanOrEqual(25);
  // Issue 51 / spec 4: 'Enquire for Finance' stands alone: no rates, no 'Total payable' disclaimer.
  await expect(enquire.getByTestId("finance-payment")).toHaveText("Enquire for Finance");
  await expect(enquire.getByTestId("finance-comparison-rate")).toHaveCount(0);
  await expect(enquire.getByTestId("finance-disclaimer")).toHaveCount(0);

  // The demo lists no priced car at $500 or less (decision 240); the rule that such a car has no
  // estimate is held by the finance unit tests.
  expect(dollars(await cards(page).first().getByTestId("car-price").innerText())).toBeGreaterThan(500);

  // A dearer car: its card shows "$N per week" with N from the engine.
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search/used-cars?price=20000:30000&sortBy=price_asc`);
  const card = cards(page).filter({ has: page.getByTestId("finance-estimate") }).first();
  const price = dollars(await card.getByTestId("car-price").innerText());
  const expected = buildLenderData(price, lenderAssumptionsFor(config, "used")!);
  await expect(card.getByTestId("finance-payment")).toHaveText(`$${expected.paymentWeek} per week`);
  await expect(card.getByTestId("finance-interest-rate")).toHaveText("8.99% p.a.");
  await expect(card.getByTestId("finance-comparison-rate")).toHaveText(`${expected.comparisonRate!.toFixed(2)}% p.a.`);
  // The disclaimer toggles Show More / Show Less and carries the comparison-rate warning.
  const toggle = card.getByText("Show More", { exact: true });
  await toggle.click();
  await expect(card.getByText("Show Less", { exact: true })).toBeVisible();
  await expect(card.getByText(/WARNING: This comparison rate is true only for the examples given/)).toBeVisible();
  await expect(card.getByRole("link", { name: "Finance Enquiry" })).toHaveAttribute("href", /^\/apply-for-finance\?preferredDealership=[a-z0-9-]+&vehiclePriceBudget=\d+&car_id=\d+&car_type=used#finance-form$/);
});

test("spec 5: the VDP calculator clamps an out-of-range price with the help message, reprices, and fires event 26 once", async ({ page }) => {
  const config = calculatorConfigFor(configOf("sunshine-state-cars"));
  await page.goto(`${E2E_BASE("sunshine-state-cars")}/search/used-cars?price=15000:25000`);
  await cards(page).first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page.getByTestId("finance-panel")).toBeVisible({ timeout: 20_000 });
  const carPrice = dollars(await page.getByTestId("vdp-price").innerText());
  // Issue 17: the calculator starts at the site provider's rate for the car (the teaser's rate) when there is one.
  const teaserRate = page.getByTestId("finance-teaser").getByTestId("finance-interest-rate");
  const rate = (await teaserRate.count()) ? parseFloat(await teaserRate.innerText()) : null;

  await page.getByText("Calculate your repayments").click();
  const calculator = page.getByTestId("finance-calculator");
  const priceInput = calculator.getByRole("textbox", { name: "Purchase price" });
  const repayment = calculator.getByTestId("calculator-repayment");
  const initial = calculateFinanceCalculator(initialCalculatorValues(carPrice, config, rate), config);
  await expect(priceInput).toHaveValue(carPrice.toLocaleString("en-AU"));
  await expect(repayment).toHaveText(AUD.format(initial.schedule.payment));

  const over = calculateFinanceCalculator({ ...initialCalculatorValues(carPrice, config, rate), purchasePrice: 400_000 }, config);
  // Typing works once the page has hydrated: retry the whole interaction until it does.
  await expect(async () => {
    await priceInput.fill("400000");
    await priceInput.press("Tab");
    await expect(priceInput).toHaveValue("250,000", { timeout: 1_000 });
  }).toPass();
  await expect(calculator.getByTestId("purchase-price-message")).toHaveText("Cannot be less than $5,000 or more than $250,000");
  await expect(repayment).toHaveText(AUD.format(over.schedule.payment));
  expect(over.schedule.payment).not.toBe(initial.schedule.payment);

  // Below this site's $5,000 minimum: clamped up with the same message.
  await priceInput.fill("2,000");
  await priceInput.press("Tab");
  await expect(priceInput).toHaveValue("5,000");
  const under = calculateFinanceCalculator({ ...initialCalculatorValues(carPrice, config, rate), purchasePrice: 5_000 }, config);
  await expect(repayment).toHaveText(AUD.format(under.schedule.payment));

  // A quick pick sets an in-range price and clears the message.
  await calculator.getByRole("button", { name: "$20,000" }).click();
  await expect(priceInput).toHaveValue("20,000");
  await expect(calculator.getByTestId("purchase-price-message")).toHaveText("");

  // The term slider moves in half years from the keyboard.
  await calculator.getByRole("slider").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(calculator.getByTestId("term-value")).toHaveText("4.5 years");

  const events = await page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter((e) => (e as { event_id?: number }).event_id === 26).length);
  expect(events).toBe(1);

  const axe = await new AxeBuilder({ page }).include("[data-testid=finance-panel]").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test("spec 2.1: the finance page answers at the configured path, the others redirect there, and #finance-form is present", async ({ page }) => {
  const response = await page.goto(`${E2E_BASE("perth-toyota")}/finance?vehiclePriceBudget=45000&car_type=used`);
  expect(new URL(page.url()).pathname).toBe("/finance-enquiry");
  expect(new URL(page.url()).search).toBe("?vehiclePriceBudget=45000&car_type=used");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();
  await expect(page.locator("#finance-form").getByRole("heading", { name: "Finance Enquiry" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Purchase price" })).toHaveValue("45,000");

  await page.goto(`${E2E_BASE("harbour-auto-group")}/car-finance`);
  await expect(page.getByRole("heading", { level: 1, name: "About car finance" })).toBeVisible();
  await expect(page.getByText(/WARNING: This comparison rate is true only/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("spec 5: the calculator submits to the finance page, which clamps the price with the help message", async ({ page }) => {
    const config = calculatorConfigFor(configOf("harbour-auto-group"));
    await page.goto(`${E2E_BASE("harbour-auto-group")}/apply-for-finance`);
    const calculator = page.getByTestId("finance-calculator");
    await calculator.getByRole("textbox", { name: "Purchase price" }).fill("400000");
    await calculator.getByRole("spinbutton", { name: /Loan term in years/ }).fill("3.5");
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/price=400000/);
    await expect(calculator.getByRole("textbox", { name: "Purchase price" })).toHaveValue("250,000");
    await expect(calculator.getByTestId("purchase-price-message")).toHaveText("Cannot be less than $1,000 or more than $250,000");
    const expected = calculateFinanceCalculator({ ...initialCalculatorValues(null, config), purchasePrice: 250_000, termYears: 3.5 }, config);
    await expect(calculator.getByTestId("calculator-repayment")).toHaveText(AUD.format(expected.schedule.payment));
  });
});

test("issue 51 / spec 2.1: /finance preselects the preferredDealership location in its picker, with and without it", async ({ page }) => {
  await page.goto(`${E2E_BASE("perth-toyota")}/finance-enquiry?preferredDealership=midland&car_type=used`);
  const picker = page.locator("#finance-form").getByLabel("Preferred Dealership");
  await expect(picker.locator("option:checked")).toHaveText("Swan River Toyota Midland");
  await page.goto(`${E2E_BASE("perth-toyota")}/finance-enquiry?preferredDealership=osborne-park&car_type=used`);
  await expect(page.locator("#finance-form").getByLabel("Preferred Dealership").locator("option:checked")).toHaveText("Swan River Toyota Osborne Park");
  // An unknown slug chooses nothing for the shopper.
  await page.goto(`${E2E_BASE("perth-toyota")}/finance-enquiry?preferredDealership=nowhere`);
  await expect(page.locator("#finance-form").getByLabel("Preferred Dealership").locator("option:checked")).not.toHaveText(/Swan River Toyota/);
});
