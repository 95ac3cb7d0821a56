/**
 * The finance estimate's disclaimer (spec 4: Show More / Show Less; spec 5: the comparison-rate
 * warning goes with every comparison rate). Decision 205: the warning and the toggle's labels are
 * constants the component renders, not fields each estimate carries.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { COMPARISON_RATE_WARNING } from "~/domain/finance/disclosure-text";
import type { FinanceEstimateView } from "~/domain/finance/estimate-view";
import { FinanceEstimate } from "./finance-estimate";

/** A card's estimate as the server builds it (values as in a type E lender's data). */
const estimate: FinanceEstimateView = {
  providerType: "E", frequency: "monthly", paymentText: "$612", periodText: "per month",
  isEnquireForFinance: false, totalText: "$41,180", interestRateText: "9.49%", comparisonRateText: "10.12%", termText: "5 years",
  disclaimer: "Estimated repayments are based on a 5 year secured loan.",
};

/** The text of a rendered fragment, tags dropped and entities decoded (only &amp; and &#x27; occur here). */
function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, "|").replace(/&amp;/g, "&").replace(/&#x27;/g, "'");
}

describe("FinanceEstimate's disclaimer (spec 4, spec 5, decision 205)", () => {
  it("shows the lender's disclaimer, then the standard warning, behind Show More / Show Less", () => {
    const text = textOf(renderToString(<FinanceEstimate estimate={estimate} compact />));
    const parts = text.split("|").filter(Boolean);
    expect(parts).toContain("Show More");
    expect(parts).toContain("Show Less");
    expect(parts.indexOf(estimate.disclaimer!)).toBeGreaterThan(parts.indexOf("Show Less"));
    expect(parts.indexOf(COMPARISON_RATE_WARNING)).toBe(parts.indexOf(estimate.disclaimer!) + 1);
  });

  it("shows the warning when the lender gives no disclaimer of its own", () => {
    const parts = textOf(renderToString(<FinanceEstimate estimate={{ ...estimate, disclaimer: null }} />)).split("|");
    expect(parts).toContain(COMPARISON_RATE_WARNING);
  });
});
