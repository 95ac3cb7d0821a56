/**
 * Issue 50 item 2 in Chromium: the page editor's live Markdown preview follows typing, rendered and
 * sanitised by the server (the Preview button's renderer), and never touches what was typed; the
 * page stays usable without JavaScript (the server preview). The console is server-rendered without
 * the client router, so this spec uses Playwright's own `test`.
 */
import { expect, test } from "@playwright/test";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "southern-cross-used";
const STAMP = Date.now() % 1_000_000;

test("issue 50: the live preview follows what an editor types, sanitised by the server, and keeps every keystroke", async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithLink(page, staffSignInLink(`e2e-live-${STAMP}@dealer.test`, "content-editor", SITE));
  await page.goto(`${CONSOLE}/sites/${SITE}/pages/edit`);
  const preview = page.getByRole("article", { name: "Page preview" });
  const body = page.getByLabel("Body (Markdown)");
  await page.getByLabel("Title", { exact: true }).fill(`Live ${STAMP}`);
  await body.pressSequentially("Hello **bold** <script>document.title='hacked'</script>", { delay: 5 });
  // No Preview button pressed: the preview follows the typing.
  await expect(preview.locator("strong")).toHaveText("bold");
  await expect(preview).toContainText(`Live ${STAMP}`);
  await expect(preview.locator("script")).toHaveCount(0);
  expect(await page.title()).not.toBe("hacked");
  await body.pressSequentially("\n\n- one\n- two", { delay: 5 });
  await expect(preview.locator("li")).toHaveText(["one", "two"]);
  await expect(body).toHaveValue("Hello **bold** <script>document.title='hacked'</script>\n\n- one\n- two");
  await expectAxeClean(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the Preview button still renders the server preview and keeps what was typed", async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithLink(page, staffSignInLink(`e2e-live-nojs-${STAMP}@dealer.test`, "content-editor", SITE));
    await page.goto(`${CONSOLE}/sites/${SITE}/pages/edit`);
    await expect(page.getByRole("article", { name: "Page preview" })).toBeHidden();
    await page.getByLabel("Address (after the site's domain)").fill(`pages/nojs-${STAMP}`);
    await page.getByLabel("Title", { exact: true }).fill("No script");
    await page.getByLabel("Body (Markdown)").fill("Plain **server** preview");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("article", { name: "Page preview" }).locator("strong")).toHaveText("server");
    await expect(page.getByLabel("Body (Markdown)")).toHaveValue("Plain **server** preview");
  });
});
