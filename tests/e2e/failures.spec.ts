/**
 * Failures must not lose the shopper's work (issue 51 section 1; spec 4 "On failure show the
 * returned error or 'An unexpected error occured'", spec 4 "Search results ... on error, the
 * previous hits, facets and counts are kept", spec 8 "Server error codes: not shown"). Faults
 * are injected in Chromium with Playwright route interception: a network failure (the request
 * aborted) and a stubbed 500 whose body is some other server's error page.
 */
import { expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

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
