/**
 * Issue 3 against a real database: phone-reveal log (spec 4, 7), view counter (spec 7), the
 * embedded market data behind the market-price indicator (spec 5, 9) and the VDP view model.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { phoneReveals } from "../../db/schema/index";
import { getCarBySlug, recordCarView, recordPhoneReveal } from "../../app/services/cars.server";
import { getMarketIndicator } from "../../app/services/market.server";
import { createEmbeddedMarketData, MARKET_LISTINGS_TTL_MS } from "../../app/adapters/market-data/embedded";
import { importStock } from "../../app/services/stock-import.server";
import { buildVdpView } from "../../app/services/vdp.server";
import type { Site } from "../../app/sites/site";
import type { Car } from "../../app/domain/car";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

async function carOf(site: Site, stock: string): Promise<Car> {
  const { cars } = await import("../../db/schema/index");
  const [row] = await handle.db.select({ slug: cars.slug }).from(cars).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, stock))).limit(1);
  const lookup = await getCarBySlug(handle.db, site, row.slug);
  if (lookup.kind === "not-found") throw new Error("car missing");
  return lookup.car;
}

describe(`vehicle presentation services (${ENGINE})`, () => {
  it("logs one phone reveal {car_id, dealership_id, website_id} per call, only for the site's own cars (spec 4, 7)", async () => {
    const site = await createTestSite(handle);
    const other = await createTestSite(handle);
    const record = stockRecord();
    await importStock(handle.db, site, feed([record]));
    const car = await carOf(site, record.stock_number);
    const logged = await recordPhoneReveal(handle.db, site, car.slug);
    expect(logged).toEqual({ carId: car.id, dealershipId: car.location?.id ?? null, websiteId: site.id });
    const rows = await handle.db.select().from(phoneReveals).where(eq(phoneReveals.carId, car.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ carId: car.id, siteId: site.id });
    expect(await recordPhoneReveal(handle.db, other, car.slug)).toBeNull();
  });

  it("view.json counts once per visitor per car per day (issue 16 defect 10) and ignores other sites' slugs (spec 7)", async () => {
    const site = await createTestSite(handle);
    const other = await createTestSite(handle);
    const record = stockRecord();
    await importStock(handle.db, site, feed([record]));
    const car = await carOf(site, record.stock_number);
    const now = Date.UTC(2026, 10, 22, 9);
    const jane = { ip: "203.0.113.9", userAgent: "Firefox", now };
    expect(await recordCarView(handle.db, site, car.slug, jane)).toBe(car.views + 1);
    for (let i = 0; i < 5; i++) expect(await recordCarView(handle.db, site, car.slug, { ...jane, now: now + i * 60_000 })).toBe(car.views + 1);
    expect(await recordCarView(handle.db, site, car.slug, { ...jane, ip: "198.51.100.4" })).toBe(car.views + 2);
    expect(await recordCarView(handle.db, site, car.slug, { ...jane, now: now + 86_400_000 })).toBe(car.views + 3);
    expect(await recordCarView(handle.db, other, car.slug, jane)).toBeNull();
  });

  it("market indicator from comparable stock across all sites: shown $4,000 under the state average (spec 5, 9)", async () => {
    const model = `Z${randomUUID().slice(0, 6)}`;
    const site = await createTestSite(handle, { config: { display: { marketPriceIndicator: true } } });
    const market = await createTestSite(handle);
    const subject = stockRecord({ make: "Mazda", model, year: 2020, km: 50_000, price: 30_000 });
    await importStock(handle.db, site, feed([subject]));
    await importStock(handle.db, market, feed([32_000, 34_000, 36_000].map((price, i) => stockRecord({ make: "Mazda", model, year: 2019 + i, km: 45_000 + i * 5_000, price }))));
    const car = await carOf(site, subject.stock_number);
    expect(await getMarketIndicator(handle.db, site, car)).toEqual({ shown: true, marketPrice: 34_000, reference: "state", price: 30_000, saving: 4_000 });
    // Not eligible: flag off on the site, or reserved (spec 5).
    const off = await createTestSite(handle);
    expect(await getMarketIndicator(handle.db, off, car)).toEqual({ shown: false });
    expect(await getMarketIndicator(handle.db, site, { ...car, reserved: true })).toEqual({ shown: false });
  });

  it("the embedded provider keeps a make, model and year's listings for a minute, shared by every car of them, never counting the car itself (decision 189)", async () => {
    const model = `Z${randomUUID().slice(0, 6)}`;
    const site = await createTestSite(handle, { config: { display: { marketPriceIndicator: true } } });
    const market = await createTestSite(handle);
    const subjects = [stockRecord({ make: "Mazda", model, year: 2020, km: 50_000, price: 30_000 }), stockRecord({ make: "Mazda", model, year: 2020, km: 52_000, price: 31_000 })];
    await importStock(handle.db, site, feed(subjects));
    await importStock(handle.db, market, feed([32_000, 34_000, 36_000].map((price, i) => stockRecord({ make: "Mazda", model, year: 2019 + i, km: 45_000 + i * 5_000, price }))));
    const [first, second] = [await carOf(site, subjects[0].stock_number), await carOf(site, subjects[1].stock_number)];
    let clock = Date.UTC(2026, 10, 26, 3);
    const provider = createEmbeddedMarketData(handle.db, () => clock);
    const subject = (car: Car) => ({ id: car.id, make: car.make, model: car.model, year: car.year, km: car.km, price: car.price, state: car.location?.address.state ?? null });
    // Each car is averaged with the other site's three and the other subject, never itself.
    expect(await provider.averagesFor(subject(first))).toMatchObject({ averageMarketPrice: Math.round((32_000 + 34_000 + 36_000 + 31_000) / 4) });
    expect(await provider.averagesFor(subject(second))).toMatchObject({ averageMarketPrice: Math.round((32_000 + 34_000 + 36_000 + 30_000) / 4) });
    // A new listing within the minute is not seen yet; after it, it is.
    await importStock(handle.db, await createTestSite(handle), feed([stockRecord({ make: "Mazda", model, year: 2021, km: 48_000, price: 40_000 })]));
    expect(await provider.averagesFor(subject(first))).toMatchObject({ averageMarketPrice: Math.round((32_000 + 34_000 + 36_000 + 31_000) / 4) });
    clock += MARKET_LISTINGS_TTL_MS;
    expect(await provider.averagesFor(subject(first))).toMatchObject({ averageMarketPrice: Math.round((32_000 + 34_000 + 36_000 + 31_000 + 40_000) / 5) });
  });

  it("VDP view model: masked number, spec list without rego, sold car shows only 'Find Me Something Similar' (spec 2.4, 4, 5)", async () => {
    const site = await createTestSite(handle, { config: { phones: { main: "+61 2 9630 1000", byCarType: { used: "+61 2 9630 1020" } } } });
    const inStock = stockRecord({ rego: "ABC123" });
    const sold = stockRecord({ status: "sold", sold_date: "2026-01-01" });
    await importStock(handle.db, site, feed([inStock, sold]));
    const now = new Date("2026-01-02T00:00:00Z");
    const view = await buildVdpView(handle.db, site, await carOf(site, inStock.stock_number), { now, origin: "http://x.localhost" });
    expect(view.phone).toEqual({ display: "02 9630 1020", masked: "02 96** ****", href: "tel:0296301020" });
    expect(view.specs.map((s) => s.name)).not.toContain("rego");
    expect(view.buttons.map((b) => b.kind)).toEqual(expect.arrayContaining(["call", "enquire", "test-drive", "finance"]));
    expect(view.canonical).toMatch(/^http:\/\/x\.localhost\/cars\//);
    const soldView = await buildVdpView(handle.db, site, await carOf(site, sold.stock_number), { now, origin: "http://x.localhost" });
    expect(soldView.inStock).toBe(false);
    expect(soldView.buttons.map((b) => b.label)).toEqual(["Find Me Something Similar"]);
    expect(soldView.tag).toMatchObject({ kind: "sold", text: "JUST SOLD" });
  });
});
