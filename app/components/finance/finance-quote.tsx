import type { FinanceQuoteView } from "~/domain/finance/quote-view";
import { COMPARISON_RATE_WARNING } from "~/domain/finance/disclosure-text";

/**
 * The personal quote line (spec 7 youx quote), shown only where the shopper asked for a quote:
 * the weekly repayment with the advertised rate and the comparison rate (no less prominent) and
 * the comparison-rate warning, or 'Enquire for Finance' alone (spec 4).
 */
export function FinanceQuoteLine({ quote, className = "text-sm" }: { quote: FinanceQuoteView; className?: string }) {
  if (quote.isEnquireForFinance) {
    return (
      <p className={className} data-testid="finance-quote">
        Personal quote: <strong>{quote.paymentText}</strong>
      </p>
    );
  }
  return (
    <div className={className} data-testid="finance-quote">
      <p>
        Personal quote: <strong>{`${quote.paymentText} ${quote.periodText}`}</strong> at {quote.interestRateText} p.a., comparison rate{" "}
        <strong>{`${quote.comparisonRateText} p.a.*`}</strong>
      </p>
      <p className="mt-1 text-xs text-slate-600">{`* ${COMPARISON_RATE_WARNING}`}</p>
    </div>
  );
}
