/**
 * Finance estimate shown on car cards and the VDP (spec 5 "Finance estimate display", spec 4
 * "Finance payment", spec 9 "Finance"), and the lender data our engine produces for demo sites.
 * Pure: the current year and all exclusions come in as arguments.
 *
 * Units: prices and payments in dollars, rates in percent p.a.
 */
import { isInStock, type Car, type FinanceLenderData } from "~/domain/car";
import { COMPARISON_RATE_BENCHMARK, comparisonRate } from "./comparison-rate";
import { COMPARISON_RATE_WARNING } from "./disclosure-text";
import {
  calculateRepayments,
  resolveFees,
  roundToCents,
  type FinanceFees,
  type PaymentFrequency,
} from "./repayments";

/** Spec 5: the display-rule types of finance providers. */
export const FINANCE_PROVIDER_TYPES = ["A", "B", "C", "D", "E", "F", "G"] as const;
export type FinanceProviderType = (typeof FINANCE_PROVIDER_TYPES)[number];

/**
 * Config: provider key (as in `car.financeLenders` and the site's `finance_provider`, e.g.
 * "manual", "angle", "powertorque", a manufacturer's own finance) -> its display-rule type.
 */
export type FinanceProviderTypeMap = Readonly<Record<string, FinanceProviderType>>;

/** Spec 9: eligibility needs a price above $500. */
export const FINANCE_MIN_PRICE = 500;
/** Spec 9: provider type A only for cars under 12 years old. */
export const FINANCE_TYPE_A_MAX_AGE_YEARS = 12;
/** Spec 4 / 9: a payment at or below $25 reads 'Enquire for Finance'. */
export const FINANCE_MIN_PAYMENT = 25;
export const ENQUIRE_FOR_FINANCE = "Enquire for Finance";
/** Spec 8: a missing finance rate shows '-'. */
export const MISSING_FINANCE_VALUE = "-";

/** The site's finance configuration (from site config; never keyed by dealer in code). */
export interface FinanceEstimateConfig {
  /** The site's finance provider key, looked up in `car.financeLenders`. */
  provider: string;
  providerTypes: FinanceProviderTypeMap;
  /** Makes whose cars never show an estimate (case-insensitive). */
  excludedManufacturers: readonly string[];
  /** Site slugs or templates that never show an estimate. */
  excludedSites: readonly string[];
  /** Dealership (location) ids or slugs that never show an estimate. */
  excludedDealerships: readonly (number | string)[];
}

/** The site as far as the estimate rules need it. */
export interface FinanceEstimateSite {
  slug: string;
  template?: string | null;
}

export type FinanceEstimateCar = Pick<Car, "make" | "year" | "price" | "status" | "financeLenders" | "location">;

/** Why an estimate is hidden; null from {@link financeEstimateHiddenReason} means it is shown. */
export type FinanceEstimateHiddenReason =
  | "no-lender-data"
  | "missing-rate"
  | "excluded-manufacturer"
  | "excluded-site"
  | "excluded-dealership"
  | "unknown-provider-type"
  | "not-in-stock"
  | "price-not-above-500"
  | "car-too-old"
  | "no-weekly-payment"
  | "no-monthly-payment";

/**
 * The site provider's lender data for a car, or null when absent or empty (spec 5).
 * @returns the {@link FinanceLenderData} object from `car.financeLenders[provider]`
 */
export function selectLenderData(
  car: Pick<Car, "financeLenders">,
  provider: string,
): FinanceLenderData | null {
  const data = Object.hasOwn(car.financeLenders ?? {}, provider) ? car.financeLenders[provider] : undefined;
  if (!data || Object.keys(data).length === 0) return null;
  return data;
}

/**
 * Applies the spec 5 "Finance estimate display" rules in order and says why the estimate is hidden.
 * Common rules: the provider's lender data exists and is non-empty; interestRate and
 * comparisonRate are not null; the make, site and dealership are not excluded. Then per type:
 * A: year within the last 12 years (age = currentYear - year < 12), price > 500, in stock,
 *    comparison rate present; B, C: in stock; D, E, F: price > 500, in stock, weekly payment
 *    present; G: price > 500, in stock, monthly payment present.
 * @param currentYear the calendar year now (passed in to keep the rule pure)
 * @returns null when the estimate is shown, otherwise the first failing rule
 */
export function financeEstimateHiddenReason(
  car: FinanceEstimateCar,
  site: FinanceEstimateSite,
  config: FinanceEstimateConfig,
  currentYear: number,
): FinanceEstimateHiddenReason | null {
  const data = selectLenderData(car, config.provider);
  if (!data) return "no-lender-data";
  if (data.interestRate == null || data.comparisonRate == null) return "missing-rate";
  const make = car.make.trim().toLowerCase();
  if (config.excludedManufacturers.some((m) => m.trim().toLowerCase() === make)) return "excluded-manufacturer";
  if (config.excludedSites.some((s) => s === site.slug || (site.template != null && s === site.template))) {
    return "excluded-site";
  }
  const location = car.location;
  if (location && config.excludedDealerships.some((d) => d === location.id || d === location.slug)) {
    return "excluded-dealership";
  }
  const type = Object.hasOwn(config.providerTypes, config.provider) ? config.providerTypes[config.provider] : undefined;
  if (!type) return "unknown-provider-type";

  if (!isInStock(car)) return "not-in-stock";
  if (type === "B" || type === "C") return null;
  if (!(car.price != null && car.price > FINANCE_MIN_PRICE)) return "price-not-above-500";
  switch (type) {
    case "A":
      if (car.year == null || currentYear - car.year >= FINANCE_TYPE_A_MAX_AGE_YEARS) return "car-too-old";
      return null; // comparison rate presence is already required above
    case "D":
    case "E":
    case "F":
      return isPresent(data.paymentWeek) ? null : "no-weekly-payment";
    case "G":
      return isPresent(data.paymentMonth) ? null : "no-monthly-payment";
  }
}

/**
 * Spec 5: whether the finance estimate is shown for a car on a site.
 * @returns true when {@link financeEstimateHiddenReason} finds no failing rule
 */
export function shouldShowFinanceEstimate(
  car: FinanceEstimateCar,
  site: FinanceEstimateSite,
  config: FinanceEstimateConfig,
  currentYear: number,
): boolean {
  return financeEstimateHiddenReason(car, site, config, currentYear) === null;
}

/**
 * Formats a rate (interest or comparison) for display: 2 decimals and a % sign (spec 5), or '-'
 * when missing (spec 8).
 * @param ratePercent percent p.a. or null
 * @returns e.g. "8.19%" or "-"
 */
export function formatFinanceRate(ratePercent: number | null | undefined): string {
  if (ratePercent == null || !Number.isFinite(ratePercent)) return MISSING_FINANCE_VALUE;
  return `${ratePercent.toFixed(2)}%`;
}

/**
 * Formats dollars rounded to whole dollars (half up) with thousands separators: 1234.5 -> "$1,235".
 * Locale-independent on purpose (server and browser render the same text).
 */
export function formatWholeDollars(dollars: number): string {
  const whole = Math.round(dollars);
  const sign = whole < 0 ? "-" : "";
  return `${sign}$${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/** A payment as displayed (spec 4 "Finance payment", spec 5). */
export interface FinancePaymentDisplay {
  /** "$135", "Enquire for Finance" or "-". */
  payment: string;
  /** "$35,123", "" when the payment is $25 or less, or "-" when missing. */
  total: string;
  /** True when the payment reads 'Enquire for Finance'. */
  isEnquireForFinance: boolean;
}

/**
 * Display text for a weekly or monthly payment and its total payable (spec 4, 5, 9):
 * payments are rounded to whole dollars; a payment at or below $25 (compared before rounding)
 * reads 'Enquire for Finance' with a blank total; a missing value shows '-'.
 * @param payment dollars per period or null
 * @param totalPayable dollars or null (also shown in whole dollars)
 */
export function formatFinancePayment(
  payment: number | null | undefined,
  totalPayable: number | null | undefined,
): FinancePaymentDisplay {
  const total = isPresent(totalPayable) ? formatWholeDollars(totalPayable) : MISSING_FINANCE_VALUE;
  if (!isPresent(payment)) return { payment: MISSING_FINANCE_VALUE, total, isEnquireForFinance: false };
  if (payment <= FINANCE_MIN_PAYMENT) return { payment: ENQUIRE_FOR_FINANCE, total: "", isEnquireForFinance: true };
  return { payment: formatWholeDollars(payment), total, isEnquireForFinance: false };
}

/**
 * The repayment frequency an estimate leads with for a provider type (spec 5): type G (a
 * manufacturer's own finance) needs its monthly payment, so it leads monthly; the others weekly.
 * The estimate's figure, its label, its total payable and its disclaimer all use this frequency.
 * @returns "monthly" for G, else "weekly"
 */
export function estimateFrequencyFor(providerType: FinanceProviderType): "weekly" | "monthly" {
  return providerType === "G" ? "monthly" : "weekly";
}

/** Spec 9 "Finance": the finance estimate assumptions. */
export const ESTIMATE_ASSUMPTIONS = {
  termYears: 5,
  depositPercent: 10,
  /** Final (balloon) payment, percent of price, used for the comparison rate. */
  balloonPercent: 30,
} as const;

/** Inputs of {@link buildLenderData}: the provider's rate and fees, the rest defaulting to spec 9. */
export interface LenderDataAssumptions {
  /** Percent p.a. */
  annualRatePercent: number;
  /** Default 5. */
  termYears?: number;
  /** Percent of price, default 10. */
  depositPercent?: number;
  /** Final payment, percent of price, default 30. */
  balloonPercent?: number;
  fees?: Partial<FinanceFees>;
  /**
   * Loan the comparison rate is computed on (decision 021): "benchmark" (default) prices a
   * $30,000 car on the same deposit, term, balloon and fees, so every car of a provider shows the
   * advertised benchmark rate (reg 100, $30,000 over 5 years); "example" uses the car's own price,
   * which for cheap cars lets fixed fees dominate the rate.
   */
  comparisonBasis?: "benchmark" | "example";
  /** Frequency on which the comparison rate is computed; default monthly (reg 100 n = 12). */
  comparisonFrequency?: PaymentFrequency;
  /**
   * The frequency the estimate shows ({@link estimateFrequencyFor} of the provider type): the
   * total payable and the disclaimer are worked out and worded in it. Default weekly.
   */
  frequency?: "weekly" | "monthly";
  /** Replaces the generated disclaimer (the comparison-rate warning is appended either way). */
  disclaimer?: string;
}

/**
 * Produces a car's lender data from our engine (spec 3 "Finance", spec 9): the estimate example
 * is the car's price less a 10.0% deposit, over 5 years, with a 30% final payment; the same
 * example gives the weekly and monthly payments and the total payable; the comparison rate is
 * computed on the $30,000 benchmark car with the same assumptions (or the car's own example,
 * see `comparisonBasis`).
 *
 * @param price dollars, > 0
 * @returns FinanceLenderData with interestRate (percent, as given), comparisonRate (percent,
 *   rounded to 2 decimals), paymentWeek and paymentMonth (whole dollars, rounded half up, as the
 *   type documents), deposit, balloon, establishmentFees (establishment + agency fee) and
 *   totalPayable (the example in `assumptions.frequency`, default weekly, includes balloon and
 *   fees) in dollars to the cent, termYears/Months/Weeks, and a disclaimer in that frequency
 *   that names the fees (or says there are none) and ends with the comparison-rate warning.
 *   term{N} keys are not produced.
 * @throws RangeError when the price is not a positive number, or for invalid rates, fees or
 *   percentages (as `calculateRepayments`)
 */
export function buildLenderData(price: number, assumptions: LenderDataAssumptions): FinanceLenderData {
  if (!Number.isFinite(price) || price <= 0) throw new RangeError(`price must be a positive number, got ${price}`);
  const termYears = assumptions.termYears ?? ESTIMATE_ASSUMPTIONS.termYears;
  const depositPercent = assumptions.depositPercent ?? ESTIMATE_ASSUMPTIONS.depositPercent;
  const balloonPercent = assumptions.balloonPercent ?? ESTIMATE_ASSUMPTIONS.balloonPercent;
  if (!Number.isFinite(depositPercent) || depositPercent < 0 || depositPercent > 100) {
    throw new RangeError(`depositPercent must be between 0 and 100, got ${depositPercent}`);
  }
  const fees = resolveFees(assumptions.fees);
  const deposit = roundToCents((price * depositPercent) / 100);
  const loan = {
    price,
    deposit,
    annualRatePercent: assumptions.annualRatePercent,
    termYears,
    balloon: { percentOfPrice: balloonPercent },
    fees,
  };
  const weekly = calculateRepayments({ ...loan, frequency: "weekly" });
  const monthly = calculateRepayments({ ...loan, frequency: "monthly" });
  const comparisonLoan =
    (assumptions.comparisonBasis ?? "benchmark") === "benchmark"
      ? { ...loan, price: COMPARISON_RATE_BENCHMARK.amount, deposit: roundToCents((COMPARISON_RATE_BENCHMARK.amount * depositPercent) / 100) }
      : loan;
  const comparison = roundTo2(comparisonRate({ ...comparisonLoan, frequency: assumptions.comparisonFrequency ?? "monthly" }));
  const establishmentFees = roundToCents(fees.establishmentFee + fees.agencyFee);
  const frequency = assumptions.frequency ?? "weekly";
  const example = frequency === "weekly" ? weekly : monthly;

  // Reg 100: fees are what lift the comparison rate above the interest rate, so the text says
  // which ones are in it, or that there are none (then the two rates are equal on purpose).
  const generated =
    `Estimated ${frequency} repayments are based on a ${termYears} year secured loan at ${assumptions.annualRatePercent}% p.a. ` +
    `(comparison rate ${comparison.toFixed(2)}% p.a.${(assumptions.comparisonBasis ?? "benchmark") === "benchmark" ? ` based on a $30,000 car over ${termYears} years` : ""}), a ${depositPercent}% deposit of ${formatCents(deposit)}, ` +
    `a ${balloonPercent}% final payment of ${formatCents(example.balloon)}` +
    (example.totalFees > 0 ? ` and fees of ${describeFees(fees)} included in the repayments` : ` and no establishment, account or other credit fees`) +
    `. Total payable ${formatCents(example.totalPayable)} (${frequency} repayments).`;

  return {
    interestRate: assumptions.annualRatePercent,
    comparisonRate: comparison,
    paymentWeek: Math.round(weekly.payment),
    paymentMonth: Math.round(monthly.payment),
    deposit,
    balloon: example.balloon,
    establishmentFees,
    totalPayable: example.totalPayable,
    termYears,
    termMonths: Math.round(termYears * 12),
    termWeeks: weekly.numberOfPayments,
    disclaimer: `${assumptions.disclaimer ?? generated} ${COMPARISON_RATE_WARNING}`,
  };
}

function isPresent(value: number | null | undefined): value is number {
  return value != null && Number.isFinite(value);
}

function roundTo2(value: number): number {
  return Math.round(Number((value * 100).toFixed(6))) / 100;
}

/** "$395.00 establishment and $10.00 a month": the non-zero fees of a lender, in words. */
function describeFees(fees: FinanceFees): string {
  const parts = [
    fees.establishmentFee > 0 ? `${formatCents(fees.establishmentFee)} establishment` : null,
    fees.securityRegistrationFee > 0 ? `${formatCents(fees.securityRegistrationFee)} security registration` : null,
    fees.agencyFee > 0 ? `${formatCents(fees.agencyFee)} agency` : null,
    fees.monthlyAdminFee > 0 ? `${formatCents(fees.monthlyAdminFee)} a month` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
}

/** "$9,000.00" */
function formatCents(dollars: number): string {
  const [whole, cents] = roundToCents(dollars).toFixed(2).split(".");
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}
