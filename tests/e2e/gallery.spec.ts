/**
 * Issue 17: the photo gallery on the fixture car (DEMO-GALLERY-1 on Southern Cross, five photos
 * from public/demo-photos) by swipe and keyboard at 390 x 844, the lightbox, responsive images
 * through the embedded image endpoint, and the price wording next to each price.
 */
import { expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const SCU = E2E_BASE("southern-cross-used");
const HARBOUR = E2E_BASE("harbour-auto-group");
test.use({ viewport: { width: 390, height: 844 } });

async function openFixture(page: Page) {
  await page.goto(`${SCU}/search?query=DEMO-GALLERY-1`);
  await page.getByTestId("car-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2021 Mazda CX-5 Maxx Sport (FWD)");
}

test("the fixture car's gallery moves by swipe and by keyboard, counts its photos and opens full screen", async ({ page }) => {
  test.setTimeout(120_000);
  await openFixture(page);
  const gallery = page.getByTestId("photo-gallery");
  const counter = gallery.getByTestId("gallery-counter");
  await expect(counter).toHaveText("1 / 5 photos");
  // Responsive images through the image endpoint (spec 7 defaults 640/75); the first photo first.
  const first = gallery.getByRole("img", { name: /photo 1 of 5/ });
  await expect(first).toHaveAttribute("src", "/images?src=%2Fdemo-photos%2Fgallery-fixture-1.jpg&w=640&q=75");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(first).toHaveAttribute("srcset", /w=320&q=75 320w/);
  await expect(gallery.getByRole("img", { name: /photo 2 of 5/ })).toHaveAttribute("loading", "lazy");
  // Resized on request by the image endpoint: on a busy machine it has pixels some time after the
  // element is in the page.
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Keyboard: focus the carousel, arrow right twice, left once.
  const viewport = gallery.getByTestId("gallery-viewport");
  // Keys work once the page has hydrated: retry until the first one lands.
  await expect(async () => {
    if ((await counter.innerText()) === "2 / 5 photos") return;
    await viewport.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("2 / 5 photos", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("3 / 5 photos");
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText("2 / 5 photos");

  // Swipe: a pointer drag from right to left moves to the next photo (Embla reads pointer events).
  // Retried as a whole while the page may still be busy, never moving past photo 3.
  const box = (await viewport.boundingBox())!;
  const y = box.y + box.height / 2;
  await expect(async () => {
    if ((await counter.innerText()) === "3 / 5 photos") return;
    await page.mouse.move(box.x + box.width * 0.85, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.15, y, { steps: 20 });
    await page.mouse.up();
    await expect(counter).toHaveText("3 / 5 photos", { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  // Thumbnails and arrows.
  await gallery.getByRole("link", { name: "Show photo 5" }).click();
  await expect(counter).toHaveText("5 / 5 photos");
  await expect(gallery.getByRole("button", { name: "Next photo" })).toBeDisabled();
  await gallery.getByRole("button", { name: "Previous photo" }).click();
  await expect(counter).toHaveText("4 / 5 photos");

  // Full-screen lightbox with zoom, loaded on demand; Escape closes it.
  await gallery.getByRole("button", { name: "Full screen" }).click();
  await expect(page.getByRole("button", { name: "Close full screen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Close full screen" })).toBeHidden();
});

test("the image endpoint serves a resized AVIF or WebP and refuses what is not a site photo", async ({ page }) => {
  await page.goto(`${SCU}/`);
  // Fetched from the page, so the browser resolves the site's *.localhost host name.
  const get = (path: string, accept = "*/*") =>
    page.evaluate(
      async ([p, a]) => {
        const res = await fetch(p, { headers: { Accept: a } });
        const bytes = new Uint8Array(await res.arrayBuffer());
        return { status: res.status, type: res.headers.get("content-type"), size: bytes.length, tag: String.fromCharCode(...bytes.slice(8, 12)), text: res.ok ? "" : new TextDecoder().decode(bytes) };
      },
      [path, accept] as const,
    );
  const photo = "/images?src=%2Fdemo-photos%2Fgallery-fixture-1.jpg&w=320&q=75";
  const avif = await get(photo, "image/avif,image/webp,*/*");
  expect([avif.status, avif.type]).toEqual([200, "image/avif"]);
  const webp = await get(photo, "image/webp,*/*");
  expect([webp.status, webp.type, webp.tag]).toEqual([200, "image/webp", "WEBP"]);
  expect(webp.size).toBeLessThan(23_451); // smaller than the 1280 px source JPEG
  expect((await get("/images?src=%2F..%2Fpackage.json&w=320&q=75")).status).toBe(404);
  expect((await get("/images?src=https%3A%2F%2Fexample.com%2Fx.jpg&w=320&q=75")).status).toBe(404);
  const bad = await get("/images?src=%2Fdemo-photos%2Fgallery-fixture-1.jpg&w=abc&q=75");
  expect(bad.status).toBe(400);
  expect(bad.text).toContain('"w" must be a whole number');
});

test("prices say drive away or excl. government charges, with the total the most prominent figure", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/new-cars`);
  const card = page.getByTestId("car-card").filter({ has: page.getByTestId("price-wording") }).first();
  await expect(card.getByTestId("price-wording")).toHaveText("Excl. government charges");
  await page.goto(`${HARBOUR}/search/used-cars`);
  const used = page.getByTestId("car-card").filter({ has: page.getByTestId("price-wording") }).first();
  await expect(used.getByTestId("price-wording")).toHaveText("Drive away");
  await used.getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect(page.getByTestId("vdp-price")).toBeVisible();
  await expect(page.getByTestId("price-wording").first()).toHaveText("Drive away");
  const size = (sel: string) => page.locator(sel).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const price = await size("[data-testid=vdp-price]");
  for (const other of ["[data-testid=finance-payment] span", "[data-testid=price-wording]"]) {
    if (await page.locator(other).count()) expect(price).toBeGreaterThanOrEqual(await size(other));
  }
});
