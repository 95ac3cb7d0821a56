/**
 * Finance calculator rules (spec 5 "Finance calculator", spec 4, spec 9 "Finance"): input ranges,
 * clamping, defaults, money-input text, and the repayment the calculator shows. Pure.
 *
 * Units: money in dollars, rates in percent p.a., term in years.
 */
import { calculateRepayments, roundToCents, type FinanceFees, type PaymentFrequency, type RepaymentSchedule } from "./repayments";

/** An inclusive input range; `step` snaps values when present. */
export interface InputRange {
  min: number;
  max: number;
  step?: number;
}

/** Per-site / per-provider calculator configuration. */
export interface CalculatorConfig {
  /** Spec 5: 1,000 (5,000 for a configured provider/site) to 250,000. */
  purchasePrice: InputRange;
  /** Spec 5: 1 to 7 years, step 0.5. */
  termYears: InputRange;
  /** Spec 5: 0.5 to 15 by default (7.5-14.5 and 4-20 configured variants). */
  interestRate: InputRange;
  /** Spec 5: deposit or trade-in 0 to 250,000. */
  deposit: InputRange;
  /** Spec 5: residual 0 to 250,000. */
  residual: InputRange;
  defaults: {
    /** Spec 9: 5 years. */
    termYears: number;
    /** Spec 9: 10 (8.5 on one variant). */
    interestRate: number;
    /** Spec 9: 30,000 when the car has no price. */
    amount: number;
    /** Spec 9: 0. */
    residual: number;
    deposit: number;
    frequency: PaymentFrequency;
  };
  /** Spec 5: quick-pick amounts, dollars. */
  quickPicks: readonly number[];
  /** Fees included in the calculated repayment; none by default. */
  fees?: Partial<FinanceFees>;
}

/**
 * Spec 5 quick picks $5,000 to $70,000. The spec gives only the ends; the steps between are ours.
 */
export const DEFAULT_QUICK_PICKS: readonly number[] = [5_000, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000];
/** Spec 5: quick picks $300,000 to $800,000 for one tenant (steps ours). */
export const HIGH_VALUE_QUICK_PICKS: readonly number[] = [300_000, 400_000, 500_000, 600_000, 700_000, 800_000];

/** Spec 5 / 9 defaults. */
export const DEFAULT_CALCULATOR_CONFIG: CalculatorConfig = {
  purchasePrice: { min: 1_000, max: 250_000 },
  termYears: { min: 1, max: 7, step: 0.5 },
  interestRate: { min: 0.5, max: 15 },
  deposit: { min: 0, max: 250_000 },
  residual: { min: 0, max: 250_000 },
  defaults: { termYears: 5, interestRate: 10, amount: 30_000, residual: 0, deposit: 0, frequency: "weekly" },
  quickPicks: DEFAULT_QUICK_PICKS,
};

/** Spec 7: analytics event fired once, on the calculator's first interaction. */
export const FINANCE_CALCULATOR_EVENT_ID = 26;

/** Spec 9: a price counts as present only above 10. */
const PRICE_PRESENT_ABOVE = 10;

/**
 * Merges a partial configuration over the defaults (ranges merge field by field).
 * @example withCalculatorConfig({ purchasePrice: { min: 5_000 } }) for the 5,000-minimum variant
 */
export function withCalculatorConfig(
  overrides: {
    [K in keyof CalculatorConfig]?: CalculatorConfig[K] extends readonly number[]
      ? readonly number[]
      : Partial<NonNullable<CalculatorConfig[K]>>;
  } = {},
  base: CalculatorConfig = DEFAULT_CALCULATOR_CONFIG,
): CalculatorConfig {
  return {
    purchasePrice: { ...base.purchasePrice, ...overrides.purchasePrice },
    termYears: { ...base.termYears, ...overrides.termYears },
    interestRate: { ...base.interestRate, ...overrides.interestRate },
    deposit: { ...base.deposit, ...overrides.deposit },
    residual: { ...base.residual, ...overrides.residual },
    defaults: { ...base.defaults, ...overrides.defaults },
    quickPicks: overrides.quickPicks ?? base.quickPicks,
    fees: { ...base.fees, ...overrides.fees },
  };
}

/**
 * Clamps a number into a range and snaps it to the range's step (counted from min).
 * NaN becomes min; +/-Infinity clamp to max/min.
 * @returns a value within [min, max]
 */
export function clampToRange(value: number, range: InputRange): number {
  if (Number.isNaN(value)) return range.min;
  let clamped = Math.min(range.max, Math.max(range.min, value));
  if (range.step && range.step > 0 && Number.isFinite(clamped)) {
    const steps = Math.round((clamped - range.min) / range.step);
    clamped = Math.min(range.max, range.min + steps * range.step);
    clamped = Number(clamped.toFixed(10));
  }
  return clamped;
}

/**
 * Spec 5 / 8: the purchase price help message, {min} and the max formatted as dollars with
 * thousands separators (the spec writes the max as "$250,000", so the min uses the same form).
 * @returns e.g. "Cannot be less than $1,000 or more than $250,000"
 */
export function purchasePriceHelpMessage(range: InputRange = DEFAULT_CALCULATOR_CONFIG.purchasePrice): string {
  return `Cannot be less than ${formatMoney(range.min)} or more than ${formatMoney(range.max)}`;
}

/** A clamped input and the help message to show (null when the value was in range). */
export interface ClampedInput {
  value: number;
  message: string | null;
}

/**
 * Spec 5 purchase price rule: a value at or below zero (or not a number) becomes 0; a value
 * below the minimum or above the maximum is clamped to it; every out-of-range value (0 included)
 * shows the help message.
 * @param value dollars as typed
 * @returns the price to use (dollars) and the message or null
 */
export function clampPurchasePrice(value: number, config: CalculatorConfig = DEFAULT_CALCULATOR_CONFIG): ClampedInput {
  const range = config.purchasePrice;
  const message = purchasePriceHelpMessage(range);
  if (Number.isNaN(value) || value <= 0) return { value: 0, message };
  if (value < range.min) return { value: range.min, message };
  if (value > range.max) return { value: range.max, message };
  return { value, message: null };
}

/** The calculator's inputs (dollars, percent p.a., years). */
export interface CalculatorValues {
  purchasePrice: number;
  deposit: number;
  residual: number;
  interestRate: number;
  termYears: number;
  frequency: PaymentFrequency;
}

/**
 * Spec 9 defaults: the car's price when present (above $10, clamped to the price range), else
 * $30,000; term 5 years; rate: the site provider's rate for the car when it has one (issue 17,
 * decision 171: the calculator starts at the rate the card and teaser show), clamped into the
 * rate range, else 10 (or the configured default); deposit and residual 0.
 * @param price the car's price in dollars, or null
 * @param providerRate the site's finance provider's interest rate for this car, percent p.a., or null
 */
export function initialCalculatorValues(
  price: number | null | undefined,
  config: CalculatorConfig = DEFAULT_CALCULATOR_CONFIG,
  providerRate: number | null = null,
): CalculatorValues {
  const d = config.defaults;
  const purchasePrice =
    price != null && price > PRICE_PRESENT_ABOVE ? clampPurchasePrice(price, config).value : d.amount;
  return {
    purchasePrice,
    deposit: d.deposit,
    residual: d.residual,
    interestRate:
      providerRate !== null && Number.isFinite(providerRate) && providerRate > 0
        ? Math.min(Math.max(providerRate, config.interestRate.min), config.interestRate.max)
        : d.interestRate,
    termYears: d.termYears,
    frequency: d.frequency,
  };
}

/**
 * Clamps every input to its configured range (spec 5: "other inputs are clamped to their min and
 * max"): purchase price per {@link clampPurchasePrice}, term snapped to 0.5 years.
 * @returns the clamped values and the purchase price message (null when in range)
 */
export function clampCalculatorValues(
  values: CalculatorValues,
  config: CalculatorConfig = DEFAULT_CALCULATOR_CONFIG,
): { values: CalculatorValues; purchasePriceMessage: string | null } {
  const price = clampPurchasePrice(values.purchasePrice, config);
  return {
    values: {
      purchasePrice: price.value,
      deposit: clampToRange(values.deposit, config.deposit),
      residual: clampToRange(values.residual, config.residual),
      interestRate: clampToRange(values.interestRate, config.interestRate),
      termYears: clampToRange(values.termYears, config.termYears),
      frequency: values.frequency,
    },
    purchasePriceMessage: price.message,
  };
}

/** What the calculator shows. */
export interface CalculatorResult {
  /** The inputs after clamping (deposit at most the price, residual at most the amount financed). */
  values: CalculatorValues;
  purchasePriceMessage: string | null;
  schedule: RepaymentSchedule;
}

/**
 * Clamps the inputs and prices the loan with the engine. Money is taken to the cent; a deposit
 * above the price is capped at the price and a residual above the amount financed is capped at
 * it, so the calculator never throws on user input.
 * @returns the clamped values, the purchase price message and the repayment schedule (dollars)
 */
export function calculateFinanceCalculator(
  input: CalculatorValues,
  config: CalculatorConfig = DEFAULT_CALCULATOR_CONFIG,
): CalculatorResult {
  const clamped = clampCalculatorValues(input, config);
  const { purchasePriceMessage } = clamped;
  // Money to the cent first, so the caps below compare exactly what the engine will compare.
  const purchasePrice = roundToCents(clamped.values.purchasePrice);
  const deposit = Math.min(roundToCents(clamped.values.deposit), purchasePrice);
  const fees = config.fees ?? {};
  const financedFees = (fees.establishmentFee ?? 0) + (fees.agencyFee ?? 0) + (fees.securityRegistrationFee ?? 0);
  const residual = Math.min(roundToCents(clamped.values.residual), roundToCents(purchasePrice - deposit + financedFees));
  const effective = { ...clamped.values, purchasePrice, deposit, residual };
  const schedule = calculateRepayments({
    price: effective.purchasePrice,
    deposit,
    annualRatePercent: effective.interestRate,
    termYears: effective.termYears,
    frequency: effective.frequency,
    balloon: { dollars: residual },
    fees,
  });
  return { values: effective, purchasePriceMessage, schedule };
}

/**
 * Money input text: thousands separators, no $ (the input shows a $ prefix), whole dollars.
 * @returns e.g. 30000 -> "30,000"; NaN -> ""
 */
export function formatMoneyInput(dollars: number): string {
  if (!Number.isFinite(dollars)) return "";
  return String(Math.round(dollars)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Parses money input text: ignores "$", commas and spaces.
 * @returns dollars, or NaN when nothing numeric was typed (clamping turns NaN into 0 / min)
 */
export function parseMoneyInput(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (cleaned === "" || !/^-?\d*\.?\d+$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** "$1,000" */
function formatMoney(dollars: number): string {
  return `$${formatMoneyInput(dollars)}`;
}
