/**
 * The fixed wording of a finance estimate's disclosure (spec 4 "Finance payment", spec 5 "Finance
 * estimate display"; standards/README.md, reg 100). A module of its own so that the components
 * that render it (`FinanceDisclaimer`, the finance page) do not bring the comparison-rate maths
 * into the browser with it (issue 15 "Fast pages", decision 205).
 */

/** The advertised warning that must accompany a comparison rate (standards/README.md, reg 100). */
export const COMPARISON_RATE_WARNING =
  "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.";

/**
 * Spec 4: the disclaimer toggle's label.
 * @param isExpanded whether the disclaimer is open
 * @returns "Show Less" when open, else "Show More"
 */
export function disclaimerToggleLabel(isExpanded: boolean): "Show More" | "Show Less" {
  return isExpanded ? "Show Less" : "Show More";
}
