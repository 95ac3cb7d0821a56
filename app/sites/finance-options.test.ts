import { describe, expect, it } from "vitest";
import { clampPurchasePrice } from "~/domain/finance/calculator";
import { DEMO_SITES } from "../../db/seed/demo-sites";
import { buildLenderData, estimateFrequencyFor, FINANCE_PROVIDER_TYPES } from "~/domain/finance/estimate";
import { calculatorConfigFor, financeEstimateConfigFor, financeEstimateFor, financeFeesFor, lenderAssumptionsFor } from "./finance-options";
import { resolveSiteConfig } from "./resolve-config";
import { SiteConfigSchema } from "./site-config";

const demo = (slug: string) => {
  const d = DEMO_SITES.find((s) => s.slug === slug)!;
  return { slug, config: SiteConfigSchema.parse(d.config) };
};

describe("finance options from site config (spec 5, 9)", () => {
  it("defaults: no provider means no estimates and no generated lender data; calculator 1,000-250,000, 0.5-15%, rate 10, 5 years", () => {
    const site = { slug: "x", config: SiteConfigSchema.parse({}) };
    expect(financeEstimateConfigFor(site)).toBeNull();
    expect(lenderAssumptionsFor(site.config, "used")).toBeNull();
    const calc = calculatorConfigFor(site.config);
    expect([calc.purchasePrice.min, calc.purchasePrice.max, calc.interestRate.min, calc.interestRate.max]).toEqual([1_000, 250_000, 0.5, 15]);
    expect([calc.defaults.interestRate, calc.defaults.termYears, calc.defaults.amount, calc.defaults.residual]).toEqual([10, 5, 30_000, 0]);
    expect([calc.termYears.min, calc.termYears.max, calc.termYears.step]).toEqual([1, 7, 0.5]);
    expect(calc.quickPicks[0]).toBe(5_000);
    expect(calc.quickPicks.at(-1)).toBe(70_000);
  });

  it("spec 9: one provider's establishment fee 1360.5 (powertorque, type F, 5,000 minimum, 7.5-14.5%)", () => {
    const site = demo("sunshine-state-cars");
    expect(financeFeesFor(site.config)).toEqual({ establishmentFee: 1360.5, securityRegistrationFee: 0, monthlyAdminFee: 0, agencyFee: 0 });
    expect(financeEstimateConfigFor(site)).toMatchObject({ provider: "powertorque", providerTypes: { powertorque: "F" } });
    const calc = calculatorConfigFor(site.config);
    expect(clampPurchasePrice(4_000, calc)).toEqual({ value: 5_000, message: "Cannot be less than $5,000 or more than $250,000" });
    expect([calc.interestRate.min, calc.interestRate.max]).toEqual([7.5, 14.5]);
  });

  it("spec 9: one dealer's fixed fees (establishment 395, security registration 6, monthly admin 8, agency 912.25)", () => {
    expect(financeFeesFor(demo("southern-cross-used").config)).toEqual({ establishmentFee: 395, securityRegistrationFee: 6, monthlyAdminFee: 8, agencyFee: 912.25 });
  });

  it("spec 5 / 9 variants: a manufacturer's own finance (type G) with default rate 8.5; a 4-20% rate range on one site", () => {
    const toyota = demo("perth-toyota");
    expect(financeEstimateConfigFor(toyota)?.providerTypes).toEqual({ "toyota-finance": "G" });
    expect(calculatorConfigFor(toyota.config).defaults.interestRate).toBe(8.5);
    const caravans = calculatorConfigFor(demo("outback-caravans").config);
    expect([caravans.interestRate.min, caravans.interestRate.max]).toEqual([4, 20]);
  });

  it("spec 5 site exclusion: showEstimates false puts the site on the excluded list; location exclusions pass through", () => {
    const config = resolveSiteConfig({}, { finance: { provider: "angle", showEstimates: false, excludedLocationIds: [3] } });
    expect(financeEstimateConfigFor({ slug: "s", config })).toMatchObject({ excludedSites: ["s"], excludedDealerships: [3] });
  });

  it("generated lender data uses the rate of the car type and the site's fees", () => {
    const config = demo("southern-cross-used").config;
    expect(lenderAssumptionsFor(config, "used")).toEqual({ annualRatePercent: 9.99, fees: financeFeesFor(config), frequency: "weekly" });
    expect(lenderAssumptionsFor(config, "new")?.annualRatePercent).toBe(8.49);
  });

  it("every demo car site names a provider with generated lender data", () => {
    for (const d of DEMO_SITES) {
      const config = SiteConfigSchema.parse(d.config);
      expect(config.finance.provider, d.slug).not.toBeNull();
      expect(config.finance.generatedLenderRates, d.slug).not.toBeNull();
    }
  });
});

describe("issue 51: finance copy is true (NCCP reg 100, ASIC RG 234)", () => {
  const NOW = new Date("2026-06-01T00:00:00Z");
  const estimateFor = (site: { slug: string; config: ReturnType<typeof SiteConfigSchema.parse> }, price: number) => {
    const provider = site.config.finance.provider!;
    const data = buildLenderData(price, lenderAssumptionsFor(site.config, "used")!);
    return financeEstimateFor(site, { make: "Mazda", year: 2022, price, status: "in_stock", financeLenders: { [provider]: data }, location: null }, NOW);
  };

  it.each([...FINANCE_PROVIDER_TYPES])("provider type %s: the payment, its label, the total and the disclaimer name one repayment frequency", (type) => {
    const site = { slug: "x", config: SiteConfigSchema.parse({ finance: { provider: "lender", providerType: type, generatedLenderRates: { new: 6.29, demo: 6.29, used: 6.29 } } }) };
    const view = estimateFor(site, 30_000)!;
    const [word, label, other] = view.frequency === "monthly" ? ["monthly", "per month", "weekly"] : ["weekly", "per week", "monthly"];
    expect(view.frequency).toBe(estimateFrequencyFor(type));
    expect(view.periodText).toBe(label);
    expect(view.disclaimer).toContain(`Estimated ${word} repayments`);
    expect(view.disclaimer).toMatch(new RegExp(`Total payable \\$[\\d,.]+ \\(${word} repayments\\)`));
    expect(view.disclaimer).not.toContain(other);
    // The total shown is the disclaimer's total, in whole dollars.
    const total = Number(view.disclaimer!.match(/Total payable \$([\d,.]+)/)![1].replace(/,/g, ""));
    expect(view.totalText).toBe(`$${Math.round(total).toLocaleString("en-AU")}`);
  });

  it("perth-toyota (type G): '$N per month' with a monthly total, not '(weekly repayments)'", () => {
    const view = estimateFor(demo("perth-toyota"), 40_000)!;
    expect(view.periodText).toBe("per month");
    expect(view.disclaimer).toContain("(monthly repayments)");
  });

  it("reg 100: the perth-toyota lender's fees lift its comparison rate above the interest rate, and the disclaimer names them", () => {
    const site = demo("perth-toyota");
    const fees = financeFeesFor(site.config);
    expect(fees.establishmentFee + fees.monthlyAdminFee + fees.agencyFee + fees.securityRegistrationFee).toBeGreaterThan(0);
    const data = buildLenderData(40_000, lenderAssumptionsFor(site.config, "new")!);
    expect(data.comparisonRate!).toBeGreaterThan(data.interestRate!);
    expect(data.disclaimer).toMatch(/fees of \$395\.00 establishment and \$10\.00 a month included/);
  });

  it("reg 100: where a lender's fees are really zero, the comparison rate equals the interest rate and the disclaimer says there are no fees", () => {
    const site = demo("harbour-auto-group");
    expect(financeFeesFor(site.config)).toEqual({ establishmentFee: 0, securityRegistrationFee: 0, monthlyAdminFee: 0, agencyFee: 0 });
    const data = buildLenderData(40_000, lenderAssumptionsFor(site.config, "used")!);
    expect(data.comparisonRate).toBe(data.interestRate);
    expect(data.disclaimer).toContain("no establishment, account or other credit fees");
  });
});
