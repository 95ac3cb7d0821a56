import { describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_CONFIG, withCalculatorConfig } from "./calculator";
import { calculatorStartFromQuery, parseFinanceQuery } from "./query";

const q = (s: string) => parseFinanceQuery(new URLSearchParams(s));

describe("parseFinanceQuery (spec 2.1 finance page query)", () => {
  it("parses preferredDealership, vehiclePriceBudget, car_id, car_type and vin", () => {
    expect(q("preferredDealership=parramatta&vehiclePriceBudget=25000&car_id=12&car_type=used&vin=JTMHV05J604123456")).toEqual({
      preferredDealership: "parramatta",
      vehiclePriceBudget: 25_000,
      car_id: 12,
      car_type: "used",
      vin: "JTMHV05J604123456",
    });
  });

  it("drops invalid fields instead of failing (bad input never gives a 500)", () => {
    expect(q("car_id=abc&car_type=boat&vehiclePriceBudget=-5&vin=%3Cscript%3E&preferredDealership=A%20B&rate=x&frequency=daily")).toEqual({});
  });

  it("reads the calculator's no-JavaScript fields, money with $ and commas", () => {
    expect(q("price=%2440%2C000&deposit=5%2C000&residual=0&rate=8.5&term=4.5&frequency=monthly")).toMatchObject({
      price: 40_000,
      deposit: 5_000,
      residual: 0,
      rate: 8.5,
      term: 4.5,
      frequency: "monthly",
    });
  });
});

describe("calculatorStartFromQuery (spec 5, spec 9 defaults)", () => {
  it("spec 9: defaults to $30,000, 5 years, rate 10 without a car, budget or submitted price", () => {
    expect(calculatorStartFromQuery({}, null, DEFAULT_CALCULATOR_CONFIG)).toEqual({
      values: { purchasePrice: 30_000, deposit: 0, residual: 0, interestRate: 10, termYears: 5, frequency: "weekly" },
      message: null,
    });
  });

  it("uses the car's price, else the budget", () => {
    expect(calculatorStartFromQuery({ vehiclePriceBudget: 20_000 }, 18_990, DEFAULT_CALCULATOR_CONFIG).values.purchasePrice).toBe(18_990);
    expect(calculatorStartFromQuery({ vehiclePriceBudget: 20_000 }, null, DEFAULT_CALCULATOR_CONFIG).values.purchasePrice).toBe(20_000);
  });

  it("spec 5: a submitted out-of-range price is clamped with the help message; other inputs are clamped", () => {
    const config = withCalculatorConfig({ purchasePrice: { min: 5_000 }, interestRate: { min: 7.5, max: 14.5 } });
    const start = calculatorStartFromQuery({ price: 400_000, rate: 30, term: 9 }, null, config);
    expect(start.values).toMatchObject({ purchasePrice: 250_000, interestRate: 14.5, termYears: 7 });
    expect(start.message).toBe("Cannot be less than $5,000 or more than $250,000");
  });
});
