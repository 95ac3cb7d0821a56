/**
 * Issue 49 item 2 "Photos", through real HTTP on the console host and the dealer's host: uploads
 * of several files at once where the bad ones (0 bytes, 50 MB, not an image, formats we do not
 * take, too small, too many) are refused one by one and the others kept; EXIF and GPS
 * gone from what is stored and served; reorder, primary and delete shown by the VDP and the SRP on
 * the next request; every change audited; sales reach only their locations' cars.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addStaffMember, type GrantTarget } from "../../app/console/staff.server";
import { PHOTO_LIMITS } from "../../app/console/car-photos.server";
import { carPhotos, cars, locations, staffAudit } from "../../db/schema/index";
import type { StaffRole } from "../../app/console/permissions";
import { useTestApp } from "./app-harness";
import { CONSOLE_HOST, CONSOLE_ORIGIN, consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { createTestSite, ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } }, site: { locations: [{ slug: "north", primary: true }, { slug: "south" }] } });
const cookies = new Map<string, string>();
/** Stock numbers: `north` (a car at the north location), `south` (one at the south location). */
const stock = { north: "", south: "", spare: "" };

/** A photo of one colour with EXIF camera data, GPS coordinates and an orientation. */
async function photo(colour: string, options: { width?: number; height?: number; format?: "jpeg" | "png" | "webp" | "gif"; orientation?: number } = {}): Promise<Buffer> {
  const image = sharp({ create: { width: options.width ?? 800, height: options.height ?? 600, channels: 3, background: colour } });
  const format = options.format ?? "jpeg";
  if (format !== "jpeg") return image.toFormat(format).toBuffer();
  return image
    .jpeg()
    .withMetadata(options.orientation ? { orientation: options.orientation } : {})
    .withExifMerge({ IFD0: { Make: "SecretCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 52/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "151/1 12/1 3456/100" } })
    .toBuffer();
}

async function signIn(key: string, role: StaffRole, target: GrantTarget): Promise<void> {
  const email = `${key}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@photos.test`;
  await addStaffMember(state.handle.db, { email, role, target });
  cookies.set(key, await signInByLink(state.t, state.handle, email, freshClientIp()));
}

function pagePath(stockNumber: string): string {
  return `/sites/${state.t.site.slug}/stock/${encodeURIComponent(stockNumber)}/photos`;
}

/** A multipart upload post from the console page. */
function upload(who: string, stockNumber: string, files: { name: string; bytes: Uint8Array; type?: string }[]): Promise<Response> {
  const form = new FormData();
  form.set("intent", "upload");
  for (const f of files) form.append("photos", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  return state.t.request(pagePath(stockNumber), { host: CONSOLE_HOST, method: "POST", headers: { origin: CONSOLE_ORIGIN, cookie: cookies.get(who)!, "x-forwarded-for": "198.18.2.2" }, body: form, redirect: "manual" });
}

function change(who: string, stockNumber: string, intent: string, photo: string): Promise<Response> {
  return consoleRequest(state.t, pagePath(stockNumber), { ip: "198.18.2.2", cookie: cookies.get(who), form: { intent, photo } });
}

async function imagesOf(stockNumber: string): Promise<string[]> {
  const [car] = await state.handle.db.select({ images: cars.images, primary: cars.primaryImageUrl, count: cars.photosCount }).from(cars).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, stockNumber)));
  expect(car.primary).toBe(car.images[0]?.url ?? null);
  expect(car.count).toBe(car.images.length);
  return car.images.map((i) => i.url);
}

/** The uploaded photo ids in the order a page's markup names them (first mention of each). */
function photoIdsIn(html: string): string[] {
  const ids = [...html.matchAll(/car-photos(?:%2F|\/)([0-9a-f-]{36})\.jpg/g)].map((m) => m[1]);
  return [...new Set(ids)];
}

/** True when an EXIF block (from sharp's metadata) has the GPS IFD pointer, tag 0x8825, in either byte order. */
function hasGpsTag(exif: Buffer): boolean {
  const bigEndian = exif.includes(Buffer.from("MM\0*"));
  return exif.includes(Buffer.from(bigEndian ? [0x88, 0x25] : [0x25, 0x88]));
}

/** The uploaded photo ids of a VDP's gallery, in its order (similar cars' photos left out). */
function galleryIdsIn(html: string): string[] {
  const start = html.indexOf('data-testid="photo-gallery"');
  expect(start).toBeGreaterThan(-1);
  return photoIdsIn(html.slice(start, html.indexOf("</section>", start)));
}

const idOf = (url: string) => /([0-9a-f-]{36})\.jpg$/.exec(url)![1];

beforeAll(async () => {
  const { t, handle } = state;
  const locs = await handle.db.select({ id: locations.id, slug: locations.slug }).from(locations).where(eq(locations.siteId, t.site.id));
  const north = locs.find((l) => l.slug === "north")!.id;
  const south = locs.find((l) => l.slug === "south")!.id;
  const siteCars = await handle.db.select({ id: cars.id, stockNumber: cars.stockNumber }).from(cars).where(eq(cars.siteId, t.site.id)).orderBy(cars.id);
  await handle.db.update(cars).set({ locationId: north, images: [], primaryImageUrl: null, photosCount: 0 }).where(eq(cars.id, siteCars[0].id));
  await handle.db.update(cars).set({ locationId: south, images: [], primaryImageUrl: null, photosCount: 0 }).where(eq(cars.id, siteCars[1].id));
  await handle.db.update(cars).set({ locationId: north, images: [], primaryImageUrl: null, photosCount: 0 }).where(eq(cars.id, siteCars[2].id));
  stock.north = siteCars[0].stockNumber;
  stock.south = siteCars[1].stockNumber;
  stock.spare = siteCars[2].stockNumber;
  await signIn("manager", "site_manager", { siteSlug: t.site.slug });
  await signIn("sales-north", "sales", { siteSlug: t.site.slug, locationSlugs: ["north"] });
  await signIn("read-only", "read_only", { siteSlug: t.site.slug });
  await signIn("content", "content_editor", { siteSlug: t.site.slug });
  const other = await createTestSite(handle);
  await signIn("other-manager", "site_manager", { siteSlug: other.slug });
});

describe(`console photos: upload and limits (issue 49 item 2) (${ENGINE})`, () => {
  it("takes several photos in one post and refuses a 0-byte file, a 50 MB image and a non-image one by one, keeping the rest", async () => {
    const fiftyMegabytes = Buffer.concat([await photo("#ff0000"), Buffer.alloc(50 * 1024 * 1024)]);
    const response = await upload("manager", stock.north, [
      { name: "front.jpg", bytes: await photo("#ff0000") },
      { name: "empty.jpg", bytes: new Uint8Array(0) },
      { name: "side.png", bytes: await photo("#00ff00", { format: "png" }), type: "image/png" },
      { name: "huge.jpg", bytes: fiftyMegabytes },
      { name: "notes.jpg", bytes: new TextEncoder().encode("this is a text file with a photo's name"), type: "image/jpeg" },
      { name: "rear.webp", bytes: await photo("#0000ff", { format: "webp" }), type: "image/webp" },
    ]);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("3 of 6 photos added.");
    expect(html).toContain("front.jpg: added.");
    expect(html).toContain("side.png: added.");
    expect(html).toContain("rear.webp: added.");
    expect(html).toContain("empty.jpg: not added. The file is empty (0 bytes).");
    expect(html).toMatch(/huge\.jpg: not added\. The file is 50 MB; photos can be at most 20 MB\./);
    expect(html).toContain("notes.jpg: not added. This file is not an image we can read.");
    const images = await imagesOf(stock.north);
    expect(images).toHaveLength(3);
    const names = await state.handle.db.select({ id: carPhotos.id, name: carPhotos.originalName }).from(carPhotos).where(eq(carPhotos.siteId, state.t.site.id));
    expect(images.map((u) => names.find((n) => n.id === idOf(u))?.name)).toEqual(["front.jpg", "side.png", "rear.webp"]);
    const [audit] = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "car.photos-upload"))).orderBy(staffAudit.id);
    expect(audit.entityId).toBe(stock.north);
    expect(JSON.stringify(audit.after)).toContain("huge.jpg");
  });

  it("refuses GIF, too-small and too-many-pixel images by their content, whatever their names say", async () => {
    const bigWhite = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#ffffff" } }).png({ compressionLevel: 9 }).toBuffer();
    const response = await upload("manager", stock.spare, [
      { name: "animated.jpg", bytes: await photo("#ff0000", { format: "gif" }) },
      { name: "thumb.jpg", bytes: await photo("#ff0000", { width: 300, height: 200 }) },
      { name: "poster.png", bytes: bigWhite, type: "image/png" },
    ]);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("0 of 3 photos added.");
    expect(html).toContain("animated.jpg: not added. GIF files are not accepted. Upload a JPEG, PNG, WebP, HEIC or AVIF photo.");
    expect(html).toContain("thumb.jpg: not added. The photo is 300 × 200 px, too small to show well");
    expect(html).toContain("poster.png: not added. The photo is 8000 × 8000 px; photos can have at most 60 megapixels.");
    expect(await imagesOf(stock.spare)).toEqual([]);
  });

  it(`stops at ${PHOTO_LIMITS.maxPhotosPerCar} photos per car, counting imported ones, and says so for each extra file`, async () => {
    const imported = Array.from({ length: PHOTO_LIMITS.maxPhotosPerCar - 1 }, (_, i) => ({ url: `/demo-photos/imported-${i}.jpg` }));
    await state.handle.db.update(cars).set({ images: imported, primaryImageUrl: imported[0].url, photosCount: imported.length }).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, stock.spare)));
    const html = await (await upload("manager", stock.spare, [{ name: "last.jpg", bytes: await photo("#123456") }, { name: "one-too-many.jpg", bytes: await photo("#654321") }])).text();
    expect(html).toContain("1 of 2 photos added.");
    expect(html).toContain(`one-too-many.jpg: not added. The car has ${PHOTO_LIMITS.maxPhotosPerCar} photos, the most it can have.`);
    expect(await imagesOf(stock.spare)).toHaveLength(PHOTO_LIMITS.maxPhotosPerCar);
  });

  it("takes an AVIF photo by its content (named .bin) and stores it as a JPEG master", async () => {
    const avif = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#00aaaa" } }).avif({ effort: 0 }).toBuffer();
    const html = await (await upload("manager", stock.south, [{ name: "camera.bin", bytes: avif, type: "application/octet-stream" }])).text();
    expect(html).toContain("camera.bin: added.");
    const [stored] = await state.handle.db.select({ bytes: carPhotos.bytes, contentType: carPhotos.contentType }).from(carPhotos).where(eq(carPhotos.id, idOf((await imagesOf(stock.south)).at(-1)!)));
    expect(stored.contentType).toBe("image/jpeg");
    expect((await sharp(stored.bytes).metadata()).format).toBe("jpeg");
  });

  it("asks for a photo when the file input is left empty", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.append("photos", new Blob([]), "");
    const response = await state.t.request(pagePath(stock.north), { host: CONSOLE_HOST, method: "POST", headers: { origin: CONSOLE_ORIGIN, cookie: cookies.get("manager")!, "x-forwarded-for": "198.18.2.2" }, body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose at least one photo to upload.");
  });
});

describe(`console photos: EXIF and location data (issue 49 item 2) (${ENGINE})`, () => {
  it("stores and serves photos without EXIF, GPS or other metadata, turned upright by their orientation", async () => {
    const original = await photo("#808000", { width: 900, height: 600, orientation: 6 });
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from("SecretCam"))).toBe(true);
    expect(hasGpsTag(before.exif!)).toBe(true);
    expect(before.orientation).toBe(6);
    await upload("manager", stock.south, [{ name: "gps.jpg", bytes: original }]);
    const url = (await imagesOf(stock.south)).at(-1)!;
    const [stored] = await state.handle.db.select({ bytes: carPhotos.bytes, width: carPhotos.width, height: carPhotos.height }).from(carPhotos).where(eq(carPhotos.id, idOf(url)));
    const served = Buffer.from(await (await state.t.request(url)).arrayBuffer());
    const rendition = Buffer.from(await (await state.t.request(`/images?src=${encodeURIComponent(url)}&w=640&q=75`, { headers: { accept: "image/jpeg" } })).arrayBuffer());
    for (const bytes of [stored.bytes, served, rendition]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from("Exif\0"))).toBe(false);
      expect(bytes.includes(Buffer.from("SecretCam"))).toBe(false);
    }
    // Orientation 6 (turned 90°): the stored master is upright, 600 wide and 900 high.
    expect([stored.width, stored.height]).toEqual([600, 900]);
    expect(served.equals(stored.bytes)).toBe(true);
  });
});

describe(`console photos: order, primary, delete and the public site (issue 49 item 2) (${ENGINE})`, () => {
  it("reorders, makes a primary and deletes; the VDP gallery and the SRP card follow on the next request; each change is audited", async () => {
    const [front, side, rear] = await imagesOf(stock.north);
    const [car] = await state.handle.db.select({ slug: cars.slug }).from(cars).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, stock.north)));
    // The public pages are cached before the changes.
    expect(galleryIdsIn(await (await state.t.request(`/cars/${car.slug}`)).text())).toEqual([front, side, rear].map(idOf));
    expect((await change("manager", stock.north, "move-down", front)).status).toBe(200);
    expect(await imagesOf(stock.north)).toEqual([side, front, rear]);
    expect((await change("manager", stock.north, "move-up", rear)).status).toBe(200);
    expect(await imagesOf(stock.north)).toEqual([side, rear, front]);
    const made = await change("manager", stock.north, "primary", front);
    expect(await made.text()).toContain("Photo made the primary");
    expect(await imagesOf(stock.north)).toEqual([front, side, rear]);
    expect((await change("manager", stock.north, "move-down", front)).status).toBe(200);
    expect((await change("manager", stock.north, "primary", rear)).status).toBe(200);
    expect(await imagesOf(stock.north)).toEqual([rear, side, front]);
    expect(galleryIdsIn(await (await state.t.request(`/cars/${car.slug}`)).text())).toEqual([rear, side, front].map(idOf));
    const srp = await (await state.t.request("/search")).text();
    expect(photoIdsIn(srp)).toContain(idOf(rear));
    expect(photoIdsIn(srp)).not.toContain(idOf(front));

    // A rendition made before the delete is not served after it.
    const rendition = `/images?src=${encodeURIComponent(side)}&w=320&q=75`;
    expect((await state.t.request(rendition)).status).toBe(200);
    expect((await change("manager", stock.north, "delete", side)).status).toBe(200);
    expect(await imagesOf(stock.north)).toEqual([rear, front]);
    expect((await state.t.request(side)).status).toBe(404);
    expect((await state.t.request(rendition)).status).toBe(404);
    expect(galleryIdsIn(await (await state.t.request(`/cars/${car.slug}`)).text())).toEqual([rear, front].map(idOf));

    const actions = (await state.handle.db.select({ action: staffAudit.action }).from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.entityId, stock.north), like(staffAudit.action, "car.photo%"))).orderBy(staffAudit.id)).map((r) => r.action);
    expect(actions).toEqual(["car.photos-upload", "car.photo-move-down", "car.photo-move-up", "car.photo-primary", "car.photo-move-down", "car.photo-primary", "car.photo-delete"]);
  });

  it("stops serving an upload its car no longer lists, as after a feed re-import replaced the list", async () => {
    const images = await imagesOf(stock.north);
    const dropped = images.at(-1)!;
    expect((await state.t.request(dropped)).status).toBe(200);
    const kept = images.slice(0, -1);
    await state.handle.db.update(cars).set({ images: kept.map((url) => ({ url })), primaryImageUrl: kept[0] ?? null, photosCount: kept.length }).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, stock.north)));
    expect((await state.t.request(dropped)).status).toBe(404);
    expect((await state.t.request(`/images?src=${encodeURIComponent(dropped)}&w=320&q=75`)).status).toBe(404);
  });

  it("answers a change to a photo the car no longer lists with a message, changing nothing", async () => {
    const before = await imagesOf(stock.north);
    const response = await change("manager", stock.north, "delete", "/car-photos/00000000-0000-4000-8000-000000000000.jpg");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That photo is no longer one of this car");
    expect(await imagesOf(stock.north)).toEqual(before);
    const empty = await consoleRequest(state.t, pagePath(stock.north), { ip: "198.18.2.2", cookie: cookies.get("manager"), form: { intent: "" } });
    expect(empty.status).toBe(400);
  });
});

describe(`console photos: who may see and change (issue 49 item 2) (${ENGINE})`, () => {
  it("sales see and change their own location's cars only; a car elsewhere is not found, by page, thumbnail or post", async () => {
    const own = await consoleRequest(state.t, pagePath(stock.north), { ip: "198.18.2.3", cookie: cookies.get("sales-north") });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Upload photos");
    expect((await upload("sales-north", stock.north, [{ name: "sales.jpg", bytes: await photo("#222222") }])).status).toBe(200);
    const southBefore = await imagesOf(stock.south);
    expect((await consoleRequest(state.t, pagePath(stock.south), { ip: "198.18.2.3", cookie: cookies.get("sales-north") })).status).toBe(404);
    expect((await consoleRequest(state.t, `${pagePath(stock.south)}/1`, { ip: "198.18.2.3", cookie: cookies.get("sales-north") })).status).toBe(404);
    expect((await upload("sales-north", stock.south, [{ name: "elsewhere.jpg", bytes: await photo("#333333") }])).status).toBe(404);
    expect((await change("sales-north", stock.south, "delete", southBefore[0])).status).toBe(404);
    expect(await imagesOf(stock.south)).toEqual(southBefore);
    const finder = await consoleRequest(state.t, `/sites/${state.t.site.slug}/photos?stockNumber=${encodeURIComponent(stock.south)}`, { ip: "198.18.2.3", cookie: cookies.get("sales-north") });
    expect(finder.status).toBe(404);
    expect(await finder.text()).toContain(`No car with stock number ${stock.south} among the cars you can see.`);
    const found = await consoleRequest(state.t, `/sites/${state.t.site.slug}/photos?stockNumber=${encodeURIComponent(stock.north)}`, { ip: "198.18.2.3", cookie: cookies.get("sales-north") });
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toBe(pagePath(stock.north));
  });

  it("read-only staff and content editors see the photos (stock.view) but cannot change them (stock.edit)", async () => {
    const before = await imagesOf(stock.south);
    for (const who of ["read-only", "content"]) {
      const page = await consoleRequest(state.t, pagePath(stock.south), { ip: "198.18.2.4", cookie: cookies.get(who) });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Photos of ");
      expect(html).not.toContain("Upload photos");
      const thumbnail = await consoleRequest(state.t, `${pagePath(stock.south)}/1`, { ip: "198.18.2.4", cookie: cookies.get(who) });
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get("content-type")).toMatch(/^image\//);
      expect((await upload(who, stock.south, [{ name: "no.jpg", bytes: await photo("#444444") }])).status).toBe(403);
      expect((await change(who, stock.south, "delete", before[0])).status).toBe(403);
    }
    expect(await imagesOf(stock.south)).toEqual(before);
  });

  it("another site's manager finds neither the car nor its photos, and another site's host does not serve them", async () => {
    const before = await imagesOf(stock.south);
    expect((await consoleRequest(state.t, pagePath(stock.south), { ip: "198.18.2.5", cookie: cookies.get("other-manager") })).status).toBe(404);
    expect((await upload("other-manager", stock.south, [{ name: "x.jpg", bytes: await photo("#555555") }])).status).toBe(404);
    expect(await imagesOf(stock.south)).toEqual(before);
    const other = await createTestSite(state.handle);
    expect((await state.t.request(before[0], { host: `${other.slug}.localhost` })).status).toBe(404);
    expect((await state.t.request(`/images?src=${encodeURIComponent(before[0])}&w=320&q=75`, { host: `${other.slug}.localhost` })).status).toBe(404);
  });
});

// Last: it adds a photo to a car whose gallery and audit rows the tests above count.
describe(`console photos: HEIC (issue 49 item 2) (${ENGINE})`, () => {
  it("takes an iPhone HEIC photo: decoded, stored upright as a JPEG master without its EXIF", async () => {
    // tests/fixtures/car.heic: 1024 x 768, HEVC in HEIF, made by libheif's heif-enc (x265) from a
    // JPEG drawn by sharp (a blue-to-amber gradient, a red circle at 300,380 and a green square at
    // 560-880 x 240-500) with EXIF naming the camera "TestPhone".
    const heic = readFileSync("tests/fixtures/car.heic");
    const before = await sharp(heic).metadata();
    expect([before.format, before.compression, before.exif?.includes(Buffer.from("TestPhone"))]).toEqual(["heif", "hevc", true]);
    const html = await (await upload("manager", stock.north, [{ name: "IMG_0001.HEIC", bytes: heic, type: "image/heic" }])).text();
    expect(html).toContain("IMG_0001.HEIC: added.");
    const [stored] = await state.handle.db.select({ bytes: carPhotos.bytes, width: carPhotos.width, height: carPhotos.height }).from(carPhotos).where(eq(carPhotos.id, idOf((await imagesOf(stock.north)).at(-1)!)));
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height, stored.width, stored.height, meta.exif]).toEqual(["jpeg", 1024, 768, 1024, 768, undefined]);
    const pixel = async (left: number, top: number) => [...(await sharp(stored.bytes).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())];
    const [red, green] = [await pixel(300, 380), await pixel(720, 370)];
    expect(red[0]).toBeGreaterThan(180);
    expect(red[1]).toBeLessThan(90);
    expect(green[1]).toBeGreaterThan(120);
    expect(green[0]).toBeLessThan(90);
  });
});
