/**
 * Issue 49 "Must show" (photos) in Chromium: a site manager uploads three photos with the plain
 * file input, drops a fourth onto the form (the drag-and-drop script) and deletes it, moves one
 * photo up and makes another the primary; the shopper's VDP gallery then shows the three in that
 * order (checked by each served photo's colour) and the SRP card shows the primary. axe on the
 * console page. The console is plain server-rendered HTML, so this spec uses Playwright's `test`.
 */
import { expect, test, type Browser } from "@playwright/test";
import sharp from "sharp";
import { E2E_BASE } from "../../playwright.config";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "perth-toyota";
const COLOURS = { red: "#d01010", green: "#10a010", blue: "#1010d0" } as const;
type Colour = keyof typeof COLOURS;

/** An 800 x 600 JPEG of one colour. */
function photo(colour: Colour): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: COLOURS[colour] } }).jpeg().toBuffer();
}

/** Which of the three colours an image's pixels are (its strongest channel on average). */
async function colourOf(bytes: Buffer): Promise<Colour> {
  const { channels } = await sharp(bytes).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return r > g && r > b ? "red" : g > b ? "green" : "blue";
}

/** The shopper's view (a fresh context, no staff cookie): the VDP gallery's uploaded photos by colour, in order, and the SRP's markup. */
async function shopperView(browser: Browser, vdp: string): Promise<{ colours: Colour[]; firstPhotoId: string; srp: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${E2E_BASE(SITE)}${vdp}`);
  const sources = await page.getByTestId("photo-gallery").getByRole("group").getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""));
  const uploaded = sources.filter((src) => src.includes("car-photos"));
  const colours: Colour[] = [];
  // Fetched by the page itself (Node does not resolve *.localhost host names).
  for (const src of uploaded) {
    const base64 = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
    }, src);
    colours.push(await colourOf(Buffer.from(base64, "base64")));
  }
  await page.goto(`${E2E_BASE(SITE)}/search`);
  const srp = await page.content();
  await context.close();
  return { colours, firstPhotoId: /car-photos%2F([0-9a-f-]{36})\.jpg/.exec(sources[0] ?? "")?.[1] ?? "", srp };
}

test("issue 49: a manager uploads three photos, reorders them and picks a primary; the VDP gallery shows them in that order", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A car from the SRP, and its stock number from the VDP's JSON-LD (sku).
  await page.goto(`${E2E_BASE(SITE)}/search`);
  const vdp = (await page.getByTestId("car-card").first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href"))!;
  await page.goto(`${E2E_BASE(SITE)}${vdp}`);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const stockNumber = jsonLd.map((text) => /"sku":"([^"]+)"/.exec(text)?.[1]).find(Boolean)!;
  expect(stockNumber).toBeTruthy();

  await signInWithLink(page, staffSignInLink(`e2e-photos-${Date.now()}@dealer.test`, "site-manager", SITE));
  await page.goto(`${CONSOLE}/sites/${SITE}`);
  await page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Photos" }).click();
  await expectAxeClean(page);
  await page.getByLabel("Stock number").fill(stockNumber);
  await page.getByRole("button", { name: "Open the car's photos" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Photos of");
  const before = await page.getByRole("list", { name: "Photos in gallery order" }).getByRole("listitem").count();

  // Three photos at once through the plain file input.
  await page.getByLabel("Photos to add").setInputFiles([
    { name: "red.jpg", mimeType: "image/jpeg", buffer: await photo("red") },
    { name: "green.jpg", mimeType: "image/jpeg", buffer: await photo("green") },
    { name: "blue.jpg", mimeType: "image/jpeg", buffer: await photo("blue") },
  ]);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByRole("status").first()).toContainText("3 of 3 photos added.");
  const photos = page.getByRole("list", { name: "Photos in gallery order" }).getByRole("listitem");
  await expect(photos).toHaveCount(before + 3);
  await expectAxeClean(page);

  // A fourth photo dropped onto the form (made by the browser's canvas), then deleted.
  const dropped = await page.evaluateHandle(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#808080";
    context.fillRect(0, 0, 800, 600);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg"));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], "dropped.jpg", { type: "image/jpeg" }));
    return transfer;
  });
  await page.locator("form[data-photo-drop]").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByRole("status").first()).toContainText("1 of 1 photo added.");
  await expect(photos).toHaveCount(before + 4);
  await photos.filter({ hasText: "dropped.jpg" }).getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByRole("status").first()).toContainText("Photo deleted.");
  await expect(photos).toHaveCount(before + 3);

  // Blue up one place (red, blue, green), then green the primary (green first, then red, blue).
  await photos.filter({ hasText: "blue.jpg" }).getByRole("button", { name: /^Move up/ }).click();
  await expect(page.getByRole("status").first()).toContainText("Photo moved up.");
  await photos.filter({ hasText: "green.jpg" }).getByRole("button", { name: /^Make primary/ }).click();
  await expect(page.getByRole("status").first()).toContainText("Photo made the primary");
  await expect(photos.first()).toContainText("green.jpg");
  await expect(photos.first()).toContainText("Primary");
  await expectAxeClean(page);

  // The public site on its next request: the gallery in that order, the primary on the SRP card.
  const shopper = await shopperView(browser, vdp);
  expect(shopper.colours).toEqual(["green", "red", "blue"]);
  expect(shopper.firstPhotoId).not.toBe("");
  expect(shopper.srp).toContain(`car-photos%2F${shopper.firstPhotoId}.jpg`);
});
