/**
 * The embedded trade-in valuer (spec 2.6 "Valuation wizard", spec 3 "Trade-in valuation", spec 5
 * "Trade-in estimates are generally not given for cars over 7 years old or with more than
 * 100,000 km"). Pure: the valuer adapter (app/adapters/valuer/embedded.ts) feeds it candidate
 * listings from our own stock across all sites; docs/decisions/110-embedded-trade-in-valuer.md.
 *
 * How a figure is made (all money in whole Australian dollars, odometers in km):
 * 1. Comparables: the market module's rule ({@link isComparable}: same make and model, model year
 *    within one, similar km, price above 200).
 * 2. Basis: the comparables in the shopper's state when there are at least
 *    {@link MIN_VALUATION_COMPARABLES}; otherwise all comparables nationally when there are that
 *    many; otherwise no figure ("the dealer will be in touch"). A figure is never invented.
 * 3. Retail figures of the basis: lower quartile, median and upper quartile of the asking prices
 *    (linear interpolation between sorted prices).
 * 4. Trade-in factor = the site's retail share (default {@link DEFAULT_RETAIL_SHARE}) times
 *    (1 - deduction) for every condition answer ({@link ADJUSTMENT_QUESTIONS}).
 * 5. Range = quartiles x factor, offer = median x factor, each rounded to the nearest $100.
 */
import { isComparable, type MarketListing } from "~/domain/market/comparables";
import { wholeNumberText } from "~/domain/display/number-text";

/** Fewer comparables than this (in the state, then nationally) give no figure. */
export const MIN_VALUATION_COMPARABLES = 3;
/**
 * Share of the retail asking price a dealer offers for a trade-in (reconditioning, holding cost
 * and margin come off the retail price). Default of the site config `tradeIn.retailShare`.
 */
export const DEFAULT_RETAIL_SHARE = 0.8;
/** Spec 5: no estimate for a car more than this many years old (UTC calendar year minus model year). */
export const DEFAULT_MAX_AGE_YEARS = 7;
/** Spec 5: no estimate for a car with more than this many km. */
export const DEFAULT_MAX_KM = 100_000;
/** Odometer readings accepted by the wizard, km. */
export const MAX_ODOMETER_KM = 2_000_000;

/** One answer choice of a condition question; `deduction` is a share of the value (0.05 = 5%). */
export interface AdjustmentChoice {
  id: string;
  label: string;
  deduction: number;
}
/** A condition question (spec 3 `adjustmentAnswers` carry its id and the chosen answer id). */
export interface AdjustmentQuestion {
  id: string;
  question: string;
  choices: readonly AdjustmentChoice[];
}

/** The condition questions of the wizard, each with its deductions. The first choice is the default. */
export const ADJUSTMENT_QUESTIONS: readonly AdjustmentQuestion[] = [
  {
    id: "accident-history",
    question: "Has the car been in an accident?",
    choices: [
      { id: "none", label: "No accidents", deduction: 0 },
      { id: "minor-repaired", label: "Minor accident, professionally repaired", deduction: 0.05 },
      { id: "major", label: "Major accident or written off", deduction: 0.2 },
    ],
  },
  {
    id: "service-history",
    question: "What service history does it have?",
    choices: [
      { id: "full", label: "Full service history", deduction: 0 },
      { id: "partial", label: "Partial service history", deduction: 0.03 },
      { id: "none", label: "No service history", deduction: 0.08 },
    ],
  },
  {
    id: "body-condition",
    question: "How is the body and paint?",
    choices: [
      { id: "excellent", label: "Excellent, no marks", deduction: 0 },
      { id: "minor-marks", label: "Minor scratches or stone chips", deduction: 0.02 },
      { id: "needs-repair", label: "Dents or damage needing repair", deduction: 0.07 },
    ],
  },
  {
    id: "mechanical",
    question: "Any mechanical problems or warning lights?",
    choices: [
      { id: "none", label: "None", deduction: 0 },
      { id: "known-faults", label: "Yes, known faults or warning lights", deduction: 0.1 },
    ],
  },
];

/** The shopper's answers: question id -> choice id (spec 3 `adjustmentAnswers`). */
export type AdjustmentAnswers = Record<string, string>;

/**
 * Deduction factor of the answers: the product of (1 - deduction) of each answered question.
 * Unknown question or choice ids are ignored (the wizard validates them first).
 * @returns a number in (0, 1]
 */
export function adjustmentFactor(answers: AdjustmentAnswers): number {
  let factor = 1;
  for (const q of ADJUSTMENT_QUESTIONS) {
    const choice = q.choices.find((c) => c.id === answers[q.id]);
    if (choice) factor *= 1 - choice.deduction;
  }
  return factor;
}

/** The car being valued. Year = model year; km = odometer; state = e.g. 'WA' (the rego state). */
export interface TradeInVehicle {
  make: string;
  model: string;
  year: number;
  km: number;
  state: string | null;
}

/** Site rules (SiteConfig `tradeIn`). */
export interface ValuerRules {
  maxAgeYears: number;
  maxKm: number;
  retailShare: number;
  minComparables: number;
}

export const DEFAULT_VALUER_RULES: ValuerRules = {
  maxAgeYears: DEFAULT_MAX_AGE_YEARS,
  maxKm: DEFAULT_MAX_KM,
  retailShare: DEFAULT_RETAIL_SHARE,
  minComparables: MIN_VALUATION_COMPARABLES,
};

/** Why there is no figure. */
export type NoEstimateReason = "too-old" | "too-many-km" | "too-few-comparables" | "unavailable";

/** A valuation: a figure with its basis, or the reason there is none. Dollars are whole AUD. */
export type Valuation =
  | {
      kind: "estimate";
      low: number;
      high: number;
      /** The instant offer, dollars (spec 3 `offer_price`). */
      offer: number;
      basis: { count: number; scope: "state" | "national"; state: string | null };
      /** Retail asking prices of the basis, dollars: lower quartile, median, upper quartile. */
      retail: { low: number; median: number; high: number };
      /** retailShare x adjustment factor. */
      factor: number;
      /** Which valuer made it, e.g. 'embedded-comparables'. */
      source: string;
    }
  | { kind: "no-estimate"; reason: NoEstimateReason; source: string };

/**
 * Spec 5: whether an estimate may be given for the car's age and odometer. Age is `now`'s UTC
 * calendar year minus the model year: a car exactly `maxAgeYears` old gets one, one year older
 * does not; exactly `maxKm` km gets one, one km more does not.
 * @returns null when allowed, else the reason
 */
export function estimateBlock(vehicle: Pick<TradeInVehicle, "year" | "km">, now: Date, rules: Pick<ValuerRules, "maxAgeYears" | "maxKm"> = DEFAULT_VALUER_RULES): "too-old" | "too-many-km" | null {
  if (now.getUTCFullYear() - vehicle.year > rules.maxAgeYears) return "too-old";
  if (vehicle.km > rules.maxKm) return "too-many-km";
  return null;
}

/** Quantile q (0..1) of ascending numbers, linear interpolation between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

const round100 = (dollars: number) => Math.round(dollars / 100) * 100;

/**
 * Values a trade-in from comparable listings (module comment, steps 1-5).
 * @param vehicle the shopper's car
 * @param listings candidate listings (any; non-comparables are ignored). Price whole dollars.
 * @param answers condition answers (question id -> choice id)
 * @param now current instant (age rule)
 * @returns an estimate, or no-estimate with its reason. Never throws.
 */
export function valueTradeIn(
  vehicle: TradeInVehicle,
  listings: readonly MarketListing[],
  answers: AdjustmentAnswers,
  now: Date,
  rules: ValuerRules = DEFAULT_VALUER_RULES,
): Valuation {
  const source = "embedded-comparables";
  const block = estimateBlock(vehicle, now, rules);
  if (block) return { kind: "no-estimate", reason: block, source };
  const subject: MarketListing = { id: -1, make: vehicle.make, model: vehicle.model, year: vehicle.year, km: vehicle.km, price: null, state: vehicle.state };
  const comparables = listings.filter((l) => isComparable(subject, l));
  const inState = vehicle.state === null ? [] : comparables.filter((l) => l.state?.toUpperCase() === vehicle.state!.toUpperCase());
  const useState = inState.length >= rules.minComparables;
  const basis = useState ? inState : comparables;
  if (basis.length < rules.minComparables) return { kind: "no-estimate", reason: "too-few-comparables", source };
  const prices = basis.map((l) => l.price as number).sort((a, b) => a - b);
  const retail = { low: Math.round(quantile(prices, 0.25)), median: Math.round(quantile(prices, 0.5)), high: Math.round(quantile(prices, 0.75)) };
  const factor = rules.retailShare * adjustmentFactor(answers);
  return {
    kind: "estimate",
    low: round100(quantile(prices, 0.25) * factor),
    high: round100(quantile(prices, 0.75) * factor),
    offer: round100(quantile(prices, 0.5) * factor),
    basis: { count: basis.length, scope: useState ? "state" : "national", state: useState ? vehicle.state!.toUpperCase() : null },
    retail,
    factor,
    source,
  };
}

/** The basis line shown under the range, e.g. 'Based on 7 similar cars for sale in WA'. */
export function basisText(valuation: Extract<Valuation, { kind: "estimate" }>): string {
  const n = valuation.basis.count;
  const cars = `${n} similar ${n === 1 ? "car" : "cars"} for sale`;
  return valuation.basis.scope === "state" ? `Based on ${cars} in ${valuation.basis.state}` : `Based on ${cars} across Australia`;
}

/** What the shopper is told when there is no figure. */
export function noEstimateText(reason: NoEstimateReason, rules: Pick<ValuerRules, "maxAgeYears" | "maxKm"> = DEFAULT_VALUER_RULES): string {
  const tail = "so we can't give an instant estimate online. The dealer will contact you to value it in person.";
  switch (reason) {
    case "too-old":
      return `Your car is more than ${rules.maxAgeYears} years old, ${tail}`;
    case "too-many-km":
      return `Your car has more than ${wholeNumberText(rules.maxKm)} km, ${tail}`;
    case "too-few-comparables":
      return `We don't have enough similar cars for sale to value yours fairly, ${tail}`;
    default:
      return `Our valuation service is not available right now, ${tail}`;
  }
}
