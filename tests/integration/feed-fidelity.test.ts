/**
 * Issue 52 item 1 against a real database (PGlite, or PostgreSQL with DATABASE_URL): the
 * documented demo feed with every new spec 3 column is imported, stored and shown on the VDP's
 * specification list and key information with spec 9 units and the site's date format.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { cars } from "../../db/schema/index";
import { parseColumnMap, parseFeedFile, parseFeedText } from "../../app/import/parse-feed";
import { getCarBySlug } from "../../app/services/cars.server";
import { importStock } from "../../app/services/stock-import.server";
import { buildVdpView } from "../../app/services/vdp.server";
import { FeedEncodingError } from "../../app/import/feed-encoding";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { FULL_SPEC_KEY_INFO, FULL_SPEC_SPECS } from "../feed-fidelity-expected";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const csv = readFileSync("data/demo-full-spec.csv", "utf8");

describe(`feed fidelity (${ENGINE})`, () => {
  it("imports every new column of the demo feed and shows each on the VDP with its unit", async () => {
    const site = await createTestSite(handle);
    const { rows } = parseFeedText(csv, "demo-full-spec.csv", new Map());
    expect(await importStock(handle.db, site, rows)).toMatchObject({ created: 1, rejected: 0 });
    const [row] = await handle.db.select().from(cars).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, "DEMO-SPEC-1")));
    expect(row).toMatchObject({
      vin: "KNAPU81GMP7123456",
      nvic: "0HJ223",
      hasNvic: true,
      offerPrice: 47490,
      priceType: "Drive Away",
      gearNum: 8,
      trans: "8 SP AUTOMATIC",
      buildDate: "2023-02",
      complianceDate: "2023-04",
      interiorColour: "Black Leather",
      carsalesTitle: "2023 Kia Sportage SX+ NQ5 Auto AWD MY23 Diesel",
      variant: { induction: "Turbo", geartype: "Sports Automatic", fuelcapacity: 54, grossvehiclemass: 2400, vehiclelength: 4660, vehiclewidth: 1865, vehicleheight: 1665, towingcapacitybraked: 1900, torque: 416, ancaprating: 5 },
    });
    expect(row.standardEquipment).toHaveLength(6);

    const lookup = await getCarBySlug(handle.db, site, row.slug);
    if (lookup.kind !== "found") throw new Error("car not found");
    const view = await buildVdpView(handle.db, site, lookup.car, { now: new Date("2026-01-02T00:00:00Z"), origin: "http://x.localhost" });
    const specs = Object.fromEntries(view.specs.map((s) => [s.label, s.value]));
    expect(specs).toMatchObject(FULL_SPEC_SPECS);
    expect(Object.fromEntries(view.keyInfo.map((k) => [k.label, k.value]))).toMatchObject(FULL_SPEC_KEY_INFO);
    expect(view.standardEquipment).toContain("Autonomous emergency braking");
  });

  it("a change to the variant block alone is an update, not 'unchanged'", async () => {
    const site = await createTestSite(handle);
    await importStock(handle.db, site, parseFeedText(csv, "demo-full-spec.csv", new Map()).rows);
    const changed = parseFeedText(csv.replace(",Turbo,416,", ",Turbo,400,"), "demo-full-spec.csv", new Map()).rows;
    expect(await importStock(handle.db, site, changed)).toMatchObject({ updated: 1, unchanged: 0 });
    const [row] = await handle.db.select({ variant: cars.variant }).from(cars).where(eq(cars.siteId, site.id));
    expect(row.variant.torque).toBe(400);
  });

  it("a dealer-named export imports through a mapping file", async () => {
    const site = await createTestSite(handle);
    const columnMap = parseColumnMap(readFileSync("tests/fixtures/dealer-columns.json", "utf8"), "dealer-columns.json");
    const { rows } = parseFeedFile("tests/fixtures/dealer-export.csv", new Map(), { columnMap });
    expect(await importStock(handle.db, site, rows)).toMatchObject({ created: 2, rejected: 0 });
    const stored = await handle.db.select({ stockNumber: cars.stockNumber, price: cars.price, vin: cars.vin, buildDate: cars.buildDate, variant: cars.variant }).from(cars).where(eq(cars.siteId, site.id)).orderBy(cars.stockNumber);
    expect(stored).toEqual([
      { stockNumber: "DL1001", price: 42990, vin: "MR0HA3CD100812345", buildDate: "2019-05", variant: { towingcapacitybraked: 3500 } },
      { stockNumber: "DL1002", price: 51990, vin: "MNAUMFF50MW123456", buildDate: "2021-02", variant: { towingcapacitybraked: 3500 } },
    ]);
  });

  // Must show: a UTF-16 file imports and a CP1252 file gets a message naming its encoding, on
  // this engine: the bytes go through the importer's file reader into the database.
  const accented = "stock_number,car_type,make,model,year,price,km,colour,dealer_comments\nU1,used,Citroën,C4,2020,18990,64000,Crème,Great car – one owner\n";
  const fileOf = (name: string, bytes: Buffer) => {
    const path = join(mkdtempSync(join(tmpdir(), "feed-fidelity-")), name);
    writeFileSync(path, bytes);
    return path;
  };
  const swapBytes = (le: Buffer) => {
    const out = Buffer.from(le);
    for (let i = 0; i < out.length; i += 2) [out[i], out[i + 1]] = [out[i + 1], out[i]];
    return out;
  };

  it.each([
    ["UTF-16 LE", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(accented, "utf16le")])],
    ["UTF-16 BE", Buffer.concat([Buffer.from([0xfe, 0xff]), swapBytes(Buffer.from(accented, "utf16le"))])],
  ])("a %s file with a byte-order mark imports with its accents and dashes intact", async (encoding, bytes) => {
    const site = await createTestSite(handle);
    const parsed = parseFeedFile(fileOf("feed.csv", bytes), new Map());
    expect(parsed.encoding).toBe(encoding);
    expect(await importStock(handle.db, site, parsed.rows)).toMatchObject({ created: 1, rejected: 0 });
    const [row] = await handle.db.select({ make: cars.make, colour: cars.colour, comments: cars.dealerComments, price: cars.price }).from(cars).where(eq(cars.siteId, site.id));
    expect(row).toEqual({ make: "Citroën", colour: "Crème", comments: "Great car – one owner", price: 18990 });
  });

  it("a Windows-1252 (CP1252) file is refused with a message naming its encoding, and nothing is imported", async () => {
    const site = await createTestSite(handle);
    const path = fileOf("excel.csv", Buffer.from(accented.replace("–", "\u0096"), "latin1"));
    let error: unknown = null;
    try {
      await importStock(handle.db, site, parseFeedFile(path, new Map()).rows);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FeedEncodingError);
    expect((error as Error).message).toContain("it looks like Windows-1252 (CP1252, Western European)");
    expect(await handle.db.select({ id: cars.id }).from(cars).where(eq(cars.siteId, site.id))).toEqual([]);
  });
});
