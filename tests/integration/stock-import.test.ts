/**
 * Stock importer against a real database (issue 2 item 5): upsert by stock number, unchanged
 * on a second run, --full withdraws missing cars, bad rows rejected with row and reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { DatabaseHandle } from "../../db/client";
import { loadKnownModels, parseFeedText } from "../../app/import/parse-feed";
import { getCarBySlug } from "../../app/services/cars.server";
import { getSiteBySlug } from "../../app/services/sites.server";
import { importStock } from "../../app/services/stock-import.server";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { addCarPhotos, changeCarPhoto } from "../../app/console/car-photos.server";
import { addStaffMember } from "../../app/console/staff.server";
import { carPhotoIdOf, readCarPhoto } from "../../app/services/car-photo-store.server";
import { cars } from "../../db/schema/index";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

const knownModels = loadKnownModels(readFileSync("data/au_make_model_reference.csv", "utf8"));
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`importStock (${ENGINE})`, () => {
  it("creates cars, then reports every row unchanged on a second run of the same feed", async () => {
    const site = await createTestSite(handle);
    const rows = feed([stockRecord(), stockRecord({ make: "Toyota", model: "RAV4" }), stockRecord({ price: null })]);
    const first = await importStock(handle.db, site, rows);
    expect(first).toMatchObject({ read: 3, created: 3, updated: 0, unchanged: 0, rejected: 0 });
    const second = await importStock(handle.db, site, rows);
    expect(second).toMatchObject({ read: 3, created: 0, updated: 0, unchanged: 3, withdrawn: 0 });
  });

  it("updates a car whose price changed and bumps the site's stock version", async () => {
    const site = await createTestSite(handle);
    const car = stockRecord({ price: 20000 });
    await importStock(handle.db, site, feed([car]));
    const before = (await getSiteBySlug(handle.db, site.slug))!.stockVersion;
    const result = await importStock(handle.db, site, feed([{ ...car, price: 18990 }]));
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    // Moved by the cars trigger (migration 0018), once per written batch.
    expect((await getSiteBySlug(handle.db, site.slug))!.stockVersion).toBeGreaterThan(before);
    // An import that changes nothing leaves it.
    const after = (await getSiteBySlug(handle.db, site.slug))!.stockVersion;
    await importStock(handle.db, site, feed([{ ...car, price: 18990 }]));
    expect((await getSiteBySlug(handle.db, site.slug))!.stockVersion).toBe(after);
  });

  it("keeps the console's uploads, each in its place, when a feed update replaces the car's photos", async () => {
    const site = await createTestSite(handle);
    const car = stockRecord({ images: ["https://img.test/a.jpg", "https://img.test/b.jpg"] });
    await importStock(handle.db, site, feed([car]));
    const { userId } = await addStaffMember(handle.db, { email: `photos-${site.slug}@import.test`, role: "site_manager", target: { siteSlug: site.slug } });
    const actor = { member: { id: userId, email: `photos-${site.slug}@import.test` }, ipAddress: null };
    const scoped = { site: { id: site.id, slug: site.slug, name: site.name, hosts: [], dealerGroupId: null }, reach: "all" as const, locationIds: [] };
    const jpeg = (r: number) => sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 40 } } }).jpeg().toBuffer();
    const uploaded = await addCarPhotos(handle.db, actor, scoped, car.stock_number, [
      { name: "front.jpg", bytes: await jpeg(200) },
      { name: "side.jpg", bytes: await jpeg(20) },
    ]);
    const [front, side] = uploaded.map((u) => (u.accepted ? u.url : ""));
    await changeCarPhoto(handle.db, actor, scoped, car.stock_number, { intent: "primary", photo: side });
    const gallery = async () => (await handle.db.select({ images: cars.images, primary: cars.primaryImageUrl, count: cars.photosCount }).from(cars).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, car.stock_number))))[0];
    expect((await gallery()).images.map((i) => i.url)).toEqual([side, "https://img.test/a.jpg", "https://img.test/b.jpg", front]);

    // The same feed again changes nothing: the uploads are not the feed's business.
    expect(await importStock(handle.db, site, feed([car]))).toMatchObject({ unchanged: 1, updated: 0 });
    // A new price and three new photos: the feed's photos take the places of its old ones, in its
    // order; the uploads keep theirs (the primary stays first); the extra feed photo goes last.
    const three = { ...car, price: 18990, images: ["https://img.test/c.jpg", "https://img.test/d.jpg", "https://img.test/e.jpg"] };
    expect(await importStock(handle.db, site, feed([three]))).toMatchObject({ updated: 1 });
    expect(await gallery()).toEqual({ images: [side, "https://img.test/c.jpg", "https://img.test/d.jpg", front, "https://img.test/e.jpg"].map((url) => ({ url })), primary: side, count: 5 });
    // Fewer feed photos: the later upload moves up.
    await importStock(handle.db, site, feed([{ ...three, images: ["https://img.test/f.jpg"] }]));
    expect((await gallery()).images.map((i) => i.url)).toEqual([side, "https://img.test/f.jpg", front]);
    // Both uploads are still served.
    for (const url of [front, side]) expect(await readCarPhoto(handle.db, site.id, carPhotoIdOf(url)!)).not.toBeNull();
  });

  it("with full: withdraws cars missing from the snapshot; the VDP lookup then says withdrawn", async () => {
    const site = await createTestSite(handle);
    const keep = stockRecord();
    const drop = stockRecord({ make: "Kia", model: "Sportage" });
    await importStock(handle.db, site, feed([keep, drop]));
    const result = await importStock(handle.db, site, feed([keep]), { full: true });
    expect(result).toMatchObject({ unchanged: 1, withdrawn: 1 });
    const slug = `2020-kia-sportage-maxx-sport-${drop.stock_number.toLowerCase()}`;
    expect((await getCarBySlug(handle.db, site, slug)).kind).toBe("withdrawn");
    // A later feed that has the car again brings it back.
    const back = await importStock(handle.db, site, feed([keep, drop]));
    expect(back).toMatchObject({ updated: 1, unchanged: 1 });
    expect((await getCarBySlug(handle.db, site, slug)).kind).toBe("found");
  });

  it("without full: leaves cars missing from the feed alone", async () => {
    const site = await createTestSite(handle);
    await importStock(handle.db, site, feed([stockRecord(), stockRecord()]));
    const result = await importStock(handle.db, site, feed([stockRecord()]));
    expect(result.withdrawn).toBe(0);
  });

  it("rejects duplicate stock numbers and unknown locations with row number and reason, and imports the rest", async () => {
    const site = await createTestSite(handle);
    const a = stockRecord();
    const rows = feed([a, { ...a }, stockRecord({ location_slug: "nowhere" }), stockRecord()]);
    const result = await importStock(handle.db, site, rows);
    expect(result.created).toBe(2);
    expect(result.rejections).toEqual([
      { row: 2, reason: `duplicate stock_number ${a.stock_number} (first at row 1)` },
      { row: 3, reason: "unknown location_slug 'nowhere'" },
    ]);
  });

  it("imports a CSV feed with bad rows without crashing, reporting each bad row", async () => {
    const site = await createTestSite(handle);
    const csv = [
      "stock_number,car_type,make,model,year,price,km",
      "A1,used,Mazda,3,2018,15990,80000",
      "A2,second-hand,Mazda,3,2018,15990,80000",
      "A3,used,,3,2018,15990,80000",
      "A4,used,Mazda,3,eighteen,15990,80000",
      'A5,new,Toyota,"Land Cruiser",2024,,10',
    ].join("\n");
    const parsed = parseFeedText(csv, "feed.csv", knownModels);
    const result = await importStock(handle.db, site, parsed.rows);
    expect(result).toMatchObject({ read: 5, created: 2, rejected: 3 });
    expect(result.rejections.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(result.rejections[0].reason).toContain("car_type must be new, demo or used");
    expect(result.rejections[1].reason).toContain("make");
    expect(result.rejections[2].reason).toContain("year");
  });

  it("refuses a row whose date is not a real day, with the field named, and imports the rest (one bad date used to fail the whole feed)", async () => {
    const site = await createTestSite(handle);
    const csv = [
      "stock_number,car_type,make,model,year,price,km,status,listed_date,sold_date,rego_expiry,item_type",
      "D1,used,Mazda,3,2018,15990,80000,in_stock,2026-13-01,,,",
      "D2,used,Mazda,3,2018,15990,80000,sold,2026-01-01,2026-01-01junk,,",
      "D3,used,Mazda,3,2018,15990,80000,in_stock,,,2026-02-30,",
      "D4,used,Mazda,3,2018,15990,80000,in_stock,0001-01-01,,,",
      `D5,used,Mazda,3,2018,15990,80000,in_stock,,,,${"x".repeat(41)}`,
      "D6,used,Mazda,3,2018,15990,80000,sold, 2024-02-29 ,2026-03-31T10:30:00+10:00,2027-01-31,caravan",
    ].join("\n");
    const result = await importStock(handle.db, site, parseFeedText(csv, "feed.csv", knownModels).rows);
    expect(result).toMatchObject({ read: 6, created: 1, rejected: 5 });
    expect(result.rejections).toEqual([
      { row: 1, reason: "listed_date: a real date like 2026-03-31, years 1900-2100" },
      { row: 2, reason: "sold_date: a real date like 2026-03-31, years 1900-2100" },
      { row: 3, reason: "rego_expiry: a real date like 2026-03-31, years 1900-2100" },
      { row: 4, reason: "listed_date: a real date like 2026-03-31, years 1900-2100" },
      { row: 5, reason: "item_type: at most 40 characters" },
    ]);
    const [car] = await handle.db.select().from(cars).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, "D6")));
    expect(car).toMatchObject({ itemType: "caravan", regoExpiry: "2027-01-31", createdAt: new Date("2024-02-29T00:00:00Z"), soldAt: new Date("2026-03-31T00:30:00Z") });
  });

  it("assigns each car to the nearest sales location that sells its make", async () => {
    const site = await createTestSite(handle, {
      locations: [
        { slug: "perth", city: "Perth", state: "WA", postcode: "6000", lat: -31.95, long: 115.86, primary: true },
        { slug: "sydney", city: "Sydney", state: "NSW", postcode: "2000", lat: -33.87, long: 151.21 },
        { slug: "sydney-service", city: "Sydney", state: "NSW", postcode: "2000", lat: -33.87, long: 151.21, locationType: "service" },
      ],
    });
    const nsw = stockRecord({ listing_suburb: "Caringbah", listing_state: "NSW" });
    const wa = stockRecord({ listing_suburb: "Midland", listing_state: "WA" });
    await importStock(handle.db, site, feed([nsw, wa]));
    const slugOf = (r: typeof nsw) => `2020-mazda-cx-5-maxx-sport-${r.stock_number.toLowerCase()}`;
    const a = await getCarBySlug(handle.db, site, slugOf(nsw));
    const b = await getCarBySlug(handle.db, site, slugOf(wa));
    expect(a.kind === "found" && a.car.location?.slug).toBe("sydney");
    expect(b.kind === "found" && b.car.location?.slug).toBe("perth");
  });
});
