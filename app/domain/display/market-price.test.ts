import { describe, expect, it } from "vitest";
import { getMarketPriceIndicator, isMarketPriceEligible } from "./market-price";
import { makeCar } from "./test-car";

const withMarket = (price: number, state: number | null, national: number | null) =>
  makeCar({ price, autograbData: { stateAverageMarketPrice: state, averageMarketPrice: national } });

describe("isMarketPriceEligible", () => {
  const on = { marketPriceIndicator: true };

  it("spec 5: eligible with the site flag on, in_stock, not sold, not reserved and price above 200", () => {
    expect(isMarketPriceEligible(makeCar({ price: 201 }), on)).toBe(true);
  });

  it("spec 5: not eligible when the site flag is off (default)", () => {
    expect(isMarketPriceEligible(makeCar())).toBe(false);
  });

  it("spec 5: not eligible unless status is in_stock (coming_soon and sold are not)", () => {
    expect(isMarketPriceEligible(makeCar({ status: "coming_soon" }), on)).toBe(false);
    expect(isMarketPriceEligible(makeCar({ status: "sold" }), on)).toBe(false);
  });

  it("spec 5: not eligible when sold or reserved", () => {
    expect(isMarketPriceEligible(makeCar({ sold: true }), on)).toBe(false);
    expect(isMarketPriceEligible(makeCar({ reserved: true }), on)).toBe(false);
  });

  it("spec 5: not eligible at a price of 200 or less", () => {
    expect(isMarketPriceEligible(makeCar({ price: 200 }), on)).toBe(false);
    expect(isMarketPriceEligible(makeCar({ price: null }), on)).toBe(false);
  });
});

describe("getMarketPriceIndicator", () => {
  it("spec 5/9: shown when the car is $500 below the state average", () => {
    expect(getMarketPriceIndicator(withMarket(29500, 30000, 31000))).toEqual({
      shown: true,
      marketPrice: 30000,
      reference: "state",
      price: 29500,
      saving: 500,
    });
  });

  it("spec 5/9: not shown when the car is only $499 below market", () => {
    expect(getMarketPriceIndicator(withMarket(29501, 30000, null))).toEqual({ shown: false });
  });

  it("spec 5: not shown when the car is above market (the literal '< -499' reading is not used)", () => {
    expect(getMarketPriceIndicator(withMarket(31000, 30000, 30000))).toEqual({ shown: false });
  });

  it("spec 5: uses the state average when present even if the national average is higher", () => {
    expect(getMarketPriceIndicator(withMarket(29800, 30000, 40000))).toEqual({ shown: false });
  });

  it("spec 5: uses the national average when there is no state average", () => {
    expect(getMarketPriceIndicator(withMarket(29000, null, 30000))).toMatchObject({
      shown: true,
      reference: "national",
      saving: 1000,
    });
  });

  it("compares the advertised (reduced) price", () => {
    const car = makeCar({ price: 30000, offerPrice: 29000, autograbData: { stateAverageMarketPrice: 30000, averageMarketPrice: null } });
    expect(getMarketPriceIndicator(car)).toMatchObject({ shown: true, price: 29000, saving: 1000 });
  });

  it("not shown without market data or without a price above 200", () => {
    expect(getMarketPriceIndicator(makeCar({ autograbData: null }))).toEqual({ shown: false });
    expect(getMarketPriceIndicator(withMarket(0, 30000, 30000))).toEqual({ shown: false });
    expect(getMarketPriceIndicator(withMarket(150, 30000, 30000))).toEqual({ shown: false });
    expect(getMarketPriceIndicator(withMarket(20000, null, null))).toEqual({ shown: false });
  });

  it("uses a configured minimum saving", () => {
    expect(getMarketPriceIndicator(withMarket(29000, 30000, null), { minSaving: 2000 })).toEqual({ shown: false });
  });
});
