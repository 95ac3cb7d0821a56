import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMPARISON_RATE_BENCHMARK,
  COMPARISON_RATE_PERIODS_PER_YEAR,
  benchmarkComparisonRate,
  comparisonRate,
  comparisonRateOfCashFlows,
  loanComparisonRateCashFlows,
  solvePeriodicRate,
} from "./comparison-rate";
import { COMPARISON_RATE_WARNING } from "./disclosure-text";
import { PAYMENTS_PER_YEAR, type FinanceFees, type LoanInput, type PaymentFrequency } from "./repayments";

/*
 * Reference values were computed independently with Python's decimal module (50 significant
 * digits, 200 bisection steps on sum R/(1+r)^j = A0), not with this code:
 *   $30,000 + $1,360.50 financed, 6.29%/12, 60 months                  -> 8.15531200818650059...% p.a.
 *   $30,000 + 395 + 912.25 financed, + 6 (gov, counted as credit), $8/month admin
 *                                                                     -> 8.63714573936054836...% p.a.
 *   $27,000 + 1,360.50 financed, $9,000 balloon at month 60          -> 7.94468775198351513...% p.a.
 *   $30,000 weekly, 6.29%/52, 260 weeks, no fees                     -> 6.31177307692307692...% (= 6.29 x 52.18 / 52)
 */

const benchmarkLoan: LoanInput = { price: 30_000, annualRatePercent: 6.29, termYears: 5, frequency: "monthly" };

describe("spec 5 / reg 100: comparison rate worked examples", () => {
  it("reg 100: no fees on a monthly loan gives the interest rate (6.29%)", () => {
    expect(comparisonRate(benchmarkLoan)).toBeCloseTo(6.29, 10);
  });

  it("spec 9: a financed $1,360.50 establishment fee raises 6.29% to 8.1553120082% (Python decimal reference)", () => {
    expect(comparisonRate({ ...benchmarkLoan, fees: { establishmentFee: 1360.5 } })).toBeCloseTo(8.1553120081865006, 10);
  });

  it("spec 9: one dealer's fees (395 + 912.25 financed, $8 a month; the $6 security registration excluded) give 8.6371457394%", () => {
    const fees: FinanceFees = { establishmentFee: 395, securityRegistrationFee: 6, monthlyAdminFee: 8, agencyFee: 912.25 };
    expect(comparisonRate({ ...benchmarkLoan, fees })).toBeCloseTo(8.6371457393605484, 10);
  });

  it("spec 9: a 30% final payment is a repayment at the last period ($27,000 credit, $1,360.50 fee, $9,000 balloon: 7.9446877520%)", () => {
    const loan: LoanInput = { ...benchmarkLoan, deposit: 3_000, balloon: { percentOfPrice: 30 }, fees: { establishmentFee: 1360.5 } };
    expect(comparisonRate(loan)).toBeCloseTo(7.9446877519835151, 10);
  });

  it("reg 100: weekly loans annualise with n = 52.18, so no fees gives 6.29 x 52.18 / 52 = 6.3117730769%", () => {
    expect(comparisonRate({ ...benchmarkLoan, frequency: "weekly" })).toBeCloseTo(6.3117730769230769, 10);
  });

  it("reg 100: government charges are excluded: a security registration fee alone leaves the rate unchanged", () => {
    expect(comparisonRate({ ...benchmarkLoan, fees: { securityRegistrationFee: 6 } })).toBeCloseTo(6.29, 10);
  });
});

describe("reg 100 constants", () => {
  it("reg 100: n = 12 monthly, 26.09 fortnightly, 52.18 weekly", () => {
    expect(COMPARISON_RATE_PERIODS_PER_YEAR).toEqual({ monthly: 12, fortnightly: 26.09, weekly: 52.18 });
  });

  it("reg 100: the advertised warning text is exact", () => {
    expect(COMPARISON_RATE_WARNING).toBe(
      "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.",
    );
  });

  it("reg 100: car loans use the $30,000 over 5 years benchmark", () => {
    expect(COMPARISON_RATE_BENCHMARK).toEqual({ amount: 30_000, termYears: 5 });
    expect(benchmarkComparisonRate({ annualRatePercent: 6.29 })).toBeCloseTo(6.29, 10);
    expect(benchmarkComparisonRate({ annualRatePercent: 6.29, fees: { establishmentFee: 1360.5 } })).toBeCloseTo(8.1553120081865006, 10);
  });
});

describe("solvePeriodicRate (reg 100 equation)", () => {
  it("solves a one-period loan exactly: $100 now for $110 in one period is 10% per period", () => {
    const r = solvePeriodicRate({ creditProvided: [{ period: 0, amount: 100 }], outgoings: [{ period: 1, amount: 110 }] });
    expect(r).toBeCloseTo(0.1, 14);
    expect(
      comparisonRateOfCashFlows({ frequency: "monthly", creditProvided: [{ period: 0, amount: 100 }], outgoings: [{ period: 1, amount: 110 }] }),
    ).toBeCloseTo(120, 10);
  });

  it("solves two periods exactly: 100 = 60/(1+r) + 60/(1+r)^2 has r = 0.3 + sqrt(0.69) - 1", () => {
    // 100(1+r)^2 - 60(1+r) - 60 = 0  ->  1+r = (60 + sqrt(3600 + 24000)) / 200 = 0.3 + sqrt(0.69)
    const expected = 0.3 + Math.sqrt(0.69) - 1;
    const r = solvePeriodicRate({
      creditProvided: [{ period: 0, amount: 100 }],
      outgoings: [
        { period: 1, amount: 60 },
        { period: 2, amount: 60 },
      ],
    });
    expect(Math.abs(r - expected)).toBeLessThan(1e-12);
  });

  it("finds a negative rate when repayments total less than the credit", () => {
    const r = solvePeriodicRate({ creditProvided: [{ period: 0, amount: 100 }], outgoings: [{ period: 1, amount: 90 }] });
    expect(r).toBeCloseTo(-0.1, 14);
  });

  it("finds very high rates by widening its bracket", () => {
    const r = solvePeriodicRate({ creditProvided: [{ period: 0, amount: 100 }], outgoings: [{ period: 1, amount: 1_000 }] });
    expect(r).toBeCloseTo(9, 12);
  });

  it("throws RangeError without credit, without repayments, or with a negative flow", () => {
    expect(() => solvePeriodicRate({ creditProvided: [], outgoings: [{ period: 1, amount: 1 }] })).toThrow(RangeError);
    expect(() => solvePeriodicRate({ creditProvided: [{ period: 0, amount: 1 }], outgoings: [] })).toThrow(RangeError);
    expect(() =>
      solvePeriodicRate({ creditProvided: [{ period: 0, amount: 1 }], outgoings: [{ period: 1, amount: -1 }] }),
    ).toThrow(RangeError);
  });

  it("comparisonRate throws RangeError when nothing is borrowed", () => {
    expect(() => comparisonRate({ ...benchmarkLoan, deposit: 30_000 })).toThrow(RangeError);
  });
});

describe("loanComparisonRateCashFlows (reg 100 cash flows)", () => {
  it("counts financed government charges as credit provided and the balloon at the last period", () => {
    const flows = loanComparisonRateCashFlows({
      ...benchmarkLoan,
      balloon: { dollars: 9_000 },
      fees: { securityRegistrationFee: 6, establishmentFee: 100 },
    });
    expect(flows.creditProvided).toEqual([{ period: 0, amount: 30_006 }]);
    expect(flows.outgoings).toHaveLength(61);
    expect(flows.outgoings.at(-1)).toEqual({ period: 60, amount: 9_000 });
  });
});

const frequencyArb = fc.constantFrom<PaymentFrequency>("weekly", "fortnightly", "monthly");
const loanArb = fc.record({
  price: fc.integer({ min: 100_000, max: 25_000_000 }).map((c) => c / 100),
  depositPercent: fc.integer({ min: 0, max: 50 }),
  balloonPercent: fc.integer({ min: 0, max: 40 }),
  annualRatePercent: fc.integer({ min: 1, max: 2_000 }).map((bp) => bp / 100),
  termYears: fc.integer({ min: 2, max: 14 }).map((h) => h / 2),
  frequency: frequencyArb,
});
const toLoan = (l: {
  price: number;
  depositPercent: number;
  balloonPercent: number;
  annualRatePercent: number;
  termYears: number;
  frequency: PaymentFrequency;
}): LoanInput => ({
  price: l.price,
  deposit: Math.round(l.price * l.depositPercent) / 100,
  balloon: { percentOfPrice: l.balloonPercent },
  annualRatePercent: l.annualRatePercent,
  termYears: l.termYears,
  frequency: l.frequency,
});
const creditFeesArb = fc
  .record({
    establishmentFee: fc.integer({ min: 0, max: 300_000 }).map((c) => c / 100),
    agencyFee: fc.integer({ min: 0, max: 150_000 }).map((c) => c / 100),
    monthlyAdminFee: fc.integer({ min: 0, max: 2_000 }).map((c) => c / 100),
  })
  // A fee the loan charges: a monthly fee is charged per payment in whole cents
  // (periodicFeePerPayment), so under $0.03 a month it rounds to nothing on a weekly loan.
  .filter((f) => f.establishmentFee + f.agencyFee > 0 || f.monthlyAdminFee >= 0.03);

describe("comparison rate: properties (fast-check)", () => {
  it("reg 100: with no fees the comparison rate equals the interest rate on monthly loans (within 1e-6)", () => {
    fc.assert(
      fc.property(loanArb, (l) => {
        const loan = toLoan({ ...l, frequency: "monthly" });
        expect(Math.abs(comparisonRate(loan) - loan.annualRatePercent)).toBeLessThan(1e-6);
      }),
    );
  });

  it("reg 100: with no fees it is the interest rate x n / payments per year for every frequency (26.09/26, 52.18/52)", () => {
    fc.assert(
      fc.property(loanArb, (l) => {
        const loan = toLoan(l);
        const expected = (loan.annualRatePercent * COMPARISON_RATE_PERIODS_PER_YEAR[l.frequency]) / PAYMENTS_PER_YEAR[l.frequency];
        expect(Math.abs(comparisonRate(loan) - expected)).toBeLessThan(1e-6);
      }),
    );
  });

  it("reg 100: government charges never change it", () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 1, max: 50_000 }), (l, cents) => {
        const loan = toLoan(l);
        const withCharge = comparisonRate({ ...loan, fees: { securityRegistrationFee: cents / 100 } });
        expect(Math.abs(withCharge - comparisonRate(loan))).toBeLessThan(1e-6);
      }),
    );
  });

  it("reg 100: credit fees always raise it (seed 180877466 once drew a $0.01 monthly fee, which a weekly loan never charges)", () => {
    fc.assert(
      fc.property(loanArb, creditFeesArb, (l, fees) => {
        const loan = toLoan(l);
        expect(comparisonRate({ ...loan, fees })).toBeGreaterThan(comparisonRate(loan));
      }),
    );
  });

  it("a monthly fee that rounds to no cents per payment is not charged, so it leaves the rate as it is", () => {
    const loan = toLoan({ price: 1000, depositPercent: 0, balloonPercent: 0, annualRatePercent: 0.01, termYears: 1, frequency: "weekly" });
    expect(comparisonRate({ ...loan, fees: { monthlyAdminFee: 0.02 } })).toBe(comparisonRate(loan));
    expect(comparisonRate({ ...loan, fees: { monthlyAdminFee: 0.03 } })).toBeGreaterThan(comparisonRate(loan));
  });

  it("reg 100: more of a credit fee gives a higher rate", () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 1, max: 300_000 }), fc.integer({ min: 1, max: 100_000 }), (l, fee, extra) => {
        const loan = toLoan(l);
        const lower = comparisonRate({ ...loan, fees: { establishmentFee: fee / 100 } });
        const higher = comparisonRate({ ...loan, fees: { establishmentFee: (fee + extra) / 100 } });
        expect(higher).toBeGreaterThan(lower);
      }),
    );
  });

  it("the solved rate satisfies the reg 100 equation: PV of outgoings equals credit to 1e-10 relative", () => {
    fc.assert(
      fc.property(loanArb, creditFeesArb, (l, fees) => {
        const flows = loanComparisonRateCashFlows({ ...toLoan(l), fees });
        const r = solvePeriodicRate(flows);
        const pv = flows.outgoings.reduce((t, f) => t + f.amount / (1 + r) ** f.period, 0);
        const credit = flows.creditProvided.reduce((t, f) => t + f.amount / (1 + r) ** f.period, 0);
        expect(Math.abs(pv - credit) / credit).toBeLessThan(1e-10);
      }),
    );
  });
});
