/**
 * A finance offer's figures (issue 51, NCCP reg 100, ASIC RG 234): a promo card or offer that
 * advertises a rate says where its figures come from, so they are the site's own and always come
 * with the comparison rate and the warning. Pure; the site's lender assumptions come in.
 *
 * Units: rates in percent p.a., money in dollars.
 */
import { z } from "zod";
import type { CarType } from "~/domain/car";
import { COMPARISON_RATE_BENCHMARK } from "./comparison-rate";
import { COMPARISON_RATE_WARNING } from "./disclosure-text";
import { buildLenderData, formatFinanceRate, type LenderDataAssumptions } from "./estimate";

/**
 * Where a finance offer's figures come from (the `offers.finance` column):
 * - `lender-data`: the site's own lender data for a car type (its configured rate and fees, priced
 *   on the $30,000 / 5 year benchmark), so each site shows its own rates;
 * - `offer`: the offer's own advertised rate and comparison rate over a term.
 */
export const FinanceOfferSourceSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("lender-data"), carType: z.enum(["new", "demo", "used"]) }),
  z.object({
    source: z.literal("offer"),
    interestRate: z.number().min(0).max(30),
    comparisonRate: z.number().min(0).max(40),
    termYears: z.number().min(1).max(7),
  }),
]);
export type FinanceOfferSource = z.infer<typeof FinanceOfferSourceSchema>;

/** What a card shows of a finance offer: every field is display text. */
export interface FinanceOfferView {
  /** "Finance from 6.29% p.a." */
  headline: string;
  /** "Comparison rate 7.54% p.a.*": as prominent as the headline's rate. */
  comparisonText: string;
  /** The example the rates are true for. */
  detail: string;
  /** The reg 100 warning. */
  warning: string;
}

/**
 * Works out a finance offer's display text.
 * @param lenderAssumptions the site's generated-lender assumptions by car type
 *   (`lenderAssumptionsFor`), null where the site has none
 * @returns the view, or null when the figures cannot be had (a `lender-data` offer on a site with
 *   no lender data for that car type, or an invalid source): the card is then not shown
 */
export function financeOfferView(
  source: unknown,
  lenderAssumptions: (carType: CarType) => LenderDataAssumptions | null,
): FinanceOfferView | null {
  const parsed = FinanceOfferSourceSchema.safeParse(source);
  if (!parsed.success) return null;
  const offer = parsed.data;
  if (offer.source === "offer") {
    return view(offer.interestRate, offer.comparisonRate, `Based on a ${offer.termYears} year secured loan. Fees and charges apply; terms and conditions apply.`);
  }
  const assumptions = lenderAssumptions(offer.carType);
  if (!assumptions) return null;
  const data = buildLenderData(COMPARISON_RATE_BENCHMARK.amount, assumptions);
  return view(data.interestRate!, data.comparisonRate!, `${offer.carType[0].toUpperCase()}${offer.carType.slice(1)} cars. ${data.disclaimer!.replace(COMPARISON_RATE_WARNING, "").trim()}`);
}

function view(interestRate: number, comparisonRate: number, detail: string): FinanceOfferView {
  return {
    headline: `Finance from ${formatFinanceRate(interestRate)} p.a.`,
    comparisonText: `Comparison rate ${formatFinanceRate(comparisonRate)} p.a.*`,
    detail,
    warning: `* ${COMPARISON_RATE_WARNING}`,
  };
}
