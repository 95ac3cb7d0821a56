import type { FinanceQuote } from "~/adapters/finance-quote/quote";
import { formatAud } from "~/domain/display/price-display";

/**
 * The personal quote line (spec 7 youx quote): weekly repayment in whole dollars, the advertised
 * rate and the comparison rate (percent, 2 decimals), the comparison rate no less prominent.
 * Written without Intl (a repayment is not negative, so rounding half up is Intl's rounding): the
 * VDP shows it while it loads (decision 194).
 */
export function FinanceQuoteLine({ quote, className = "text-sm" }: { quote: FinanceQuote; className?: string }) {
  return (
    <p className={className} data-testid="finance-quote">
      Personal quote: <strong>{formatAud(Math.round(quote.weeklyRepaymentAmount))} per week</strong> at {quote.advertisedRate.toFixed(2)}% p.a.,
      comparison rate <strong>{quote.comparisonRate.toFixed(2)}% p.a.*</strong>
    </p>
  );
}
