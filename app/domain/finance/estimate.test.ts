import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CarStatus, FinanceLenderData } from "~/domain/car";
import { COMPARISON_RATE_WARNING, disclaimerToggleLabel } from "./disclosure-text";
import {
  ENQUIRE_FOR_FINANCE,
  ESTIMATE_ASSUMPTIONS,
  FINANCE_PROVIDER_TYPES,
  buildLenderData,
  financeEstimateHiddenReason,
  formatFinancePayment,
  formatFinanceRate,
  formatWholeDollars,
  selectLenderData,
  shouldShowFinanceEstimate,
  type FinanceEstimateCar,
  type FinanceEstimateConfig,
  type FinanceProviderType,
} from "./estimate";

const CURRENT_YEAR = 2025;

const lender = (patch: Partial<FinanceLenderData> = {}): FinanceLenderData => ({
  interestRate: 6.29,
  comparisonRate: 7.94,
  paymentWeek: 98,
  paymentMonth: 424,
  deposit: 3000,
  balloon: 9000,
  establishmentFees: 1360.5,
  totalPayable: 34406.22,
  termYears: 5,
  termMonths: 60,
  termWeeks: 260,
  disclaimer: "Example",
  ...patch,
});

const car = (patch: Partial<FinanceEstimateCar> = {}, data: Partial<FinanceLenderData> = {}): FinanceEstimateCar => ({
  make: "Toyota",
  year: 2020,
  price: 30_000,
  status: "in_stock",
  financeLenders: { manual: lender(data) },
  location: {
    id: 7,
    name: "City Motors",
    slug: "city-motors",
    phone: null,
    address: { street: null, city: "Perth", state: "WA", postcode: "6000", placeUrl: null },
  },
  ...patch,
});

const config = (type: FinanceProviderType, patch: Partial<FinanceEstimateConfig> = {}): FinanceEstimateConfig => ({
  provider: "manual",
  providerTypes: { manual: type },
  excludedManufacturers: [],
  excludedSites: [],
  excludedDealerships: [],
  ...patch,
});

const site = { slug: "city-motors", template: "classic" };

describe("spec 5 'Finance estimate display': common rules", () => {
  it("spec 5: shown for an in-stock car whose provider data and rates are present", () => {
    expect(shouldShowFinanceEstimate(car(), site, config("D"), CURRENT_YEAR)).toBe(true);
  });

  it("spec 5: hidden when the site's provider has no lender data or an empty object", () => {
    expect(financeEstimateHiddenReason(car({ financeLenders: {} }), site, config("D"), CURRENT_YEAR)).toBe("no-lender-data");
    expect(
      financeEstimateHiddenReason(car({ financeLenders: { manual: {} as FinanceLenderData } }), site, config("D"), CURRENT_YEAR),
    ).toBe("no-lender-data");
    expect(financeEstimateHiddenReason(car(), site, config("D", { provider: "angle", providerTypes: { angle: "E" } }), CURRENT_YEAR)).toBe(
      "no-lender-data",
    );
  });

  it.each([["interestRate"], ["comparisonRate"]] as const)("spec 5: hidden when %s is null", (field) => {
    expect(financeEstimateHiddenReason(car({}, { [field]: null }), site, config("B"), CURRENT_YEAR)).toBe("missing-rate");
  });

  it("spec 5: hidden for an excluded manufacturer from config (case-insensitive)", () => {
    const c = config("B", { excludedManufacturers: ["toyota"] });
    expect(financeEstimateHiddenReason(car(), site, c, CURRENT_YEAR)).toBe("excluded-manufacturer");
    expect(shouldShowFinanceEstimate(car({ make: "Mazda" }), site, c, CURRENT_YEAR)).toBe(true);
  });

  it("spec 5: hidden on an excluded site, by slug or template", () => {
    expect(financeEstimateHiddenReason(car(), site, config("B", { excludedSites: ["city-motors"] }), CURRENT_YEAR)).toBe("excluded-site");
    expect(financeEstimateHiddenReason(car(), site, config("B", { excludedSites: ["classic"] }), CURRENT_YEAR)).toBe("excluded-site");
    expect(shouldShowFinanceEstimate(car(), { slug: "other" }, config("B", { excludedSites: ["classic"] }), CURRENT_YEAR)).toBe(true);
  });

  it("spec 5: hidden for a listed group dealership, by id or slug", () => {
    expect(financeEstimateHiddenReason(car(), site, config("B", { excludedDealerships: [1, 2, 3, 4, 7] }), CURRENT_YEAR)).toBe(
      "excluded-dealership",
    );
    expect(financeEstimateHiddenReason(car(), site, config("B", { excludedDealerships: ["city-motors"] }), CURRENT_YEAR)).toBe(
      "excluded-dealership",
    );
    expect(shouldShowFinanceEstimate(car({ location: null }), site, config("B", { excludedDealerships: [7] }), CURRENT_YEAR)).toBe(true);
  });

  it("hidden when the provider has no type in config (types are named in config, not by dealer)", () => {
    expect(financeEstimateHiddenReason(car(), site, config("B", { providerTypes: {} }), CURRENT_YEAR)).toBe("unknown-provider-type");
  });

  it("spec 4: hidden when the car is not in stock; coming_soon counts as in stock for every type", () => {
    for (const type of FINANCE_PROVIDER_TYPES) {
      expect(financeEstimateHiddenReason(car({ status: "sold" }), site, config(type), CURRENT_YEAR)).toBe("not-in-stock");
      expect(shouldShowFinanceEstimate(car({ status: "coming_soon" }), site, config(type), CURRENT_YEAR)).toBe(true);
    }
  });
});

describe("spec 5 'Finance estimate display': per provider type", () => {
  it("spec 5 type A: year within the last 12 years (spec 9: under 12 years old)", () => {
    expect(shouldShowFinanceEstimate(car({ year: 2014 }), site, config("A"), CURRENT_YEAR)).toBe(true); // 11 years old
    expect(financeEstimateHiddenReason(car({ year: 2013 }), site, config("A"), CURRENT_YEAR)).toBe("car-too-old"); // 12 years old
    expect(financeEstimateHiddenReason(car({ year: null }), site, config("A"), CURRENT_YEAR)).toBe("car-too-old");
  });

  it("spec 5 type A: price above 500", () => {
    expect(financeEstimateHiddenReason(car({ price: 500 }), site, config("A"), CURRENT_YEAR)).toBe("price-not-above-500");
    expect(shouldShowFinanceEstimate(car({ price: 501 }), site, config("A"), CURRENT_YEAR)).toBe(true);
  });

  it("spec 5 types B and C: only in stock; price, year and payments do not matter", () => {
    for (const type of ["B", "C"] as const) {
      expect(
        shouldShowFinanceEstimate(car({ price: null, year: 1990 }, { paymentWeek: null, paymentMonth: null }), site, config(type), CURRENT_YEAR),
      ).toBe(true);
    }
  });

  it("spec 5 types D, E, F: price above 500 and a weekly payment", () => {
    for (const type of ["D", "E", "F"] as const) {
      expect(shouldShowFinanceEstimate(car({ year: 1990 }, { paymentMonth: null }), site, config(type), CURRENT_YEAR)).toBe(true);
      expect(financeEstimateHiddenReason(car({ price: null }), site, config(type), CURRENT_YEAR)).toBe("price-not-above-500");
      expect(financeEstimateHiddenReason(car({}, { paymentWeek: null }), site, config(type), CURRENT_YEAR)).toBe("no-weekly-payment");
    }
  });

  it("spec 5 type G: price above 500 and a monthly payment", () => {
    expect(shouldShowFinanceEstimate(car({}, { paymentWeek: null }), site, config("G"), CURRENT_YEAR)).toBe(true);
    expect(financeEstimateHiddenReason(car({ price: 400 }), site, config("G"), CURRENT_YEAR)).toBe("price-not-above-500");
    expect(financeEstimateHiddenReason(car({}, { paymentMonth: null }), site, config("G"), CURRENT_YEAR)).toBe("no-monthly-payment");
  });

  it("spec 5: no in-stock car is ever shown without both rates, whatever the type (property)", () => {
    const statuses: CarStatus[] = ["in_stock", "coming_soon", "sold", "withdrawn"];
    fc.assert(
      fc.property(
        fc.constantFrom(...FINANCE_PROVIDER_TYPES),
        fc.constantFrom(...statuses),
        fc.option(fc.integer({ min: 0, max: 200_000 })),
        fc.option(fc.integer({ min: 1980, max: 2026 })),
        fc.option(fc.double({ min: 0, max: 20, noNaN: true })),
        fc.option(fc.double({ min: 0, max: 20, noNaN: true })),
        (type, status, price, year, interestRate, comparisonRate) => {
          const shown = shouldShowFinanceEstimate(car({ status, price, year }, { interestRate, comparisonRate }), site, config(type), CURRENT_YEAR);
          if (shown) {
            expect(interestRate).not.toBeNull();
            expect(comparisonRate).not.toBeNull();
            expect(["in_stock", "coming_soon"]).toContain(status);
            if (type !== "B" && type !== "C") expect(price).toBeGreaterThan(500);
          }
        },
      ),
    );
  });
});

describe("selectLenderData", () => {
  it("returns the provider's data, or null when missing or empty", () => {
    expect(selectLenderData(car(), "manual")?.interestRate).toBe(6.29);
    expect(selectLenderData(car(), "angle")).toBeNull();
    expect(selectLenderData(car(), "toString")).toBeNull();
  });
});

describe("spec 5 / 8 formatting", () => {
  it("spec 8: a missing rate shows '-'", () => {
    expect(formatFinanceRate(null)).toBe("-");
    expect(formatFinanceRate(undefined)).toBe("-");
    expect(formatFinanceRate(Number.NaN)).toBe("-");
  });

  it("spec 5: the comparison rate shows 2 decimals", () => {
    expect(formatFinanceRate(8.1553120081865)).toBe("8.16%");
    expect(formatFinanceRate(6.29)).toBe("6.29%");
    expect(formatFinanceRate(7)).toBe("7.00%");
  });

  it("spec 5: weekly and monthly payments round to whole dollars", () => {
    expect(formatFinancePayment(97.72, 34_406.22)).toEqual({ payment: "$98", total: "$34,406", isEnquireForFinance: false });
    expect(formatFinancePayment(1_234.5, 74_070)).toEqual({ payment: "$1,235", total: "$74,070", isEnquireForFinance: false });
    expect(formatFinancePayment(584.49, null).payment).toBe("$584");
  });

  it("spec 4 / 9: a payment at or below $25 reads 'Enquire for Finance' with a blank total", () => {
    expect(formatFinancePayment(25, 6_500)).toEqual({ payment: ENQUIRE_FOR_FINANCE, total: "", isEnquireForFinance: true });
    expect(formatFinancePayment(0, 0)).toEqual({ payment: "Enquire for Finance", total: "", isEnquireForFinance: true });
    expect(formatFinancePayment(25.01, 6_502.6)).toEqual({ payment: "$25", total: "$6,503", isEnquireForFinance: false });
  });

  it("spec 8: a missing payment or total shows '-'", () => {
    expect(formatFinancePayment(null, null)).toEqual({ payment: "-", total: "-", isEnquireForFinance: false });
    expect(formatFinancePayment(120, null).total).toBe("-");
  });

  it("formatWholeDollars adds thousands separators without a locale", () => {
    expect(formatWholeDollars(1_234_567.5)).toBe("$1,234,568");
    expect(formatWholeDollars(999)).toBe("$999");
  });

  it("spec 4: the disclaimer toggles Show More / Show Less", () => {
    expect(disclaimerToggleLabel(false)).toBe("Show More");
    expect(disclaimerToggleLabel(true)).toBe("Show Less");
  });
});

/*
 * buildLenderData expectations, computed with GNU bc (scale=40) from the closed-form annuity, not
 * with this code ($30,000 car, 10% deposit $3,000, 30% final payment $9,000, 5 years, 6.29%):
 *   fee $1,360.50: principal 28,360.50; weekly PMT(i=0.0629/52, n=260, B=9000) = 97.7167944548... -> 97.72 -> $98;
 *     final weekly = 96.7412980... -> 96.74; total payable = 97.72*259 + 96.74 + 9000 = 34406.22;
 *     monthly PMT(i=0.0629/12, n=60) = 424.0839534179... -> 424.08 -> $424;
 *     comparison rate (Python decimal bisection, credit 27,000): 7.9446877519835 -> 7.94.
 *   no fees: weekly 91.6150634417... -> 91.62 -> $92; monthly 397.5978280015... -> 397.60 -> $398; comparison 6.29.
 */
describe("buildLenderData (spec 9 estimate assumptions: 5-year term, 10.0% deposit, 30% final payment)", () => {
  it("spec 9: the assumptions are a 5-year term, a 10.0% deposit and a 30% final payment", () => {
    expect(ESTIMATE_ASSUMPTIONS).toEqual({ termYears: 5, depositPercent: 10, balloonPercent: 30 });
  });

  it("spec 9: a $30,000 car at 6.29% with the $1,360.50 establishment fee", () => {
    const data = buildLenderData(30_000, { annualRatePercent: 6.29, fees: { establishmentFee: 1360.5 } });
    expect(data).toMatchObject({
      interestRate: 6.29,
      comparisonRate: 7.94,
      paymentWeek: 98,
      paymentMonth: 424,
      deposit: 3_000,
      balloon: 9_000,
      establishmentFees: 1360.5,
      totalPayable: 34_406.22,
      termYears: 5,
      termMonths: 60,
      termWeeks: 260,
    });
    expect(data.disclaimer?.endsWith(COMPARISON_RATE_WARNING)).toBe(true);
    expect(data.disclaimer).toContain("comparison rate 7.94% p.a.");
  });

  it("reg 100: with no fees the stored comparison rate equals the interest rate", () => {
    const data = buildLenderData(30_000, { annualRatePercent: 6.29 });
    expect(data.comparisonRate).toBe(6.29);
    expect(data.paymentWeek).toBe(92);
    expect(data.paymentMonth).toBe(398);
  });

  it("spec 9: agency fee counts with the establishment fee; the security registration (government) fee does not raise the rate", () => {
    const fees = { establishmentFee: 395, securityRegistrationFee: 6, monthlyAdminFee: 8, agencyFee: 912.25 };
    const data = buildLenderData(30_000, { annualRatePercent: 6.29, fees });
    expect(data.establishmentFees).toBe(1_307.25);
    expect(data.comparisonRate!).toBeGreaterThan(6.29);
    expect(buildLenderData(30_000, { annualRatePercent: 6.29, fees: { securityRegistrationFee: 6 } }).comparisonRate).toBe(6.29);
  });

  it("produces data that qualifies for display for every type on an in-stock car priced above 500", () => {
    const data = buildLenderData(18_990, { annualRatePercent: 9.99 });
    for (const type of FINANCE_PROVIDER_TYPES) {
      expect(shouldShowFinanceEstimate(car({ price: 18_990 }, data), site, config(type), CURRENT_YEAR)).toBe(true);
    }
  });

  it("a cheap car's weekly payment reads 'Enquire for Finance' ($3,000 car: about $9 a week)", () => {
    const data = buildLenderData(3_000, { annualRatePercent: 6.29 });
    expect(data.paymentWeek).toBeLessThanOrEqual(25);
    expect(formatFinancePayment(data.paymentWeek, data.totalPayable).payment).toBe("Enquire for Finance");
  });

  it("accepts other assumptions and a custom disclaimer, keeping the warning", () => {
    const data = buildLenderData(40_000, { annualRatePercent: 8, termYears: 7, depositPercent: 0, balloonPercent: 0, disclaimer: "Custom." });
    expect(data.termWeeks).toBe(364);
    expect(data.deposit).toBe(0);
    expect(data.balloon).toBe(0);
    expect(data.disclaimer).toBe(`Custom. ${COMPARISON_RATE_WARNING}`);
  });

  it.each([[0], [-1], [Number.NaN]])("throws RangeError for price %s", (price) => {
    expect(() => buildLenderData(price, { annualRatePercent: 6.29 })).toThrow(RangeError);
  });

  it("throws RangeError for a deposit percent above 100", () => {
    expect(() => buildLenderData(30_000, { annualRatePercent: 6.29, depositPercent: 101 })).toThrow(RangeError);
  });
});

describe("buildLenderData comparison basis (decision 021)", () => {
  const fees = { establishmentFee: 1360.5 };
  it("reg 100 benchmark: every car of a provider shows the $30,000 benchmark comparison rate (7.94% at 6.29% with the $1,360.50 fee)", () => {
    expect(buildLenderData(4_000, { annualRatePercent: 6.29, fees }).comparisonRate).toBe(7.94);
    expect(buildLenderData(90_000, { annualRatePercent: 6.29, fees }).comparisonRate).toBe(7.94);
    expect(buildLenderData(4_000, { annualRatePercent: 6.29, fees }).disclaimer).toContain("based on a $30,000 car over 5 years");
  });

  it("the car's own example lets a fixed fee dominate a cheap car's rate (above 15% on a $4,000 car)", () => {
    const own = buildLenderData(4_000, { annualRatePercent: 6.29, fees, comparisonBasis: "example" });
    expect(own.comparisonRate).toBeGreaterThan(15);
    expect(buildLenderData(30_000, { annualRatePercent: 6.29, fees, comparisonBasis: "example" }).comparisonRate).toBe(7.94);
  });

  it("property: with no fees the benchmark comparison rate equals the interest rate for any price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 501, max: 500_000 }), fc.integer({ min: 1, max: 1999 }), (price, bp) => {
        const rate = bp / 100;
        expect(buildLenderData(price, { annualRatePercent: rate }).comparisonRate).toBeCloseTo(rate, 2);
      }),
      { numRuns: 200 },
    );
  });
});
