/**
 * Issue 14 end to end on the seeded demo sites: every route of spec 2.1's legal, content, offers,
 * parts and service rows answers 200 where the site has it and 404 where it does not; the enquiry
 * form's terms and privacy links open real pages; offer cards' View more / View less without
 * JavaScript; an offer enquiry reaches /success; the unsubscribe form; axe on offers, a content
 * page and the privacy policy.
 */
import { request as httpRequest } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const SITES = ["perth-toyota", "harbour-auto-group", "southern-cross-used", "sunshine-state-cars", "outback-caravans"] as const;
type SiteSlug = (typeof SITES)[number];

/** Routes every site has (spec 2.1 legal, content, offers, parts and service rows). */
const EVERY_SITE = [
  "/special-offers",
  "/privacy-policy",
  "/terms-and-conditions",
  "/sitemap.xml",
  "/robots.txt",
  "/pages/complaint-handling-process",
  "/customer-feedback-survey",
  "/about-us",
  "/careers",
  "/buying",
  "/blog/vehicle-reviews",
  "/warranty",
  "/pages/visit-us",
  "/pages/unsubscribe",
  "/fleet",
  "/service",
  "/book-test-drive",
  "/parts/search",
  "/parts/search?query=filter&max_price=100",
  "/parts-and-accessories",
  "/vehicle-parts-and-accessories",
];

/** Spec 2.7: the single-brand site's /pages/... (only on the single-brand demo site). */
const SINGLE_BRAND = [
  "/pages/about-toyota-certified-pre-owned",
  "/pages/toyota-recalls",
  "/pages/toyota-express-maintenance",
  "/pages/toyota-genuine-parts-accessories",
  "/pages/toyota-access-loan",
  "/pages/mytoyota-connect",
  "/pages/toyota-connected",
  "/pages/toyota-safety-sense",
  "/pages/toyota-hybrids",
];

/** Routes a site has only by its data, with the sites that have them. */
const ONLY_ON: Record<string, SiteSlug[]> = {
  "/diamond-advantage": ["harbour-auto-group"],
  "/blog/vehicle-reviews/toyota-hilux-sr5-review": ["perth-toyota"],
  "/blog/vehicle-reviews/ford-ranger-xlt-review": ["harbour-auto-group", "southern-cross-used", "sunshine-state-cars"],
  "/blog/vehicle-reviews/off-road-van-buying-guide": ["outback-caravans"],
  ...Object.fromEntries(SINGLE_BRAND.map((p) => [p, ["perth-toyota"] as SiteSlug[]])),
};

/** GET over real HTTP with the site's Host header (Node cannot resolve *.localhost), no redirects followed. */
function get(site: string, path: string): Promise<{ status: number; body: string }> {
  const base = new URL(E2E_BASE(site));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: base.port, path, headers: { host: base.host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function status(site: string, path: string): Promise<number> {
  return (await get(site, path)).status;
}

async function offerPaths(site: string): Promise<string[]> {
  const html = (await get(site, "/special-offers")).body;
  return [...new Set([...html.matchAll(/href="(\/offers\/[^"#]+)"/g)].map((m) => m[1]))];
}

test("spec 2.1 legal, content, offers, parts and service routes: 200 where the site has them, 404 where it does not", async () => {
  for (const site of SITES) {
    for (const path of EVERY_SITE) expect(await status(site, path), `${site} ${path}`).toBe(200);
    for (const [path, sites] of Object.entries(ONLY_ON)) expect(await status(site, path), `${site} ${path}`).toBe(sites.includes(site) ? 200 : 404);
    // /genuine-service hands off to the dealer network's booking page where one is configured (spec 2.1).
    expect(await status(site, "/genuine-service"), `${site} /genuine-service`).toBe(site === "perth-toyota" ? 302 : 200);
    const offers = await offerPaths(site);
    expect(offers.length, `${site} offers`).toBeGreaterThan(0);
    for (const path of offers) expect(await status(site, path), `${site} ${path}`).toBe(200);
    for (const path of ["/offers/999999", "/offers/not-an-id", "/offers/toyota/999999", "/no-such-model/accessories", "/pages/no-such-page"]) {
      expect(await status(site, path), `${site} ${path}`).toBe(404);
    }
  }
  // Offers by manufacturer: the single-brand site's HiLux offer, and a manufacturer that is not the offer's.
  const toyotaOffer = (await offerPaths("perth-toyota")).find((p) => p.startsWith("/offers/toyota/"))!;
  expect(toyotaOffer).toBeTruthy();
  expect(await status("perth-toyota", toyotaOffer.replace("/toyota/", "/ford/"))).toBe(404);
  expect(await status("harbour-auto-group", toyotaOffer)).toBe(404);
  // Model accessories ('View Accessories' on the landing) and a caravan site without that model.
  expect(await status("perth-toyota", "/hilux/accessories")).toBe(200);
  expect(await status("outback-caravans", "/hilux/accessories")).toBe(404);
});

test("the enquiry form's terms and privacy links open the real pages", async ({ page }) => {
  for (const [name, heading] of [["terms of use", "Terms and Conditions"], ["privacy policy", "Privacy Policy"]] as const) {
    await page.goto(`${E2E_BASE("harbour-auto-group")}/enquiries/general-enquiry`);
    await page.getByRole("form").or(page.locator("form")).first().getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test.describe("offer cards without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a long description shows 160 characters, then View more reveals it all and reads View less", async ({ page }) => {
    await page.goto(`${E2E_BASE("perth-toyota")}/special-offers`);
    const card = page.getByRole("article", { name: "HiLux SR5 drive-away bonus pack" });
    await expect(card.getByText(/…$/).first()).toBeVisible();
    await expect(card.getByText(/while stocks last\.$/)).toBeHidden();
    await card.getByText("View more").first().click();
    await expect(card.getByText(/while stocks last\.$/)).toBeVisible();
    await expect(card.getByText("View less").first()).toBeVisible();
  });

  test("the unsubscribe form records the request", async ({ page }) => {
    await page.goto(`${E2E_BASE("southern-cross-used")}/pages/unsubscribe`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await page.getByLabel("Email").fill("e2e-unsubscribe@example.com");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toContainText("e2e-unsubscribe@example.com will no longer receive marketing emails");
  });
});

test("Enquire Now on an offer card opens the offer's enquiry form, which reaches /success", async ({ page }) => {
  await page.goto(`${E2E_BASE("perth-toyota")}/special-offers`);
  await page.getByRole("article", { name: "RAV4 Hybrid finance from 4.99% p.a." }).getByRole("link", { name: /^Enquire Now/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "RAV4 Hybrid finance from 4.99% p.a." })).toBeVisible();
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Citizen");
  await page.getByLabel("Email").fill("jane.offer@example.com");
  await page.getByLabel("Mobile").fill("0412 345 678");
  await page.getByLabel("Postcode").fill("6017");
  const dealership = page.getByLabel("Preferred Dealership");
  if (await dealership.count()) await dealership.selectOption({ index: 1 });
  await page.getByLabel("Comments").fill("Is this offer available on the GXL?");
  await page.getByLabel(/I agree to the terms of use/).check();
  await page.getByRole("button", { name: "Enquire Now" }).click();
  await expect(page).toHaveURL(/\/success\?category=Offer%20Enquiry$/);
});

async function expectAxeClean(page: Page, url: string) {
  await page.goto(url);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), url).toEqual([]);
}

test("axe: offers (grid and list), a content page and the privacy policy", async ({ page }) => {
  await expectAxeClean(page, `${E2E_BASE("perth-toyota")}/special-offers`);
  await expectAxeClean(page, `${E2E_BASE("harbour-auto-group")}/special-offers`);
  await expectAxeClean(page, `${E2E_BASE("perth-toyota")}/pages/about-toyota-certified-pre-owned`);
  await expectAxeClean(page, `${E2E_BASE("perth-toyota")}/privacy-policy`);
  await expectAxeClean(page, `${E2E_BASE("harbour-auto-group")}/pages/complaint-handling-process`);
});
