/**
 * Issue 49 item 3 "Must show" in Chromium: a site manager uploads a feed; its dry run lists a
 * rejected row with its reason and changes nothing; applying it changes the stock counts shown,
 * and the public VDP of a created car answers on the next request. An empty file is refused next
 * to the file field. axe on the feeds page before and after.
 */
import { expect, test } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "southern-cross-used";
const HEADER = "stock_number,car_type,make,model,badge,year,price,km,body,fuel,transmission,colour,listing_suburb,listing_state";

test("issue 49: a feed dry run lists a rejected row with its reason; applying the feed changes the counts shown", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1_000_000;
  const csv = [
    HEADER,
    `E2E-${stamp}-A,used,Kia,Sportage,SX,2022,35990,21000,SUV,Unleaded,Automatic,Blue,Parramatta,NSW`,
    `E2E-${stamp}-B,used,,Corolla,Ascent,2020,22990,40000,Hatch,Unleaded,Automatic,White,Parramatta,NSW`,
    `E2E-${stamp}-C,used,Mazda,CX-3,Maxx,2021,27990,30000,SUV,Unleaded,Automatic,Red,Parramatta,NSW`,
  ].join("\n");

  await signInWithLink(page, staffSignInLink(`e2e-feeds-${stamp}@dealer.test`, "site-manager", SITE));
  await page.goto(`${CONSOLE}/sites/${SITE}/feeds`);
  await expect(page.getByRole("heading", { level: 1, name: "Feeds" })).toBeVisible();
  const inStock = page.getByTestId("stock-counts").locator("div", { hasText: "In stock" }).locator("dd");
  const before = Number((await inStock.textContent())!.replace(/,/g, ""));
  await expectAxeClean(page);

  // An empty file: refused next to the field.
  const wholeList = page.getByLabel("This file is the whole stock list: withdraw cars that are missing from it");
  await page.getByLabel("Feed file").setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) });
  await wholeList.uncheck();
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.locator("#feed-file-error")).toContainText("The file is empty (0 bytes)");
  await expect(wholeList).not.toBeChecked();

  // The dry run: two cars would be created, row 2 is rejected with its reason, nothing changed yet.
  await page.getByLabel("Feed file").setInputFiles({ name: "stock-update.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Dry run" }).click();
  const dryRun = page.getByRole("region", { name: "Dry run of stock-update.csv" });
  await expect(dryRun).toBeVisible();
  await expect(dryRun.locator("dl")).toContainText("Would be created2");
  await expect(dryRun.locator("dl")).toContainText("Would be rejected1");
  const rejected = dryRun.getByRole("table");
  await expect(rejected.getByRole("row").nth(1)).toHaveText("2make: make is required");
  await expect(inStock).toHaveText(before.toLocaleString("en-AU"));
  await expectAxeClean(page);

  // Apply: the stored file, no second upload; the counts shown move by the two created cars.
  await page.getByRole("button", { name: "Apply this feed" }).click();
  await expect(page.getByRole("status")).toContainText("Feed applied: 2 created, 0 updated, 0 withdrawn, 1 rejected");
  await expect(inStock).toHaveText((before + 2).toLocaleString("en-AU"));
  await expect(page.getByRole("region", { name: "Import history", exact: true })).toContainText("stock-update.csv");
  await expect(page.getByRole("link", { name: /^Rejection report \(CSV\) for import/ }).first()).toBeVisible();

  // The public site shows a created car on its next request.
  const shopper = await browser.newContext();
  const vdp = await shopper.newPage();
  const response = await vdp.goto(`${E2E_BASE(SITE)}/cars/2022-kia-sportage-sx-e2e-${stamp}-a`);
  expect(response?.status()).toBe(200);
  await expect(vdp.getByRole("heading", { level: 1 })).toContainText("Kia Sportage");
  await shopper.close();
});
