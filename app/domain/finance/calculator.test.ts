import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CALCULATOR_CONFIG,
  DEFAULT_QUICK_PICKS,
  FINANCE_CALCULATOR_EVENT_ID,
  HIGH_VALUE_QUICK_PICKS,
  calculateFinanceCalculator,
  clampCalculatorValues,
  clampPurchasePrice,
  clampToRange,
  formatMoneyInput,
  initialCalculatorValues,
  parseMoneyInput,
  purchasePriceHelpMessage,
  withCalculatorConfig,
  type CalculatorValues,
} from "./calculator";

const values = (patch: Partial<CalculatorValues> = {}): CalculatorValues => ({
  ...initialCalculatorValues(null),
  ...patch,
});

describe("spec 5 'Finance calculator': configuration", () => {
  it("spec 5: default ranges (price 1,000-250,000; term 1-7 step 0.5; rate 0.5-15; deposit and residual 0-250,000)", () => {
    expect(DEFAULT_CALCULATOR_CONFIG.purchasePrice).toEqual({ min: 1_000, max: 250_000 });
    expect(DEFAULT_CALCULATOR_CONFIG.termYears).toEqual({ min: 1, max: 7, step: 0.5 });
    expect(DEFAULT_CALCULATOR_CONFIG.interestRate).toEqual({ min: 0.5, max: 15 });
    expect(DEFAULT_CALCULATOR_CONFIG.deposit).toEqual({ min: 0, max: 250_000 });
    expect(DEFAULT_CALCULATOR_CONFIG.residual).toEqual({ min: 0, max: 250_000 });
  });

  it("spec 5: quick picks run from $5,000 to $70,000 (or $300,000 to $800,000 for one tenant)", () => {
    expect(DEFAULT_QUICK_PICKS.at(0)).toBe(5_000);
    expect(DEFAULT_QUICK_PICKS.at(-1)).toBe(70_000);
    expect(HIGH_VALUE_QUICK_PICKS.at(0)).toBe(300_000);
    expect(HIGH_VALUE_QUICK_PICKS.at(-1)).toBe(800_000);
    expect(withCalculatorConfig({ quickPicks: HIGH_VALUE_QUICK_PICKS }).quickPicks).toBe(HIGH_VALUE_QUICK_PICKS);
  });

  it("spec 7: the calculator's first interaction is analytics event 26", () => {
    expect(FINANCE_CALCULATOR_EVENT_ID).toBe(26);
  });

  it("withCalculatorConfig merges ranges field by field (the 7.5-14.5 provider, the 4-20 site)", () => {
    const provider = withCalculatorConfig({ interestRate: { min: 7.5, max: 14.5 }, purchasePrice: { min: 5_000 } });
    expect(provider.interestRate).toEqual({ min: 7.5, max: 14.5 });
    expect(provider.purchasePrice).toEqual({ min: 5_000, max: 250_000 });
    expect(provider.termYears).toEqual(DEFAULT_CALCULATOR_CONFIG.termYears);
    expect(withCalculatorConfig({ defaults: { interestRate: 8.5 } }).defaults.termYears).toBe(5);
  });
});

describe("spec 9 defaults: initialCalculatorValues", () => {
  it("spec 9: with no price the amount is 30,000, term 5 years, rate 10, residual 0", () => {
    expect(initialCalculatorValues(null)).toEqual({
      purchasePrice: 30_000,
      deposit: 0,
      residual: 0,
      interestRate: 10,
      termYears: 5,
      frequency: "weekly",
    });
  });

  it("spec 9: a price counts only above 10; a present price is used, clamped to the range", () => {
    expect(initialCalculatorValues(10).purchasePrice).toBe(30_000);
    expect(initialCalculatorValues(24_990).purchasePrice).toBe(24_990);
    expect(initialCalculatorValues(800).purchasePrice).toBe(1_000);
    expect(initialCalculatorValues(400_000).purchasePrice).toBe(250_000);
  });

  it("issue 17: starts at the site provider's rate for the car; spec 9's default only without one", () => {
    const config = withCalculatorConfig({ defaults: { interestRate: 8.5 } });
    expect(initialCalculatorValues(24_990, config, 7.99).interestRate).toBe(7.99);
    expect(initialCalculatorValues(24_990, config, null).interestRate).toBe(8.5);
    expect(initialCalculatorValues(24_990, config, 0).interestRate).toBe(8.5);
    expect(initialCalculatorValues(24_990, config, 22).interestRate).toBe(15);
  });

  it("spec 9: one variant's default rate is 8.5", () => {
    expect(initialCalculatorValues(null, withCalculatorConfig({ defaults: { interestRate: 8.5 } })).interestRate).toBe(8.5);
  });
});

describe("spec 5 / 8: purchase price clamping and help message", () => {
  it("spec 5: the help message reads 'Cannot be less than {min} or more than $250,000'", () => {
    expect(purchasePriceHelpMessage()).toBe("Cannot be less than $1,000 or more than $250,000");
    expect(purchasePriceHelpMessage({ min: 5_000, max: 250_000 })).toBe("Cannot be less than $5,000 or more than $250,000");
  });

  it("spec 5: in range passes with no message", () => {
    expect(clampPurchasePrice(1_000)).toEqual({ value: 1_000, message: null });
    expect(clampPurchasePrice(250_000)).toEqual({ value: 250_000, message: null });
  });

  it("spec 5: below the minimum clamps up, above the maximum clamps down, both with the message", () => {
    expect(clampPurchasePrice(999)).toEqual({ value: 1_000, message: "Cannot be less than $1,000 or more than $250,000" });
    expect(clampPurchasePrice(250_001)).toEqual({ value: 250_000, message: "Cannot be less than $1,000 or more than $250,000" });
  });

  it("spec 5: values at or below zero become 0 (with the message); so does text that is not a number", () => {
    expect(clampPurchasePrice(0).value).toBe(0);
    expect(clampPurchasePrice(-5_000)).toEqual({ value: 0, message: "Cannot be less than $1,000 or more than $250,000" });
    expect(clampPurchasePrice(Number.NaN).value).toBe(0);
  });

  it("spec 5: the 5,000 minimum for one provider/site", () => {
    const config = withCalculatorConfig({ purchasePrice: { min: 5_000 } });
    expect(clampPurchasePrice(4_999, config)).toEqual({ value: 5_000, message: "Cannot be less than $5,000 or more than $250,000" });
  });
});

describe("spec 5: other inputs are clamped to their min and max", () => {
  it("spec 5: term 1 to 7 years in steps of 0.5", () => {
    const range = DEFAULT_CALCULATOR_CONFIG.termYears;
    expect(clampToRange(0.3, range)).toBe(1);
    expect(clampToRange(8, range)).toBe(7);
    expect(clampToRange(5.3, range)).toBe(5.5);
    expect(clampToRange(5.2, range)).toBe(5);
    expect(clampToRange(6.9, range)).toBe(7);
  });

  it("spec 5: interest 0.5 to 15 by default, 7.5 to 14.5 for one provider, 4 to 20 for one dealer", () => {
    expect(clampToRange(0.1, DEFAULT_CALCULATOR_CONFIG.interestRate)).toBe(0.5);
    expect(clampToRange(16, DEFAULT_CALCULATOR_CONFIG.interestRate)).toBe(15);
    expect(clampToRange(6.29, DEFAULT_CALCULATOR_CONFIG.interestRate)).toBe(6.29);
    expect(clampToRange(6, { min: 7.5, max: 14.5 })).toBe(7.5);
    expect(clampToRange(18, { min: 4, max: 20 })).toBe(18);
  });

  it("spec 5: deposit/trade-in and residual 0 to 250,000", () => {
    const { values: v } = clampCalculatorValues(values({ deposit: -1, residual: 300_000 }));
    expect(v.deposit).toBe(0);
    expect(v.residual).toBe(250_000);
  });

  it("clampToRange sends NaN to the minimum and infinities to the ends", () => {
    expect(clampToRange(Number.NaN, { min: 0, max: 10 })).toBe(0);
    expect(clampToRange(Number.POSITIVE_INFINITY, { min: 0, max: 10 })).toBe(10);
    expect(clampToRange(Number.NEGATIVE_INFINITY, { min: 0, max: 10 })).toBe(0);
  });

  it("clamped values always lie in their ranges and the term on the 0.5 grid (property)", () => {
    const anyNumber = fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: -1_000_000, max: 1_000_000 }));
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, anyNumber, anyNumber, (price, deposit, residual, rate, term) => {
        const { values: v } = clampCalculatorValues(values({ purchasePrice: price, deposit, residual, interestRate: rate, termYears: term }));
        const c = DEFAULT_CALCULATOR_CONFIG;
        expect(v.purchasePrice === 0 || (v.purchasePrice >= c.purchasePrice.min && v.purchasePrice <= c.purchasePrice.max)).toBe(true);
        for (const [x, r] of [
          [v.deposit, c.deposit],
          [v.residual, c.residual],
          [v.interestRate, c.interestRate],
          [v.termYears, c.termYears],
        ] as const) {
          expect(x).toBeGreaterThanOrEqual(r.min);
          expect(x).toBeLessThanOrEqual(r.max);
        }
        expect(Number.isInteger(v.termYears * 2)).toBe(true);
      }),
    );
  });
});

describe("calculateFinanceCalculator (spec 5: updates the repayment from clamped inputs)", () => {
  // bc: 30000 * (0.10/52) / (1 - (1 + 0.10/52)^-260) = 146.7332899407... -> 146.73
  it("spec 9 defaults: $30,000 over 5 years at 10% is $146.73 a week", () => {
    const result = calculateFinanceCalculator(initialCalculatorValues(null));
    expect(result.schedule.payment).toBe(146.73);
    expect(result.schedule.numberOfPayments).toBe(260);
    expect(result.purchasePriceMessage).toBeNull();
  });

  // bc: 20000 * (0.085/12) / (1 - (1 + 0.085/12)^-66) = 380.4154585749... -> 380.42
  it("spec 5: a 5.5-year term: $20,000 at 8.5% monthly is $380.42", () => {
    const result = calculateFinanceCalculator(values({ purchasePrice: 20_000, interestRate: 8.5, termYears: 5.5, frequency: "monthly" }));
    expect(result.schedule.numberOfPayments).toBe(66);
    expect(result.schedule.payment).toBe(380.42);
  });

  it("spec 5: an out-of-range price is clamped, the message shown and the repayment computed on the clamped price", () => {
    const result = calculateFinanceCalculator(values({ purchasePrice: 400_000 }));
    expect(result.values.purchasePrice).toBe(250_000);
    expect(result.purchasePriceMessage).toBe("Cannot be less than $1,000 or more than $250,000");
    expect(result.schedule.amountOfCredit).toBe(250_000);
  });

  it("spec 5: a price at or below zero gives 0 to pay", () => {
    const result = calculateFinanceCalculator(values({ purchasePrice: -1 }));
    expect(result.values.purchasePrice).toBe(0);
    expect(result.schedule.payment).toBe(0);
  });

  it("a deposit above the price is capped at the price, a residual above the amount financed at that amount", () => {
    const overDeposit = calculateFinanceCalculator(values({ purchasePrice: 10_000, deposit: 20_000 }));
    expect(overDeposit.values.deposit).toBe(10_000);
    expect(overDeposit.schedule.payment).toBe(0);
    const overResidual = calculateFinanceCalculator(values({ purchasePrice: 10_000, deposit: 2_000, residual: 9_000 }));
    expect(overResidual.values.residual).toBe(8_000);
    expect(overResidual.schedule.balloon).toBe(8_000);
  });

  it("takes sub-cent inputs to the cent before capping the residual (no engine error)", () => {
    const result = calculateFinanceCalculator(values({ purchasePrice: 1_000.004, deposit: 0.006, residual: 1_000 }));
    expect(result.values).toMatchObject({ purchasePrice: 1_000, deposit: 0.01, residual: 999.99 });
    expect(result.schedule.principal).toBe(999.99);
  });

  it("includes configured fees (financed establishment fee)", () => {
    const withFee = calculateFinanceCalculator(values(), withCalculatorConfig({ fees: { establishmentFee: 1360.5 } }));
    expect(withFee.schedule.principal).toBe(31_360.5);
  });

  it("never throws on any user input (property)", () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer({ min: -1_000_000, max: 1_000_000 }));
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, anyNumber, anyNumber, fc.constantFrom("weekly", "fortnightly", "monthly" as const), (price, deposit, residual, rate, term, frequency) => {
        const result = calculateFinanceCalculator({ purchasePrice: price, deposit, residual, interestRate: rate, termYears: term, frequency });
        expect(Number.isFinite(result.schedule.payment)).toBe(true);
        expect(result.schedule.payment).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("spec 5: money input with $ prefix and thousands separators", () => {
  it("formats whole dollars with thousands separators (the $ is the input's prefix)", () => {
    expect(formatMoneyInput(30_000)).toBe("30,000");
    expect(formatMoneyInput(250_000)).toBe("250,000");
    expect(formatMoneyInput(999)).toBe("999");
    expect(formatMoneyInput(Number.NaN)).toBe("");
  });

  it("parses typed text, ignoring $, commas and spaces", () => {
    expect(parseMoneyInput("$30,000")).toBe(30_000);
    expect(parseMoneyInput(" 1 250 000 ")).toBe(1_250_000);
    expect(parseMoneyInput("12.5")).toBe(12.5);
    expect(parseMoneyInput("-5")).toBe(-5);
    expect(parseMoneyInput("")).toBeNaN();
    expect(parseMoneyInput("abc")).toBeNaN();
  });

  it("format then parse returns the whole-dollar amount (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (dollars) => {
        expect(parseMoneyInput(`$${formatMoneyInput(dollars)}`)).toBe(dollars);
      }),
    );
  });
});
