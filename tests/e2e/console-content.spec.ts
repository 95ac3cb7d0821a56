/**
 * Issue 50 items 2 and 4 in Chromium: a content editor (added with `npm run staff`) creates a page,
 * previews its Markdown, saves and publishes it and sees it on the public site; tries to add a
 * navigation link to a missing page and is refused with the link named, then links the new page
 * and sees it in the site's header; saves a redirect and follows it as a shopper. axe on each
 * console page. The console is server-rendered without the client router, so this spec uses
 * Playwright's own `test`.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "southern-cross-used";
const STAMP = Date.now() % 1_000_000;
const SLUG = `pages/e2e-team-${STAMP}`;
const TITLE = `Meet the team ${STAMP}`;

/** A shopper's fresh browser context (no staff cookie). */
async function asShopper<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test("issue 50: an editor creates, previews and publishes a page, cannot link a missing page, links the new one, and saves a redirect shoppers follow", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInWithLink(page, staffSignInLink(`e2e-content-${STAMP}@dealer.test`, "content-editor", SITE));
  await page.goto(`${CONSOLE}/sites/${SITE}`);
  await page.getByRole("link", { name: "Pages", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await expectAxeClean(page);

  // A new page: previewed (sanitised Markdown), saved unpublished, then published.
  await page.getByRole("link", { name: "New page" }).click();
  await page.getByLabel("Address (after the site's domain)").fill(SLUG);
  await page.getByLabel("Title", { exact: true }).fill(TITLE);
  await page.getByLabel("Body (Markdown)").fill("Our people are **the best in the business**.\n\n<script>document.title='hacked'</script>");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("article", { name: "Page preview" });
  await expect(preview.locator("strong")).toHaveText("the best in the business");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(TITLE);
  await expectAxeClean(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  expect(await asShopper(browser, async (p) => (await p.goto(`${E2E_BASE(SITE)}/${SLUG}`))?.status())).toBe(404);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toContainText("Published");
  await asShopper(browser, async (p) => {
    await p.goto(`${E2E_BASE(SITE)}/${SLUG}`);
    await expect(p.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(p.locator("strong", { hasText: "the best in the business" })).toBeVisible();
  });

  // Navigation: a link to a missing page is refused with the link named; the new page is accepted.
  await page.goto(`${CONSOLE}/sites/${SITE}/navigation`);
  await expect(page.getByRole("heading", { level: 1, name: "Navigation" })).toBeVisible();
  const blank = page.getByRole("group", { name: /^Change \d+$/ }).last();
  await blank.getByLabel("Change", { exact: true }).selectOption("add");
  await blank.getByLabel("Name", { exact: true }).fill("Our team");
  await blank.getByLabel("Link", { exact: true }).fill(`/pages/no-such-page-${STAMP}`);
  await page.getByRole("button", { name: "Save and publish", exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText(`The link /pages/no-such-page-${STAMP} answers 404`);
  const refusedRow = page.getByRole("group", { name: /^Change \d+$/ }).filter({ has: page.locator(`input[value="/pages/no-such-page-${STAMP}"]`) });
  await expect(refusedRow.getByLabel("Link", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAxeClean(page);
  await refusedRow.getByLabel("Link", { exact: true }).fill(`/${SLUG}`);
  await page.getByRole("button", { name: "Save and publish", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Published as settings version");
  await asShopper(browser, async (p) => {
    await p.goto(`${E2E_BASE(SITE)}/`);
    await expect(p.locator(`header a[href="/${SLUG}"]`).first()).toHaveText("Our team");
  });

  // Redirects: an old address sends shoppers to the new page.
  await page.goto(`${CONSOLE}/sites/${SITE}/redirects`);
  await page.getByLabel("Old address").fill(`/pages/old-team-${STAMP}`);
  await page.getByLabel("New address").fill(`/${SLUG}`);
  await page.getByRole("button", { name: "Save redirect" }).click();
  await expect(page.getByRole("status")).toHaveText("Redirect saved.");
  await expect(page.getByRole("cell", { name: `/pages/old-team-${STAMP}`, exact: true })).toBeVisible();
  await expectAxeClean(page);
  await asShopper(browser, async (p) => {
    await p.goto(`${E2E_BASE(SITE)}/pages/old-team-${STAMP}`);
    await expect(p).toHaveURL(`${E2E_BASE(SITE)}/${SLUG}`);
    await expect(p.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  });
});
