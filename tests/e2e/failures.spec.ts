/**
 * Failures must not lose the shopper's work (issue 51 section 1; spec 4 "On failure show the
 * returned error or 'An unexpected error occured'", spec 4 "Search results ... on error, the
 * previous hits, facets and counts are kept", spec 8 "Server error codes: not shown"). Faults
 * are injected in Chromium with Playwright route interception: a network failure (the request
 * aborted) and a stubbed 500 whose body is some other server's error page.
 */
import { expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";
import { signInOnPage } from "./sign-in";

const HARBOUR = E2E_BASE("harbour-auto-group");
const RAW_BODY = "<html><body><h1>502 upstream exploded</h1><pre>RAW-BODY-MARKER stack at proxy.c:42</pre></body></html>";
const DATA_REQUEST = /\.data(\?|$)/;

const VALUES = {
  "First Name": "Jane",
  "Last Name": "Failsafe",
  Email: "jane.failsafe@example.com",
  Mobile: "0412 345 678",
  Postcode: "2150",
  Comments: "Please keep what I typed",
} as const;

async function fillEnquiry(page: Page) {
  for (const [label, value] of Object.entries(VALUES)) await page.getByLabel(label).fill(value);
  await page.getByLabel("Category").selectOption("Sales Enquiry");
  await page.getByLabel(/I agree to the terms of use/).check();
}

async function expectFormKept(page: Page) {
  const form = page.getByTestId("lead-form");
  await expect(form.getByTestId("error-warning")).toContainText("An unexpected error occured");
  for (const [label, value] of Object.entries(VALUES)) await expect(page.getByLabel(label)).toHaveValue(value);
  await expect(page.getByLabel("Category")).toHaveValue("Sales Enquiry");
  await expect(page.getByLabel(/I agree to the terms of use/)).toBeChecked();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByText("RAW-BODY-MARKER")).toHaveCount(0);
  // The shopper can send it again once the link is back.
  await expect(form.getByRole("button", { name: "Send Enquiry" })).toBeEnabled();
}

test.describe("lead form submit failures keep the form and every value (spec 4, 8)", () => {
  test("a network failure shows 'An unexpected error occured' with the form as typed", async ({ page }) => {
    await page.goto(`${HARBOUR}/enquiries/general-enquiry`);
    await fillEnquiry(page);
    await page.route(DATA_REQUEST, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    await expectFormKept(page);
    await expect(page).toHaveURL(/\/enquiries\/general-enquiry$/);
  });

  test("a stubbed 500 with another server's page shows the form's message, never that body", async ({ page }) => {
    await page.goto(`${HARBOUR}/enquiries/general-enquiry`);
    await fillEnquiry(page);
    await page.route(DATA_REQUEST, (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, contentType: "text/html", body: RAW_BODY }) : route.fallback()));
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    await expectFormKept(page);
    // With the link back, the same form sends the enquiry.
    await page.unroute(DATA_REQUEST);
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page).toHaveURL(/\/success/);
  });
});

test("a search refinement whose data request fails keeps the previous hits, facets and counts with a notice (spec 4)", async ({ page }) => {
  await page.goto(`${HARBOUR}/search`);
  const count = await page.getByTestId("result-count").textContent();
  const mazda = await page.getByTestId("facet-make").getByRole("checkbox", { name: /^Mazda/ }).textContent();
  const firstCard = await page.getByTestId("car-card").first().getAttribute("aria-labelledby");
  await page.route(DATA_REQUEST, (route) => (route.request().method() === "GET" ? route.fulfill({ status: 500, contentType: "text/html", body: RAW_BODY }) : route.fallback()));
  await page.getByTestId("facet-make").getByRole("checkbox", { name: /^Toyota/ }).check();
  await expect(page.getByRole("alert").filter({ hasText: "We couldn't update the results just now" })).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(count!);
  expect(await page.getByTestId("facet-make").getByRole("checkbox", { name: /^Mazda/ }).textContent()).toBe(mazda);
  expect(await page.getByTestId("car-card").first().getAttribute("aria-labelledby")).toBe(firstCard);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByText("RAW-BODY-MARKER")).toHaveCount(0);

  // A network failure on the next refinement: the same.
  await page.unroute(DATA_REQUEST);
  await page.route(DATA_REQUEST, (route) => route.abort("internetdisconnected"));
  await page.getByTestId("facet-make").getByRole("checkbox", { name: /^Mazda/ }).check();
  await expect(page.getByRole("alert").filter({ hasText: "We couldn't update the results just now" })).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(count!);
});

test("a page whose data fails to load shows no raw body and offers try again, browse stock and the dealer's phone", async ({ page }) => {
  await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
  const card = page.getByTestId("car-card").first().getByRole("link").first();
  const href = (await card.getAttribute("href"))!;
  await page.route(DATA_REQUEST, (route) => route.fulfill({ status: 500, contentType: "text/html", body: RAW_BODY }));
  await card.click();
  const error = page.getByTestId("error-page");
  await expect(error.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("RAW-BODY-MARKER")).toHaveCount(0);
  await expect(page.getByText("upstream exploded")).toHaveCount(0);
  await expect(error.getByRole("link", { name: "Try again" })).toHaveAttribute("href", href);
  await expect(error.getByRole("link", { name: "Browse stock" })).toBeVisible();
  await expect(error.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:0\d{9}$/);
  // Try again, with the link back, loads the page.
  await page.unroute(DATA_REQUEST);
  await error.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByTestId("vdp-price")).toBeVisible();
});

test("a generic form whose submit fails keeps what was typed with 'An error occurred when submitting this form' (spec 8)", async ({ page }) => {
  await page.goto(`${HARBOUR}/sign-in`);
  await page.getByLabel(/mobile/i).first().fill("0412 555 010");
  await page.route(DATA_REQUEST, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByTestId("sign-in-error")).toHaveText("An error occurred when submitting this form");
  await expect(page.getByLabel(/mobile/i).first()).toHaveValue("0412 555 010");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
});

/**
 * The non-lead forms (spec 8 "Generic form submit failure: Alert 'An error occurred when
 * submitting this form'"): the trade-in wizard, reserve online, the purchase journey, My Garage
 * and unsubscribe. Each is sent once with the network failing and once with a stubbed 500; the
 * form stays with what was typed and the alert, never the error page or the 500's body.
 */
const GENERIC = "An error occurred when submitting this form";
const FAULTS = ["network failure", "stubbed 500"] as const;
type Fault = (typeof FAULTS)[number];

/** Makes the next form posts fail the given way (page data requests still load). */
async function failPosts(page: Page, fault: Fault) {
  await page.route(DATA_REQUEST, (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    return fault === "network failure" ? route.abort("internetdisconnected") : route.fulfill({ status: 500, contentType: "text/html", body: RAW_BODY });
  });
}

async function expectGenericAlert(page: Page) {
  await expect(page.getByTestId("error-warning")).toContainText(GENERIC);
  await expect(page.getByRole("alert").filter({ hasText: GENERIC })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByText("RAW-BODY-MARKER")).toHaveCount(0);
}

/** The first car on harbour's SRP that offers 'Reserve Now'. */
async function reservableSlug(page: Page): Promise<string> {
  await page.goto(`${HARBOUR}/search?sortBy=price_desc`);
  const href = (await page.getByRole("link", { name: "Reserve Now" }).first().getAttribute("href")) ?? "";
  return href.match(/^\/cars\/([a-z0-9-]+)\/checkout$/)![1];
}

async function fillContact(page: Page) {
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Keepsake");
  await page.getByLabel("Mobile").fill("0412 345 678");
  await page.getByLabel("Email").fill("jane.keepsake@example.com");
  await page.getByLabel("Postcode").fill("2150");
}

async function expectContactKept(page: Page) {
  await expect(page.getByLabel("First Name")).toHaveValue("Jane");
  await expect(page.getByLabel("Last Name")).toHaveValue("Keepsake");
  await expect(page.getByLabel("Mobile")).toHaveValue("0412 345 678");
  await expect(page.getByLabel("Email")).toHaveValue("jane.keepsake@example.com");
  await expect(page.getByLabel("Postcode")).toHaveValue("2150");
}

for (const fault of FAULTS) {
  test.describe(`issue 51 / spec 8: a generic form whose submit meets a ${fault} keeps every value with '${GENERIC}'`, () => {
    test("trade-in wizard", async ({ page }) => {
      await page.goto(`${E2E_BASE("sunshine-state-cars")}/trade-in`);
      await page.getByLabel("Rego (number plate)").fill("1GOT 123");
      await page.getByLabel("State registered in").selectOption("WA");
      await failPosts(page, fault);
      await page.getByRole("button", { name: "Find my car" }).click();
      await expectGenericAlert(page);
      await expect(page.getByRole("heading", { name: "Your car's registration" })).toBeVisible();
      await expect(page.getByLabel("Rego (number plate)")).toHaveValue("1GOT 123");
      await expect(page.getByLabel("State registered in")).toHaveValue("WA");
      // With the link back, the same step goes on.
      await page.unroute(DATA_REQUEST);
      await page.getByRole("button", { name: "Find my car" }).click();
      await expect(page.getByRole("heading", { name: "Kilometres" })).toBeVisible();
    });

    test("reserve online (checkout)", async ({ page }) => {
      const slug = await reservableSlug(page);
      await page.goto(`${HARBOUR}/cars/${slug}/checkout`);
      await fillContact(page);
      const picker = page.getByLabel("Pickup location");
      const location = (await picker.count()) ? await picker.locator("option").nth(1).getAttribute("value") : null;
      if (location) await picker.selectOption(location);
      await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await failPosts(page, fault);
      await page.getByRole("button", { name: /^Reserve for/ }).click();
      await expectGenericAlert(page);
      await expectContactKept(page);
      if (location) await expect(picker).toHaveValue(location);
      await expect(page.getByRole("checkbox", { name: /I agree to the terms of use/ })).toBeChecked();
      await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
      await expect(page).toHaveURL(new RegExp(`/cars/${slug}/checkout$`));
    });

    test("purchase journey (checkout-journey)", async ({ page }) => {
      const slug = await reservableSlug(page);
      await page.goto(`${HARBOUR}/checkout-journey?car_id=${slug}`);
      await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
      await fillContact(page);
      await failPosts(page, fault);
      await page.getByRole("button", { name: "Continue" }).click();
      await expectGenericAlert(page);
      await expectContactKept(page);
      await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
      await page.unroute(DATA_REQUEST);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Trade-in" })).toBeVisible();
    });

    test("My Garage details", async ({ page }) => {
      await page.goto(`${HARBOUR}/sign-in?type=garage&redirect=/my-garage`);
      await signInOnPage(page);
      await expect(page.getByRole("heading", { level: 1, name: "My Garage" })).toBeVisible();
      await page.getByLabel("First Name").fill("Garage Jane");
      await page.getByLabel("Email").fill("garage.jane@example.com");
      await page.getByLabel("Postcode").fill("6000");
      await failPosts(page, fault);
      await page.getByRole("button", { name: "Save my details" }).click();
      await expectGenericAlert(page);
      await expect(page.getByLabel("First Name")).toHaveValue("Garage Jane");
      await expect(page.getByLabel("Email")).toHaveValue("garage.jane@example.com");
      await expect(page.getByLabel("Postcode")).toHaveValue("6000");
      await expect(page.getByText("Your details are saved.")).toHaveCount(0);
    });

    test("unsubscribe", async ({ page }) => {
      await page.goto(`${HARBOUR}/pages/unsubscribe`);
      await page.getByLabel("Email").fill("leave.me@example.com");
      await page.getByLabel("Reason (optional)").fill("Too many emails");
      await failPosts(page, fault);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expectGenericAlert(page);
      await expect(page.getByLabel("Email")).toHaveValue("leave.me@example.com");
      await expect(page.getByLabel("Reason (optional)")).toHaveValue("Too many emails");
      await page.unroute(DATA_REQUEST);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("status")).toContainText("leave.me@example.com will no longer receive marketing emails");
    });
  });
}
