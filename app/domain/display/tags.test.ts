import { describe, expect, it } from "vitest";
import { getCarTag, getFuelTagKind, isJustArrived } from "./tags";
import { makeCar } from "./test-car";

const NOW = new Date("2025-06-15T00:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const old = daysAgo(100);
const logo = { url: "https://cdn.example/certified.svg", alt: "Certified Pre-Owned" };

describe("getFuelTagKind", () => {
  it("classifies Electric, Hybrid and PHEV, and nothing else", () => {
    expect(getFuelTagKind({ simpleFuel: "Electric", fuel: null })).toBe("electric");
    expect(getFuelTagKind({ simpleFuel: "Hybrid", fuel: null })).toBe("hybrid");
    expect(getFuelTagKind({ simpleFuel: "PHEV", fuel: null })).toBe("plug-in-hybrid");
    expect(getFuelTagKind({ simpleFuel: "Diesel", fuel: null })).toBeNull();
    expect(getFuelTagKind({ simpleFuel: null, fuel: null })).toBeNull();
  });

  it("falls back to the fuel field when simple fuel is missing", () => {
    expect(getFuelTagKind({ simpleFuel: null, fuel: "Hybrid Petrol/Electric" })).toBe("hybrid");
  });
});

describe("isJustArrived", () => {
  it("spec 9: a car created 7 days ago is within the default 8-day window", () => {
    expect(isJustArrived(daysAgo(7), NOW)).toBe(true);
  });

  it("spec 9: a car created 8 days ago or more is outside the default 8-day window", () => {
    expect(isJustArrived(daysAgo(8), NOW)).toBe(false);
    expect(isJustArrived(daysAgo(9), NOW)).toBe(false);
  });

  it("uses the configured window", () => {
    expect(isJustArrived(daysAgo(10), NOW, 14)).toBe(true);
    expect(isJustArrived(daysAgo(1), NOW, 0)).toBe(false);
  });

  it("does not treat an unparseable created date as just arrived", () => {
    expect(isJustArrived("not a date", NOW)).toBe(false);
  });
});

describe("getCarTag", () => {
  it("spec 4 (1): shows the electric/hybrid fuel tag first when enabled", () => {
    const car = makeCar({ simpleFuel: "Electric", reserved: true, tag: "Test Drive Only" });
    expect(getCarTag(car, NOW, { fuelTagEnabled: true })).toEqual({ kind: "fuel", fuel: "electric", text: "Electric" });
  });

  it("spec 4 (1): skips the fuel tag when it is not enabled", () => {
    const car = makeCar({ simpleFuel: "Hybrid", reserved: true });
    expect(getCarTag(car, NOW)).toEqual({ kind: "reserved", text: "Reserved" });
  });

  it("spec 4 (2): shows 'Reserved' before the certified logo and custom tag", () => {
    const car = makeCar({ reserved: true, certified: true, tag: "Test Drive Only", createdAt: old });
    expect(getCarTag(car, NOW, { certifiedLogo: logo })).toEqual({ kind: "reserved", text: "Reserved" });
  });

  it("spec 4 (3): shows the certified-used brand logo for a certified used car on a site with the logo", () => {
    const car = makeCar({ certified: true, carType: "used", tag: "Test Drive Only" });
    expect(getCarTag(car, NOW, { certifiedLogo: logo })).toEqual({
      kind: "certified",
      text: "Certified Pre-Owned",
      logoUrl: logo.url,
    });
  });

  it("spec 4 (3): no certified logo for a certified demo car or on a site without the logo", () => {
    const demo = makeCar({ certified: true, carType: "demo", createdAt: old });
    expect(getCarTag(demo, NOW, { certifiedLogo: logo })).toBeNull();
    const used = makeCar({ certified: true, carType: "used", createdAt: old });
    expect(getCarTag(used, NOW)).toBeNull();
  });

  it("spec 4 (4): shows the custom tag text before COMING SOON", () => {
    const car = makeCar({ tag: " Test Drive Only ", status: "coming_soon" });
    expect(getCarTag(car, NOW)).toEqual({ kind: "custom", text: "Test Drive Only" });
  });

  it("spec 4 (4): ignores a blank or 'null' custom tag", () => {
    expect(getCarTag(makeCar({ tag: "  ", createdAt: old }), NOW)).toBeNull();
    expect(getCarTag(makeCar({ tag: "null", createdAt: old }), NOW)).toBeNull();
  });

  it("spec 4 (5): shows 'COMING SOON' for a coming_soon car before the just-arrived tag", () => {
    const car = makeCar({ status: "coming_soon", createdAt: daysAgo(1) });
    expect(getCarTag(car, NOW)).toEqual({ kind: "coming-soon", text: "COMING SOON" });
  });

  it("spec 4 (6): shows 'New' for a car created within the 8-day just-arrived window", () => {
    expect(getCarTag(makeCar({ createdAt: daysAgo(3) }), NOW)).toEqual({ kind: "just-arrived", text: "New" });
  });

  it("spec 4 (6): uses the configured just-arrived name and window", () => {
    const car = makeCar({ createdAt: daysAgo(10) });
    expect(getCarTag(car, NOW, { justArrivedDays: 14, justArrivedTagName: "Just Arrived" })).toEqual({
      kind: "just-arrived",
      text: "Just Arrived",
    });
  });

  it("spec 4 (7): shows no tag otherwise", () => {
    expect(getCarTag(makeCar({ createdAt: daysAgo(9) }), NOW)).toBeNull();
  });

  it("spec 4: a car not in stock shows the sold tag 'JUST SOLD' whatever else is set", () => {
    const car = makeCar({ status: "sold", sold: true, reserved: true, tag: "Test Drive Only", simpleFuel: "Electric" });
    expect(getCarTag(car, NOW, { fuelTagEnabled: true })).toEqual({ kind: "sold", text: "JUST SOLD" });
    expect(getCarTag(makeCar({ status: "withdrawn" }), NOW)).toEqual({ kind: "sold", text: "JUST SOLD" });
  });

  it("spec 4: the sold tag uses the configured name", () => {
    expect(getCarTag(makeCar({ status: "sold" }), NOW, { soldTagName: "SOLD" })).toEqual({ kind: "sold", text: "SOLD" });
  });
});
