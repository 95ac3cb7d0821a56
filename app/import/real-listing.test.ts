import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadKnownModels, parseFeedText } from "./parse-feed";
import { cleanRealListing, isMissing, parseCount, parseEngine, parseFuelConsumption, parseLocation, resolveMakeModel, stockNumberFor, type RealListing } from "./real-listing";

const knownModels = loadKnownModels(readFileSync("data/au_make_model_reference.csv", "utf8"));

function raw(overrides: Partial<RealListing> = {}): RealListing {
  return {
    Brand: "Ssangyong", Year: "2022", Model: "Rexton", "Car/Suv": "Sutherland Isuzu Ute", Title: "2022 Ssangyong Rexton Ultimate (awd)",
    UsedOrNew: "DEMO", Transmission: "Automatic", Engine: "4 cyl, 2.2 L", DriveType: "AWD", FuelType: "Diesel",
    FuelConsumption: "8.7 L / 100 km", Kilometres: "5595", ColourExtInt: "White / Black", Location: "Caringbah, NSW",
    CylindersinEngine: "4 cyl", BodyType: "SUV", Doors: " 4 Doors", Seats: " 7 Seats", Price: "51990",
    ...overrides,
  };
}

describe("cleaning the real listings (data/README.md defects)", () => {
  it("reads a clean row into Forecourt's fields", () => {
    const result = cleanRealListing(raw(), knownModels);
    expect(result.ok && result.record).toMatchObject({
      car_type: "demo", make: "Ssangyong", model: "Rexton", badge: "Ultimate (awd)", year: 2022, price: 51990, km: 5595,
      colour: "White", interior_colour: "Black", body: "SUV", seats: 7, doors: 4, cylinders: 4, engine_size_litres: 2.2,
      fuel_consumption: 8.7, listing_suburb: "Caringbah", listing_state: "NSW",
    });
  });

  it("treats '-', '- / -', blanks and 'nan' as missing", () => {
    for (const v of ["-", "- / -", "", "  ", "nan", "NaN"]) expect(isMissing(v)).toBe(true);
    expect(isMissing("0")).toBe(false);
    const r = cleanRealListing(raw({ Kilometres: "- / -", Transmission: "-", Engine: "-", FuelConsumption: "-" }), knownModels);
    expect(r.ok && [r.record.km, r.record.transmission, r.record.engine_size_litres, r.record.fuel_consumption]).toEqual([null, null, null, null]);
  });

  it("POA and blank prices become no price, not a rejection", () => {
    const poa = cleanRealListing(raw({ Price: "POA" }), knownModels);
    expect(poa.ok && poa.record.price).toBeNull();
    expect(poa.ok && poa.fixes).toContain("POA price: no price shown");
    const blank = cleanRealListing(raw({ Price: "" }), knownModels);
    expect(blank.ok && blank.record.price).toBeNull();
  });

  it("repairs makes split across Brand and Model, taking the model from the title", () => {
    expect(resolveMakeModel({ Brand: "Land", Model: "Rover", Year: "2017", Title: "2017 Land Rover Range Rover Evoque TD4 180 HSE Dynamic" }, knownModels)).toEqual({
      make: "Land Rover", model: "Range Rover Evoque", badge: "TD4 180 HSE Dynamic",
    });
    expect(resolveMakeModel({ Brand: "Alfa", Model: "Romeo", Year: "2013", Title: "2013 Alfa Romeo Mito" }, knownModels)).toEqual({ make: "Alfa Romeo", model: "Mito", badge: null });
    expect(resolveMakeModel({ Brand: "Great", Model: "Wall", Year: "2017", Title: "2017 Great Wall Steed (4X4)" }, knownModels)?.make).toBe("Great Wall");
  });

  it("strips the leading space of ' 4 Doors' and moves a seat count found in Doors to seats", () => {
    expect(parseCount(" 4 Doors")).toEqual({ n: 4, unit: "doors" });
    expect(parseCount(" 5 Seats")).toEqual({ n: 5, unit: "seats" });
    const r = cleanRealListing(raw({ Doors: " 5 Seats", Seats: "" }), knownModels);
    expect(r.ok && [r.record.doors, r.record.seats]).toEqual([null, 5]);
  });

  it("parses engine, fuel consumption and location formats, including 'AU-VIC' and EVs' '0 L'", () => {
    expect(parseEngine("6 cyl, 3 L")).toEqual({ cylinders: 6, litres: 3 });
    expect(parseFuelConsumption("11 L / 100 km")).toBe(11);
    expect(parseLocation("AU-VIC")).toEqual({ suburb: null, state: "VIC" });
    expect(parseLocation("Mount Druitt, NSW")).toEqual({ suburb: "Mount Druitt", state: "NSW" });
    const ev = cleanRealListing(raw({ Engine: "-", CylindersinEngine: "0 L", FuelType: "Electric" }), knownModels);
    expect(ev.ok && ev.record.cylinders).toBe(0);
  });

  it("never publishes dealer names or masked phone numbers from Car/Suv", () => {
    const r = cleanRealListing(raw({ "Car/Suv": "02 **** ****\n" }), knownModels);
    expect(JSON.stringify(r)).not.toContain("****");
    const d = cleanRealListing(raw(), knownModels);
    expect(JSON.stringify(d)).not.toContain("Sutherland");
  });

  it("rejects the all-'nan' record and rows without year or a known car type, with a reason", () => {
    const empty = Object.fromEntries(Object.keys(raw()).map((k) => [k, ""])) as RealListing;
    expect(cleanRealListing({ ...empty, Year: "nan", UsedOrNew: "nan", "Car/Suv": "nan", CylindersinEngine: "nan" }, knownModels)).toEqual({ ok: false, reason: "empty record" });
    expect(cleanRealListing(raw({ Year: "20X2" }), knownModels)).toEqual({ ok: false, reason: "missing or invalid year" });
    expect(cleanRealListing(raw({ UsedOrNew: "PRE-LOVED" }), knownModels)).toEqual({ ok: false, reason: "unknown UsedOrNew 'PRE-LOVED'" });
  });

  it("gives each listing a stable stock number derived from its content", () => {
    expect(stockNumberFor(raw())).toBe(stockNumberFor(raw()));
    expect(stockNumberFor(raw())).not.toBe(stockNumberFor(raw({ Price: "51000" })));
    expect(stockNumberFor(raw())).toMatch(/^AVP-[0-9A-F]{10}$/);
  });

  it("moves a warranty found in the colour column ('5 years / Unlimited km') to the features", () => {
    const r = cleanRealListing(raw({ ColourExtInt: "5 years / Unlimited km" }), knownModels);
    expect(r.ok && [r.record.colour, r.record.interior_colour, r.record.features]).toEqual([null, null, ["Manufacturer warranty: 5 years / Unlimited km"]]);
    const km = cleanRealListing(raw({ ColourExtInt: "3 years / 150,000 km" }), knownModels);
    expect(km.ok && km.record.colour).toBeNull();
    const code = cleanRealListing(raw({ ColourExtInt: "White / 2019/04" }), knownModels);
    expect(code.ok && [code.record.colour, code.record.interior_colour]).toEqual(["White", null]);
  });

  it("maps 'NEW Available to order' listings to coming soon", () => {
    const r = cleanRealListing(raw({ "Car/Suv": "NEW Available to order", UsedOrNew: "NEW" }), knownModels);
    expect(r.ok && r.record.status).toBe("coming_soon");
  });
});

describe("the whole real data set (16,734 records, quoted newlines included)", () => {
  const parsed = parseFeedText(readFileSync("data/australian_vehicle_prices.csv", "utf8"), "australian_vehicle_prices.csv", knownModels);
  it("reads every record and rejects only the empty one", () => {
    expect(parsed.format).toBe("real-listings-csv");
    expect(parsed.rows).toHaveLength(16734);
    const rejected = parsed.rows.filter((r) => !r.ok);
    expect(rejected).toEqual([{ ok: false, row: 2392, reason: "empty record" }]);
  });
  it("repairs the 272 split makes and reads the 50 POA prices as no price", () => {
    const fixes = new Map<string, number>();
    for (const r of parsed.rows) if (r.ok) for (const f of r.fixes ?? []) fixes.set(f, (fixes.get(f) ?? 0) + 1);
    expect(fixes.get("split make repaired")).toBe(272);
    expect(fixes.get("POA price: no price shown")).toBe(50);
    expect(fixes.get("seat count found in Doors column")).toBe(71);
    expect(fixes.get("warranty found in colour column")).toBe(449);
  });
  it("gives 16,733 distinct stock numbers", () => {
    expect(new Set(parsed.rows.flatMap((r) => (r.ok ? [r.record.stock_number] : []))).size).toBe(16733);
  });
});
