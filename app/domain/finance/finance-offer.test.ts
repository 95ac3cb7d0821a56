import { describe, expect, it } from "vitest";
import { COMPARISON_RATE_WARNING } from "./disclosure-text";
import { financeOfferView } from "./finance-offer";

describe("financeOfferView (issue 51: a finance offer's figures are the site's own, reg 100)", () => {
  const assumptions = (rate: number) => () => ({ annualRatePercent: rate, fees: { establishmentFee: 395, monthlyAdminFee: 10 } });

  it("lender-data source: the site's own rate, the benchmark comparison rate (higher, fees in it) and the warning", () => {
    const view = financeOfferView({ source: "lender-data", carType: "used" }, assumptions(7.99))!;
    expect(view.headline).toBe("Finance from 7.99% p.a.");
    const comparison = Number(view.comparisonText.match(/([\d.]+)%/)![1]);
    expect(comparison).toBeGreaterThan(7.99);
    expect(view.detail).toContain("based on a $30,000 car over 5 years");
    expect(view.warning).toBe(`* ${COMPARISON_RATE_WARNING}`);
    expect(financeOfferView({ source: "lender-data", carType: "used" }, assumptions(9.99))!.headline).toBe("Finance from 9.99% p.a.");
  });

  it("no lender data on the site, or a source that is not valid: no card", () => {
    expect(financeOfferView({ source: "lender-data", carType: "used" }, () => null)).toBeNull();
    expect(financeOfferView({ source: "offer", interestRate: 6.29 }, assumptions(7.99))).toBeNull();
    expect(financeOfferView("Finance from 6.29%", assumptions(7.99))).toBeNull();
  });

  it("offer source: the offer's own rate with its comparison rate and the warning", () => {
    expect(financeOfferView({ source: "offer", interestRate: 6.29, comparisonRate: 8.19, termYears: 5 }, () => null)).toEqual({
      headline: "Finance from 6.29% p.a.",
      comparisonText: "Comparison rate 8.19% p.a.*",
      detail: "Based on a 5 year secured loan. Fees and charges apply; terms and conditions apply.",
      warning: `* ${COMPARISON_RATE_WARNING}`,
    });
  });
});
