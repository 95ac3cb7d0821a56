import { describe, expect, it } from "vitest";
import { financeHref } from "./link";

describe("financeHref (spec 2.1 finance link)", () => {
  it("defaults to the path with the #finance-form anchor", () => {
    expect(financeHref("/finance")).toBe("/finance#finance-form");
  });

  it("spec 2.1: query preferredDealership, vehiclePriceBudget, car_id, car_type, vin in that order on the configured path", () => {
    expect(
      financeHref("/apply-for-finance", { vin: "JTMHV05J604123456", car_type: "used", car_id: 12, vehiclePriceBudget: 25_000, preferredDealership: "parramatta" }),
    ).toBe("/apply-for-finance?preferredDealership=parramatta&vehiclePriceBudget=25000&car_id=12&car_type=used&vin=JTMHV05J604123456#finance-form");
  });

  it("leaves out null, empty and non-positive values", () => {
    expect(financeHref("/finance-enquiry", { car_id: 3, vin: null, car_type: "", vehiclePriceBudget: 0, preferredDealership: undefined })).toBe(
      "/finance-enquiry?car_id=3#finance-form",
    );
  });
});
