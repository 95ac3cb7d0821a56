import { describe, expect, it } from "vitest";
import { buildFinanceQuoteView } from "./quote-view";

describe("buildFinanceQuoteView (issue 51: the quote follows the estimate's display rules, spec 4, 9)", () => {
  it("a $0 or $6 weekly quote reads 'Enquire for Finance' with no rates (spec 4: $25 or less)", () => {
    for (const weekly of [0, 6, 25]) {
      expect(buildFinanceQuoteView({ weeklyRepaymentAmount: weekly, advertisedRate: 7.49, comparisonRate: 7.49 }, 1_895)).toEqual({
        paymentText: "Enquire for Finance",
        periodText: "",
        isEnquireForFinance: true,
        interestRateText: null,
        comparisonRateText: null,
      });
    }
  });

  it("no quote for a car priced at $500 or less, or with no price (spec 9 eligibility)", () => {
    expect(buildFinanceQuoteView({ weeklyRepaymentAmount: 30, advertisedRate: 7.49, comparisonRate: 7.49 }, 88)).toBeNull();
    expect(buildFinanceQuoteView({ weeklyRepaymentAmount: 30, advertisedRate: 7.49, comparisonRate: 7.49 }, 500)).toBeNull();
    expect(buildFinanceQuoteView({ weeklyRepaymentAmount: 30, advertisedRate: 7.49, comparisonRate: 7.49 }, null)).toBeNull();
  });

  it("a quote above $25 a week: whole dollars per week, both rates to 2 decimals", () => {
    expect(buildFinanceQuoteView({ weeklyRepaymentAmount: 171.6, advertisedRate: 7.49, comparisonRate: 7.5 }, 40_000)).toEqual({
      paymentText: "$172",
      periodText: "per week",
      isEnquireForFinance: false,
      interestRateText: "7.49%",
      comparisonRateText: "7.50%",
    });
  });
});
