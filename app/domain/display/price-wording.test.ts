import { describe, expect, it } from "vitest";
import { parsePriceBasis, priceBasisFor, priceWording } from "./price-wording";

describe("price wording (issue 17: ACL single price)", () => {
  const site = { default: "drive_away" as const, byCarType: { new: "excl_govt_charges" as const } };
  it("takes the car's own basis first, then the site's for the car type, then the site default", () => {
    expect(priceBasisFor({ priceBasis: "drive_away", carType: "new" }, site)).toBe("drive_away");
    expect(priceBasisFor({ priceBasis: null, carType: "new" }, site)).toBe("excl_govt_charges");
    expect(priceBasisFor({ carType: "used" }, site)).toBe("drive_away");
    expect(priceBasisFor({ carType: "demo" })).toBe("drive_away");
  });
  it("words a money price, and nothing else", () => {
    expect(priceWording("price", "drive_away")).toBe("Drive away");
    expect(priceWording("price", "excl_govt_charges")).toBe("Excl. government charges");
    expect(priceWording("none", "drive_away")).toBeNull();
    expect(priceWording("preorder", "drive_away")).toBeNull();
    expect(priceWording("subscription", "drive_away")).toBeNull();
  });
  it("reads the feed's spellings and rejects others", () => {
    expect(parsePriceBasis("Drive-Away")).toBe("drive_away");
    expect(parsePriceBasis("DAP")).toBe("drive_away");
    expect(parsePriceBasis("excl. government charges")).toBe("excl_govt_charges");
    expect(parsePriceBasis("EGC")).toBe("excl_govt_charges");
    expect(parsePriceBasis("")).toBeNull();
    expect(parsePriceBasis(undefined)).toBeNull();
    expect(parsePriceBasis("cheap")).toBeUndefined();
  });
});
