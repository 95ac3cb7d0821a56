/**
 * The finance estimate as the car card and the VDP show it (spec 5 "Finance estimate display",
 * spec 4 "Finance payment", spec 9 "Finance"): display strings computed on the server, so the
 * browser receives text, not rules. Pure: the current year comes in as an argument.
 *
 * What is the same for every car (the comparison-rate warning, the disclaimer toggle's labels) is
 * not part of the view: `FinanceDisclaimer` renders those constants itself, so a results page's
 * loader data does not carry them once per card (issue 15, decision 205).
 */
import { COMPARISON_RATE_WARNING } from "./disclosure-text";
import {
  estimateFrequencyFor,
  financeEstimateHiddenReason,
  formatFinancePayment,
  formatFinanceRate,
  selectLenderData,
  type FinanceEstimateCar,
  type FinanceEstimateConfig,
  type FinanceEstimateSite,
  type FinanceProviderType,
} from "./estimate";

/** What the card and the VDP render. Every field is display text. */
export interface FinanceEstimateView {
  providerType: FinanceProviderType;
  /**
   * The one repayment frequency of the estimate: monthly for type G (spec 5 requires its monthly
   * payment), else weekly. The payment, its label and the total are all in it; no figure of the
   * other frequency is shown beside them.
   */
  frequency: "weekly" | "monthly";
  /** "$98", "Enquire for Finance" or "-". */
  paymentText: string;
  /** "per week" / "per month"; "" when the payment reads 'Enquire for Finance' or is missing. */
  periodText: string;
  /**
   * True when the payment reads 'Enquire for Finance' (spec 4): then the total is "", and no rates
   * and no lender disclaimer are shown (their example, total payable included, does not apply).
   */
  isEnquireForFinance: boolean;
  /** Total payable in whole dollars, "" for 'Enquire for Finance', "-" when missing. */
  totalText: string;
  /** "6.29%" or "-". */
  interestRateText: string;
  /** "7.94%" or "-"; shown no less prominently than the interest rate (reg 100 / spec 5). */
  comparisonRateText: string;
  /** "5 years", or null when the lender data gives no term. */
  termText: string | null;
  /**
   * Lender disclaimer without the standard comparison-rate warning (shown after it by
   * `FinanceDisclaimer`, always), or null.
   */
  disclaimer: string | null;
}

/**
 * Builds the estimate view when spec 5's rules let the estimate show.
 * @param currentYear calendar year now (type A's 12-year rule)
 * @returns the view model, or null when the estimate is hidden (no config, no data, a failing rule)
 */
export function buildFinanceEstimateView(
  car: FinanceEstimateCar,
  site: FinanceEstimateSite,
  config: FinanceEstimateConfig | null,
  currentYear: number,
): FinanceEstimateView | null {
  if (!config) return null;
  if (financeEstimateHiddenReason(car, site, config, currentYear) !== null) return null;
  const data = selectLenderData(car, config.provider)!;
  const providerType = config.providerTypes[config.provider];
  const frequency = estimateFrequencyFor(providerType) === "monthly" || (data.paymentWeek == null && data.paymentMonth != null) ? "monthly" : "weekly";
  const lead = formatFinancePayment(frequency === "weekly" ? data.paymentWeek : data.paymentMonth, data.totalPayable);
  const hasPayment = !lead.isEnquireForFinance && lead.payment !== "-";
  return {
    providerType,
    frequency,
    paymentText: lead.payment,
    periodText: hasPayment ? (frequency === "weekly" ? "per week" : "per month") : "",
    isEnquireForFinance: lead.isEnquireForFinance,
    totalText: lead.total,
    interestRateText: formatFinanceRate(data.interestRate),
    comparisonRateText: formatFinanceRate(data.comparisonRate),
    termText: data.termYears != null ? `${data.termYears} ${data.termYears === 1 ? "year" : "years"}` : null,
    disclaimer: !lead.isEnquireForFinance && data.disclaimer?.trim() ? data.disclaimer.replace(COMPARISON_RATE_WARNING, "").trim() || null : null,
  };
}
