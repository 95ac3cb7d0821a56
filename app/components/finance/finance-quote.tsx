import type { FinanceQuote } from "~/adapters/finance-quote/quote";

const DOLLARS = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });

/**
 * The personal quote line (spec 7 youx quote): weekly repayment in whole dollars, the advertised
 * rate and the comparison rate (percent, 2 decimals), the comparison rate no less prominent.
 */
export function FinanceQuoteLine({ quote, className = "text-sm" }: { quote: FinanceQuote; className?: string }) {
  return (
    <p className={className} data-testid="finance-quote">
      Personal quote: <strong>{DOLLARS.format(quote.weeklyRepaymentAmount)} per week</strong> at {quote.advertisedRate.toFixed(2)}% p.a.,
      comparison rate <strong>{quote.comparisonRate.toFixed(2)}% p.a.*</strong>
    </p>
  );
}
