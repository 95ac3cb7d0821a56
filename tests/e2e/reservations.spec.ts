/**
 * Issue 10 "Must show" in Chromium: reserve a car with a test card, see 'Reserved' on its card
 * and VDP (spec 4), expire the hold with the job (clock injected through the test hook), see the
 * tag gone and the deposit released; a declined card shows the message and reserves nothing; the
 * /buy-online path variant (spec 2.1) on another site. Without JavaScript for the form posts.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const HARBOUR = E2E_BASE("harbour-auto-group");
const TEST_LABEL = "Test payment: no money moves";

/** The first car on the SRP that offers 'Reserve Now': its slug and stock-number search. */
async function reservableCar(page: Page, base: string, path: "checkout" | "buy-online" = "checkout", skip: string[] = []): Promise<string> {
  await page.goto(`${base}/search?sortBy=price_desc`);
  const links = page.getByRole("link", { name: "Reserve Now" });
  await expect(links.first()).toBeVisible();
  for (const href of await links.evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""))) {
    const m = href.match(new RegExp(`^/cars/([a-z0-9-]+)/${path}$`));
    if (m && !skip.includes(m[1])) return m[1];
  }
  throw new Error("no reservable car on the first page");
}

async function fillDetails(page: Page, card: string) {
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Citizen");
  await page.getByLabel("Mobile").fill("0412 345 678");
  await page.getByLabel("Email").fill("jane.reserve@example.com");
  await page.getByLabel("Postcode").fill("2150");
  const picker = page.getByLabel("Pickup location");
  if (await picker.count()) await picker.selectOption({ index: 1 });
  await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
  await page.getByLabel("Card number").fill(card);
}

async function runExpiry(request: APIRequestContext, now: Date) {
  // Node does not resolve *.localhost: connect to 127.0.0.1 and name the site in the Host header.
  const url = new URL(HARBOUR);
  const response = await request.post(`http://127.0.0.1:${url.port}/__test/reservations/expire`, {
    form: { now: now.toISOString() },
    headers: { host: url.host, origin: url.origin },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { expired: number; released: number };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

test("reserve with a test card: 'Reserved' on the card and VDP; expiry removes the tag and releases the deposit", async ({ page, request }) => {
  const slug = await reservableCar(page, HARBOUR);
  await page.goto(`${HARBOUR}/cars/${slug}/checkout`);
  await expect(page.getByText(TEST_LABEL)).toBeVisible();
  await expect(page.getByTestId("deposit-terms")).toContainText("$200 deposit");
  await expect(page.getByTestId("deposit-terms")).toContainText("48 hours");
  await expect(page.getByTestId("car-price")).toHaveText(/^\$[\d,]+/);

  // Spec 5 / 8 messages first.
  await page.getByRole("button", { name: "Reserve for $200" }).click();
  await expect(page.getByTestId("error-warning")).toContainText("Please fix the following errors:");
  await expect(page.getByTestId("error-warning")).toContainText("*You must agree to the terms of use before submitting.");
  await expect(page.getByTestId("error-warning")).toContainText("Invalid postcode. Please enter a 4-digit number.");

  await fillDetails(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Reserve for $200" }).click();
  await expect(page).toHaveURL(/\?reserved=\d+$/);
  const confirmation = page.getByTestId("reservation-confirmation");
  await expect(confirmation).toContainText("Reserved: we are holding this car for you");
  await expect(confirmation).toContainText("$200 deposit is authorised on your card, not charged");

  await page.goto(`${HARBOUR}/cars/${slug}`);
  await expect(page.getByTestId("vdp-tag")).toHaveText("Reserved");
  await expect(page.getByTestId("vdp-buttons").getByRole("link", { name: "Reserve Now" })).toHaveCount(0);
  await expect(page.getByTestId("vdp-buttons").getByRole("link", { name: "Buy Online" })).toHaveCount(0);
  await page.goto(`${HARBOUR}/search?sortBy=price_desc`);
  const card = page.getByRole("article").filter({ has: page.locator(`a[href="/cars/${slug}"]`) });
  await expect(card.getByTestId("car-tag")).toHaveText("Reserved");
  // Reserving again is refused with the spec's wording.
  await page.goto(`${HARBOUR}/cars/${slug}/checkout`);
  await expect(page.getByTestId("error-warning")).toHaveText("This car has just been reserved by another buyer");

  // The hold is still on just before 48 hours, gone after.
  // (Counts are not asserted: a shared PostgreSQL database may hold other tests' reservations.)
  await runExpiry(request, new Date(Date.now() + 47 * 3_600_000));
  await page.goto(`${HARBOUR}/cars/${slug}`);
  await expect(page.getByTestId("vdp-tag")).toHaveText("Reserved");
  const report = await runExpiry(request, new Date(Date.now() + 49 * 3_600_000));
  expect(report.expired).toBeGreaterThanOrEqual(1);
  expect(report.released).toBe(report.expired);
  await page.goto(`${HARBOUR}/cars/${slug}`);
  await expect(page.getByTestId("vdp-tag").filter({ hasText: "Reserved" })).toHaveCount(0);
  await expect(page.getByTestId("vdp-buttons").getByRole("link", { name: "Reserve Now" })).toBeVisible();
});

test("a declined card shows the message and reserves nothing", async ({ page }) => {
  const slug = await reservableCar(page, HARBOUR);
  await page.goto(`${HARBOUR}/cars/${slug}/checkout`);
  await fillDetails(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Reserve for $200" }).click();
  await expect(page.getByTestId("error-warning")).toHaveText("Your card was declined. No money has been taken and the car has not been reserved.");
  await expect(page.getByLabel("First Name")).toHaveValue("Jane"); // nothing the shopper typed is lost
  await page.goto(`${HARBOUR}/cars/${slug}`);
  await expect(page.getByTestId("vdp-buttons").getByRole("link", { name: "Reserve Now" })).toBeVisible();
  await expect(page.getByTestId("vdp-tag").filter({ hasText: "Reserved" })).toHaveCount(0);
});

});

test("the buy-online path variant: Southern Cross links /cars/{slug}/buy-online, and /checkout is not its path", async ({ page }) => {
  const base = E2E_BASE("southern-cross-used");
  const slug = await reservableCar(page, base, "buy-online");
  await page.goto(`${base}/cars/${slug}/buy-online`);
  await expect(page.getByRole("heading", { name: "Reserve this car online" })).toBeVisible();
  await expect(page.getByText(TEST_LABEL)).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const other = await page.goto(`${base}/cars/${slug}/checkout`);
  expect(other?.status()).toBe(404);
});
