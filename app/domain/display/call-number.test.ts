import { describe, expect, it, vi } from "vitest";
import { MISSING_PHONE_WARNING, chooseCallNumber } from "./call-number";

const phones = {
  override: null,
  byCarType: { new: "02 1111 1111", used: "02 2222 2222", demo: null },
  newCarPhone: "02 3333 3333",
  usedCarPhone: "02 4444 4444",
};
const context = { filterCarType: null, carType: "used" as const, locationPhone: "02 5555 5555" };

describe("chooseCallNumber", () => {
  it("spec 5 (1): the configured override wins over every other number", () => {
    expect(chooseCallNumber({ ...context, filterCarType: "used" }, { ...phones, override: "1300 000 000" })).toBe(
      "1300 000 000",
    );
  });

  it("spec 5 (2): when filtering by type, uses the number for that car type", () => {
    expect(chooseCallNumber({ ...context, filterCarType: "used" }, phones)).toBe("02 2222 2222");
    expect(chooseCallNumber({ ...context, filterCarType: "new" }, phones)).toBe("02 1111 1111");
  });

  it("spec 5 (2): a demo filter falls back to the new-car number by type", () => {
    expect(chooseCallNumber({ ...context, filterCarType: "demo" }, phones)).toBe("02 1111 1111");
    expect(
      chooseCallNumber({ ...context, filterCarType: "demo" }, { ...phones, byCarType: { ...phones.byCarType, demo: "02 6666 6666" } }),
    ).toBe("02 6666 6666");
  });

  it("spec 5 (3): without a type filter, uses the used-car number for a used car", () => {
    expect(chooseCallNumber(context, phones)).toBe("02 4444 4444");
  });

  it("spec 5 (3): uses the new-car number for a new or demo car", () => {
    expect(chooseCallNumber({ ...context, carType: "new" }, phones)).toBe("02 3333 3333");
    expect(chooseCallNumber({ ...context, carType: "demo" }, phones)).toBe("02 3333 3333");
  });

  it("spec 5 (3): a type filter with no number for the type falls through to the new/used number", () => {
    expect(chooseCallNumber({ ...context, filterCarType: "used" }, { ...phones, byCarType: {} })).toBe("02 4444 4444");
  });

  it("spec 5 (4): falls back to the car location's phone", () => {
    expect(chooseCallNumber(context, { byCarType: {} })).toBe("02 5555 5555");
  });

  it("treats blank configured numbers as missing", () => {
    expect(chooseCallNumber(context, { override: "  ", usedCarPhone: "" })).toBe("02 5555 5555");
  });

  it("spec 5/8 (5): with no number at all returns null and warns once", () => {
    const warn = vi.fn();
    expect(chooseCallNumber({ ...context, locationPhone: null }, {}, warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(MISSING_PHONE_WARNING);
  });

  it("does not warn when a number is found", () => {
    const warn = vi.fn();
    chooseCallNumber(context, phones, warn);
    expect(warn).not.toHaveBeenCalled();
  });
});
