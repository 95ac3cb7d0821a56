import type { FinanceEstimateView } from "~/domain/finance/estimate-view";
import { COMPARISON_RATE_WARNING, disclaimerToggleLabel } from "~/domain/finance/disclosure-text";

/**
 * The lender's disclaimer with the comparison-rate warning, behind a Show More / Show Less toggle
 * (spec 4; spec 5: the warning always goes with a comparison rate). A native <details>: works
 * without JavaScript and from the keyboard; the label swaps with the open state. The warning and
 * the labels are constants rendered here, not carried in each estimate (decision 205).
 */
export function FinanceDisclaimer({ estimate }: { estimate: FinanceEstimateView }) {
  return (
    <details className="group mt-2 text-xs text-slate-600" data-testid="finance-disclaimer">
      <summary className="cursor-pointer font-medium text-slate-800 underline">
        <span className="group-open:hidden">{disclaimerToggleLabel(false)}</span>
        <span className="hidden group-open:inline">{disclaimerToggleLabel(true)}</span>
        <span className="sr-only"> finance disclaimer</span>
      </summary>
      {estimate.disclaimer ? <p className="mt-1">{estimate.disclaimer}</p> : null}
      <p className="mt-1 font-semibold">{COMPARISON_RATE_WARNING}</p>
    </details>
  );
}

/**
 * Finance estimate (spec 5): the payment ("$98 per week" or 'Enquire for Finance'), then the
 * interest rate and the comparison rate side by side in the same type size (the comparison rate is
 * never less prominent than the interest rate), and the disclaimer. 'Enquire for Finance' stands
 * alone (spec 4: no total; so no example rates or total payable in a disclaimer either).
 * @param compact the car card's short form (no total, no term)
 */
export function FinanceEstimate({ estimate, compact = false }: { estimate: FinanceEstimateView; compact?: boolean }) {
  return (
    <div className="rounded bg-slate-50 p-2 text-sm" data-testid="finance-estimate">
      <p className="font-semibold text-slate-900" data-testid="finance-payment">
        {estimate.isEnquireForFinance ? (
          estimate.paymentText
        ) : (
          <>
            <span className="text-lg">{estimate.paymentText}</span>
            {` ${estimate.periodText}`}
          </>
        )}
      </p>
      {estimate.isEnquireForFinance ? null : (
      <dl className="mt-1 grid grid-cols-2 gap-x-2 text-sm">
        <div>
          <dt className="text-slate-600">Interest rate</dt>
          <dd className="font-semibold" data-testid="finance-interest-rate">{`${estimate.interestRateText} p.a.`}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Comparison rate*</dt>
          <dd className="font-semibold" data-testid="finance-comparison-rate">{`${estimate.comparisonRateText} p.a.`}</dd>
        </div>
        {!compact && estimate.termText ? (
          <div>
            <dt className="text-slate-600">Term</dt>
            <dd className="font-semibold">{estimate.termText}</dd>
          </div>
        ) : null}
        {!compact && estimate.totalText ? (
          <div>
            <dt className="text-slate-600">Total payable</dt>
            <dd className="font-semibold" data-testid="finance-total">{estimate.totalText}</dd>
          </div>
        ) : null}
      </dl>
      )}
      {estimate.isEnquireForFinance ? null : <FinanceDisclaimer estimate={estimate} />}
    </div>
  );
}
