/**
 * Issue 2 item 8: two demo sites by host show different stock; a search; a vehicle page; 404.
 */
import { expect, test } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

/**
 * The result cards' titles. Text content, not innerText: cards below the first screen are not
 * rendered until they near it (decision 209), and a skipped element's innerText is empty.
 */
async function cardTitles(page: import("@playwright/test").Page): Promise<string[]> {
  const titles = await page.getByRole("region", { name: "Results" }).getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
  return titles.map((t) => t.trim());
}

test("two demo sites, chosen by host, show different stock and their own names", async ({ page }) => {
  await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
  await expect(page.getByRole("link", { name: "Swan River Toyota home" })).toBeVisible();
  const perth = await cardTitles(page);
  expect(perth).toHaveLength(21);
  for (const title of perth) expect(title).toContain("Toyota");

  await page.goto(`${E2E_BASE("harbour-auto-group")}/search/used-cars`);
  await expect(page.getByRole("link", { name: "Harbourside Motor Group home" })).toBeVisible();
  const harbour = await cardTitles(page);
  expect(harbour).toHaveLength(21);
  expect(harbour.some((t) => !t.includes("Toyota"))).toBe(true);
  expect(harbour.filter((t) => perth.includes(t))).toEqual([]);
});

test("searching by keyword narrows results and keeps the query in the URL", async ({ page }) => {
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search`);
  const status = page.getByRole("status");
  const before = Number((await status.innerText()).replace(/[^\d]/g, ""));
  await page.getByRole("searchbox", { name: "Keyword" }).fill("Ranger");
  await page.getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(/query=Ranger/);
  await expect(status).not.toHaveText(await status.innerText().then(() => `${before.toLocaleString("en-AU")} results`));
  const after = Number((await status.innerText()).replace(/[^\d]/g, ""));
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  await expect(async () => {
    for (const title of await cardTitles(page)) expect(title).toMatch(/Ranger/i);
  }).toPass();
});

test("filtering by make with the checkbox form and paging through results", async ({ page }) => {
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search/used-cars`);
  await page.getByRole("group", { name: "Make" }).getByRole("checkbox", { name: /^Mazda/ }).check();
  await page.getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(/make=Mazda/);
  // The URL can change a moment before the new results render: retry the whole check.
  const allMazda = async () => {
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain("Mazda");
  };
  await expect(allMazda).toPass();
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  // A client navigation changes the URL once page 2's data has arrived; CI runs this suite beside
  // the Vitest suites, and at load 15 that took over the default 15 s once.
  await expect(page).toHaveURL(/page=2/, { timeout: 45_000 });
  await expect(allMazda).toPass();
});

test("opening a vehicle page from a car card shows its title, price and location", async ({ page }) => {
  await page.goto(`${E2E_BASE("southern-cross-used")}/search/used-cars`);
  const first = page.getByRole("region", { name: "Results" }).getByRole("article").first();
  const title = await first.getByRole("heading", { level: 3 }).innerText();
  const price = await first.getByTestId("car-price").innerText();
  await first.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("vdp-price")).toHaveText(price.split("$").length > 1 ? `$${price.split("$")[1].trim()}` : price);
  await expect(page.getByRole("link", { name: /Southern Cross/ }).first()).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));
});

test("a caravan site lists caravans with their length in metres", async ({ page }) => {
  await page.goto(`${E2E_BASE("outback-caravans")}/search/new-cars`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New caravans");
  await page.getByRole("region", { name: "Results" }).getByRole("article").first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page.getByText(/\d+(\.\d)? ft \(\d+\.\d\d m\)/)).toBeVisible();
});

test("unknown pages answer 404 with a helpful page", async ({ page }) => {
  const response = await page.goto(`${E2E_BASE("perth-toyota")}/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Browse stock" }).click();
  await expect(page).toHaveURL(/\/search\/used-cars$/);
});
