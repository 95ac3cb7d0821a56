import { describe, expect, it } from "vitest";
import type { FinanceLenderData } from "~/domain/car";
import { COMPARISON_RATE_WARNING } from "./disclosure-text";
import { buildLenderData, type FinanceEstimateCar, type FinanceEstimateConfig, type FinanceProviderType } from "./estimate";
import { buildFinanceEstimateView } from "./estimate-view";

const YEAR = 2026;
const site = { slug: "demo", template: "standard" };
const config = (type: FinanceProviderType, patch: Partial<FinanceEstimateConfig> = {}): FinanceEstimateConfig => ({
  provider: "angle",
  providerTypes: { angle: type },
  excludedManufacturers: [],
  excludedSites: [],
  excludedDealerships: [],
  ...patch,
});
const car = (price: number, data: Partial<FinanceLenderData> | null = {}, patch: Partial<FinanceEstimateCar> = {}): FinanceEstimateCar => ({
  make: "Mazda",
  year: 2022,
  price,
  status: "in_stock",
  financeLenders: data === null ? {} : { angle: { ...buildLenderData(price, { annualRatePercent: 6.29, fees: { establishmentFee: 1360.5 } }), ...data } },
  location: null,
  ...patch,
});

describe("buildFinanceEstimateView (spec 5 estimate display, spec 4 finance payment)", () => {
  it("spec 5: a $30,000 car at 6.29% with a $1,360.50 fee shows $98 per week, 6.29% and 7.94% to 2 decimals", () => {
    const view = buildFinanceEstimateView(car(30_000), site, config("E"), YEAR)!;
    expect(view).toMatchObject({
      frequency: "weekly",
      paymentText: "$98",
      periodText: "per week",
      isEnquireForFinance: false,
      totalText: "$34,406",
      interestRateText: "6.29%",
      comparisonRateText: "7.94%",
      termText: "5 years",
    });
    // Decision 205: the same for every car, so rendered by FinanceDisclaimer, not carried per card.
    expect(Object.keys(view)).not.toContain("warning");
    expect(Object.keys(view)).not.toContain("toggleLabels");
    // The warning is shown once, separately from the lender's disclaimer text.
    expect(view.disclaimer).toContain("5 year secured loan at 6.29% p.a.");
    expect(view.disclaimer).not.toContain("WARNING");
  });

  it("spec 5 type G (a manufacturer's own finance) leads with the monthly payment and shows no weekly figure beside it (issue 51)", () => {
    const view = buildFinanceEstimateView(car(30_000), site, config("G"), YEAR)!;
    expect([view.frequency, view.paymentText, view.periodText]).toEqual(["monthly", "$424", "per month"]);
    expect(JSON.stringify(view)).not.toContain("$98");
  });

  it("spec 4: a weekly payment at or below $25 reads 'Enquire for Finance' with a blank total and no period", () => {
    const view = buildFinanceEstimateView(car(2_500, { paymentWeek: 25 }), site, config("E"), YEAR)!;
    expect([view.paymentText, view.periodText, view.totalText, view.isEnquireForFinance]).toEqual(["Enquire for Finance", "", "", true]);
    const above = buildFinanceEstimateView(car(2_500, { paymentWeek: 26 }), site, config("E"), YEAR)!;
    expect(above.paymentText).toBe("$26");
  });

  it("spec 8: a missing total or term shows '-' / nothing", () => {
    const view = buildFinanceEstimateView(car(30_000, { totalPayable: null, termYears: null, paymentMonth: null }), site, config("E"), YEAR)!;
    expect([view.totalText, view.termText]).toEqual(["-", null]);
  });

  it("issue 51 / spec 4: 'Enquire for Finance' carries no lender disclaimer, so no 'Total payable' with rates", () => {
    const view = buildFinanceEstimateView(car(2_500, { paymentWeek: 20, disclaimer: "Total payable $2,236.35 at 8.99% p.a." }), site, config("E"), YEAR)!;
    expect(view.isEnquireForFinance).toBe(true);
    expect(view.disclaimer).toBeNull();
  });

  it("spec 5: hidden when the rules fail: no provider config, no lender data, a null rate, excluded make, price not above 500, sold", () => {
    expect(buildFinanceEstimateView(car(30_000), site, null, YEAR)).toBeNull();
    expect(buildFinanceEstimateView(car(30_000, null), site, config("E"), YEAR)).toBeNull();
    expect(buildFinanceEstimateView(car(30_000, { comparisonRate: null }), site, config("E"), YEAR)).toBeNull();
    expect(buildFinanceEstimateView(car(30_000), site, config("E", { excludedManufacturers: ["mazda"] }), YEAR)).toBeNull();
    expect(buildFinanceEstimateView(car(500), site, config("E"), YEAR)).toBeNull();
    expect(buildFinanceEstimateView(car(30_000, {}, { status: "sold" }), site, config("E"), YEAR)).toBeNull();
    expect(buildFinanceEstimateView(car(30_000), site, config("E", { excludedSites: ["demo"] }), YEAR)).toBeNull();
  });

  it("an empty disclaimer gives null (FinanceDisclaimer still shows the warning)", () => {
    const view = buildFinanceEstimateView(car(30_000, { disclaimer: COMPARISON_RATE_WARNING }), site, config("E"), YEAR)!;
    expect(view.disclaimer).toBeNull();
  });
});
