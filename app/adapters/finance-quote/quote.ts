/**
 * Finance quote adapter (spec 7 `POST /api/youx/quote`, spec 3 "Quote: youxQuote"). The product
 * asks a quote service for a car's weekly repayment; Forecourt hides that service behind this
 * interface. The offline default prices the quote with our own repayment engine, so the feature
 * works (and is testable) without a network or credentials.
 *
 * Units: dollars, percent p.a., years.
 */
import { z } from "zod";
import { comparisonRate } from "~/domain/finance/comparison-rate";
import { ESTIMATE_ASSUMPTIONS } from "~/domain/finance/estimate";
import { calculateRepayments, type FinanceFees } from "~/domain/finance/repayments";

/** Spec 7 request body. */
export const QuoteRequestSchema = z.object({
  selfAssessedCreditScore: z.literal("GREAT"),
  /** Dollars, above 0. */
  purchasePrice: z.number().positive().max(10_000_000),
  /** Years (spec 7: 5). */
  loanTerm: z.number().min(1).max(7),
  year: z.number().int().min(1900).max(2100).nullable(),
  vin: z.string().max(32).nullable(),
  nvic: z.string().max(32).nullable(),
  /** Who helps the shopper: the dealer's name. */
  whoIsHelping: z.string().max(200),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** Spec 3 youxQuote: weeklyRepaymentAmount (dollars), advertisedRate and comparisonRate (percent p.a.). */
export const QuoteSchema = z.object({
  weeklyRepaymentAmount: z.number().nonnegative(),
  advertisedRate: z.number().nonnegative(),
  comparisonRate: z.number().nonnegative(),
});
export type FinanceQuote = z.infer<typeof QuoteSchema>;

/** A quote service. `quote` resolves null for a non-OK answer or a failure (spec 7, spec 10: ignored). */
export interface FinanceQuoteAdapter {
  quote(request: QuoteRequest): Promise<FinanceQuote | null>;
}

/**
 * Offline default: prices the request with our engine on the spec 9 estimate assumptions
 * (10.0% deposit, 30% final payment) at a fixed advertised rate for a 'GREAT' credit score.
 * @param options.ratePercent advertised rate, percent p.a. (default 7.49)
 * @param options.fees fees included in the repayment and the comparison rate (default none)
 */
export function createEngineQuoteAdapter(options: { ratePercent?: number; fees?: Partial<FinanceFees> } = {}): FinanceQuoteAdapter {
  const rate = options.ratePercent ?? 7.49;
  return {
    async quote(request) {
      const loan = {
        price: request.purchasePrice,
        deposit: Math.round(request.purchasePrice * ESTIMATE_ASSUMPTIONS.depositPercent) / 100,
        annualRatePercent: rate,
        termYears: request.loanTerm,
        balloon: { percentOfPrice: ESTIMATE_ASSUMPTIONS.balloonPercent },
        fees: options.fees,
      };
      const weekly = calculateRepayments({ ...loan, frequency: "weekly" });
      const comparison = comparisonRate({ ...loan, frequency: "monthly" });
      return { weeklyRepaymentAmount: weekly.payment, advertisedRate: rate, comparisonRate: Math.round(comparison * 100) / 100 };
    },
  };
}

/**
 * HTTP adapter for a remote quote service answering the spec 7 shape. A non-OK status, a network
 * failure or a body that is not a quote resolves null (spec 7: a non-OK response is ignored).
 * @param url the service endpoint
 */
export function createHttpQuoteAdapter(url: string, fetchImpl: typeof fetch = fetch): FinanceQuoteAdapter {
  return {
    async quote(request) {
      try {
        const res = await fetchImpl(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
        if (!res.ok) return null;
        const parsed = QuoteSchema.safeParse(await res.json());
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

let current: FinanceQuoteAdapter = createEngineQuoteAdapter();

/** The process's quote adapter (the offline engine adapter unless replaced). */
export function getFinanceQuoteAdapter(): FinanceQuoteAdapter {
  return current;
}

/** Replaces the process's quote adapter (tests, or a deployment with a real service). */
export function setFinanceQuoteAdapter(adapter: FinanceQuoteAdapter): void {
  current = adapter;
}
