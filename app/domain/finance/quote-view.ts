/**
 * A personal finance quote (spec 7 youx quote) as a page shows it, under the same display rules
 * as the estimate (spec 4 "Finance payment", spec 5, spec 9): only for a car priced above $500,
 * the weekly repayment in whole dollars, and 'Enquire for Finance' with no rates at $25 or less.
 * Pure; the quote is shown only where the shopper asked for one (the personalised finance page).
 */
import { FINANCE_MIN_PRICE, formatFinancePayment, formatFinanceRate } from "./estimate";

/** The quote's figures as the service answers them (dollars a week, percent p.a.). */
export interface FinanceQuoteFigures {
  weeklyRepaymentAmount: number;
  advertisedRate: number;
  comparisonRate: number;
}

/** Display text of a quote. A quote is always weekly (spec 7 weeklyRepaymentAmount). */
export interface FinanceQuoteView {
  /** "$172" or "Enquire for Finance". */
  paymentText: string;
  /** "per week", or "" with 'Enquire for Finance'. */
  periodText: string;
  isEnquireForFinance: boolean;
  /** "7.49%"; null with 'Enquire for Finance' (no rate is advertised then). */
  interestRateText: string | null;
  /** "7.94%"; null with 'Enquire for Finance'. */
  comparisonRateText: string | null;
}

/**
 * Builds the quote's display text.
 * @param price the car's price in dollars (null: no price)
 * @returns null when the car is not eligible for finance figures (price not above $500, spec 9)
 */
export function buildFinanceQuoteView(quote: FinanceQuoteFigures, price: number | null): FinanceQuoteView | null {
  if (price == null || !(price > FINANCE_MIN_PRICE)) return null;
  const payment = formatFinancePayment(quote.weeklyRepaymentAmount, null);
  if (payment.isEnquireForFinance) {
    return { paymentText: payment.payment, periodText: "", isEnquireForFinance: true, interestRateText: null, comparisonRateText: null };
  }
  return {
    paymentText: payment.payment,
    periodText: "per week",
    isEnquireForFinance: false,
    interestRateText: formatFinanceRate(quote.advertisedRate),
    comparisonRateText: formatFinanceRate(quote.comparisonRate),
  };
}
