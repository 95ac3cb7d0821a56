import type { AnalyticsParams } from "~/components/analytics";
import type { CalculatorConfig, CalculatorValues } from "~/domain/finance/calculator";
import type { FinanceEstimateView } from "~/domain/finance/estimate-view";
import { island } from "~/components/island";
import { FinanceEstimate } from "./finance-estimate";

/**
 * The calculator sits in a closed disclosure: its JavaScript (the calculator and its slider, about
 * 11 KB gzip) loads when the shopper opens it (decision 186). Without JavaScript, or until then,
 * the form submits to the finance page.
 */
const FinanceCalculator = island("finance-calculator", () => import("./finance-calculator").then((m) => m.FinanceCalculator));

/** Everything the VDP finance panel needs, computed on the server (see `financePanelFor`). */
export interface FinancePanelData {
  /** Spec 5 estimate, null when hidden. */
  estimate: FinanceEstimateView | null;
  calculator: { config: CalculatorConfig; initial: CalculatorValues };
  /** The finance link (app/domain/finance/link.ts). */
  financeHref: string;
  /** The finance page path, where the calculator submits without JavaScript. */
  financePath: string;
  carId: number;
  inStock: boolean;
  eventParams: AnalyticsParams;
}


/**
 * VDP finance panel (spec 2.4 "finance panel", "Finance weekly teaser and finance calculator",
 * spec 5): the weekly teaser (estimate) and the calculator in a disclosure (one estimate; the
 * personal quote is on the personalised finance page). The 'Finance Enquiry' button (`financeHref`) sits with the VDP's other buttons.
 * @param showEstimate false when the page already shows the estimate as a teaser near the price
 *   (the VDP, issue 17). Default true.
 */
export function FinancePanel({ data, showEstimate = true }: { data: FinancePanelData; showEstimate?: boolean }) {
  if (!data.inStock) return null;
  return (
    <section aria-labelledby="finance-panel-title" className="mt-4 space-y-3" data-testid="finance-panel">
      <h2 id="finance-panel-title" className="text-lg font-semibold">
        Finance
      </h2>
      {showEstimate && data.estimate ? <FinanceEstimate estimate={data.estimate} /> : null}
      <details className="rounded border border-slate-200 p-3" id="finance-calculator">
        <summary className="cursor-pointer font-medium">Calculate your repayments</summary>
        <div className="mt-3">
          <FinanceCalculator
            config={data.calculator.config}
            initial={data.calculator.initial}
            action={`${data.financePath}#finance-calculator`}
            hidden={{ car_id: String(data.carId) }}
            eventParams={data.eventParams}
          />
        </div>
      </details>
    </section>
  );
}
