import { describe, expect, it } from "vitest";
import {
  buildCarSpecEntries,
  collapseList,
  filterSpecEntries,
  getSpecList,
  isEmptySpecValue,
  type SpecEntry,
} from "./spec-list";
import { makeCar } from "./test-car";

const entry = (name: string, value: SpecEntry["value"]): SpecEntry => ({ name, label: name, value });

describe("isEmptySpecValue", () => {
  it("spec 5: empty, null and 'null' values are empty", () => {
    for (const value of [null, undefined, "", "   ", "null", " NULL ", Number.NaN]) {
      expect(isEmptySpecValue(value)).toBe(true);
    }
  });

  it("keeps real values, including 0", () => {
    for (const value of [0, "0", "Automatic", "nullarbor"]) expect(isEmptySpecValue(value)).toBe(false);
  });
});

describe("filterSpecEntries", () => {
  it("spec 5: drops entries with empty, null or 'null' values", () => {
    const kept = filterSpecEntries([entry("a", ""), entry("b", null), entry("c", "null"), entry("d", "Auto")]);
    expect(kept.map((e) => e.name)).toEqual(["d"]);
  });

  it("spec 5: the default config filter excludes rego", () => {
    const kept = filterSpecEntries([entry("rego", "1ABC234"), entry("km", 45000)]);
    expect(kept).toEqual([{ name: "km", label: "km", value: "45000" }]);
  });

  it("spec 5: drops the entries named in the site's filter (case-insensitive) and keeps rego when not listed", () => {
    const kept = filterSpecEntries([entry("rego", "1ABC234"), entry("VIN", "JT1"), entry("km", 1)], {
      specListExclusions: ["vin"],
    });
    expect(kept.map((e) => e.name)).toEqual(["rego", "km"]);
  });

  it("keeps the order and trims values", () => {
    expect(filterSpecEntries([entry("b", " x "), entry("a", 2)])).toEqual([
      { name: "b", label: "b", value: "x" },
      { name: "a", label: "a", value: "2" },
    ]);
  });
});

describe("collapseList", () => {
  const items = ["a", "b", "c", "d", "e", "f"];

  it("spec 2.4: shows the first 4 and 'Show more' when collapsed", () => {
    expect(collapseList(items, 4, false)).toEqual({
      visible: ["a", "b", "c", "d"],
      hiddenCount: 2,
      hasToggle: true,
      toggleLabel: "Show more",
    });
  });

  it("spec 2.4: shows everything and 'Show less' when expanded", () => {
    expect(collapseList(items, 4, true)).toEqual({ visible: items, hiddenCount: 0, hasToggle: true, toggleLabel: "Show less" });
  });

  it("has no toggle when the list fits the limit", () => {
    expect(collapseList(["a", "b", "c", "d"], 4, false)).toEqual({
      visible: ["a", "b", "c", "d"],
      hiddenCount: 0,
      hasToggle: false,
      toggleLabel: null,
    });
  });

  it("spec 9: the features list shows 8 by default limit", () => {
    const features = Array.from({ length: 12 }, (_, i) => `Feature ${i}`);
    expect(collapseList(features, 8, false).visible).toHaveLength(8);
  });

  it("throws a RangeError for a negative or fractional limit", () => {
    expect(() => collapseList(items, -1, false)).toThrow(RangeError);
    expect(() => collapseList(items, 1.5, false)).toThrow(RangeError);
  });
});

describe("getSpecList", () => {
  it("spec 2.4/5: filters, then shows the first 4 entries", () => {
    const entries = [entry("rego", "X"), entry("a", 1), entry("b", null), entry("c", 3), entry("d", 4), entry("e", 5), entry("f", 6)];
    const list = getSpecList(entries, false);
    expect(list.visible.map((e) => e.name)).toEqual(["a", "c", "d", "e"]);
    expect(list.hiddenCount).toBe(1);
  });
});

describe("buildCarSpecEntries", () => {
  it("adds units (km, cc, L/100km) and leaves empty values for the filter", () => {
    const entries = buildCarSpecEntries(makeCar({ km: 45000, engineSize: 1987, fuelConsumptionCombined: 6.7, badge: null }));
    const byName = Object.fromEntries(entries.map((e) => [e.name, e.value]));
    expect(byName.km).toBe("45,000 km");
    expect(byName.engine).toBe("1,987 cc");
    expect(byName.fuelConsumption).toBe("6.7 L/100km");
    expect(byName.badge).toBeNull();
    const shown = filterSpecEntries(entries).map((e) => e.name);
    expect(shown).not.toContain("badge");
    expect(shown).not.toContain("rego");
  });
});

describe("issue 52: the variant block and feed fields in the spec list, with spec 9 units", () => {
  it("shows gears, induction, torque, fuel tank, dimensions, masses, towing, ANCAP and NVIC", () => {
    const car = makeCar({
      transmission: "Automatic",
      trans: "8 SP AUTOMATIC",
      gearNum: 8,
      nvic: "0HJ223",
      variant: { induction: "Turbo", geartype: "Sports Automatic", fuelcapacity: 54, grossvehiclemass: 2400, vehiclelength: 4660, vehiclewidth: 1865, vehicleheight: 1665, towingcapacitybraked: 1900, torque: 416, ancaprating: 5 },
    });
    const byName = Object.fromEntries(filterSpecEntries(buildCarSpecEntries(car)).map((e) => [e.name, `${e.label}: ${e.value}`]));
    expect(byName).toMatchObject({
      trans: "Gearbox: 8 SP AUTOMATIC",
      gears: "Gears: 8",
      gearType: "Gear type: Sports Automatic",
      induction: "Induction: Turbo",
      torque: "Torque: 416 Nm",
      fuelCapacity: "Fuel tank: 54 L",
      length: "Length: 4,660 mm",
      width: "Width: 1,865 mm",
      height: "Height: 1,665 mm",
      grossVehicleMass: "Gross vehicle mass: 2,400 kg",
      towingCapacityBraked: "Towing capacity (braked): 1,900 kg",
      ancapRating: "ANCAP safety rating: 5 stars",
      nvic: "NVIC: 0HJ223",
    });
  });

  it("leaves the gearbox out when it only repeats the transmission, and an empty variant adds nothing", () => {
    const names = filterSpecEntries(buildCarSpecEntries(makeCar({ transmission: "Automatic", trans: "automatic", variant: {} }))).map((e) => e.name);
    expect(names).not.toContain("trans");
    expect(names).not.toContain("torque");
  });
});
