/**
 * Comparison rate per the National Consumer Credit Protection Regulations 2010, reg 100
 * (spec 5 "Finance estimate display", spec 9 "Finance"; standards/README.md).
 *
 * The comparison rate is the annual percentage rate n x r, where r is the rate per repayment
 * period that solves
 *
 *   sum_j A_j / (1+r)^j  =  sum_j (R_j + C_j) / (1+r)^j
 *
 * with A_j the credit provided at time j, R_j the repayments and C_j the credit fees and charges
 * at time j (government charges excluded), j counted in repayment periods. n is 12 for monthly,
 * 26.09 for fortnightly and 52.18 for weekly repayments.
 *
 * Pure; rates are percent p.a. (6.29 means 6.29%), money in dollars.
 */
import {
  PAYMENTS_PER_YEAR,
  annuityPayment,
  balloonDollars,
  numberOfPayments,
  periodicFeePerPayment,
  resolveFees,
  type Balloon,
  type FinanceFees,
  type LoanInput,
  type PaymentFrequency,
} from "./repayments";

/** Reg 100: n, the number of repayment periods in a year used to annualise r. */
export const COMPARISON_RATE_PERIODS_PER_YEAR: Readonly<Record<PaymentFrequency, number>> = {
  monthly: 12,
  fortnightly: 26.09,
  weekly: 52.18,
};

/** Benchmark for car loans: $30,000 over 5 years (standards/README.md). */
export const COMPARISON_RATE_BENCHMARK = { amount: 30_000, termYears: 5 } as const;

/** One cash flow: dollars at a time measured in repayment periods from settlement (0 = settlement). */
export interface CashFlow {
  period: number;
  amount: number;
}

/** The reg 100 cash flows of a loan. */
export interface ComparisonRateCashFlows {
  frequency: PaymentFrequency;
  /** A_j: credit provided, dollars, normally one flow at period 0. */
  creditProvided: readonly CashFlow[];
  /** R_j + C_j: repayments and credit fees (no government charges), dollars. */
  outgoings: readonly CashFlow[];
}

/** Solver accuracy on the periodic rate r (fraction per period). */
const RATE_TOLERANCE = 1e-15;
const MAX_ITERATIONS = 500;

/**
 * Solves reg 100 for the periodic rate r: NPV(r) = sum outgoings v^j - sum credit v^j = 0, v = 1/(1+r).
 * Safeguarded Newton: Newton steps inside a bracket that always holds the root, falling back to
 * bisection when a step leaves it. Converges to |dr| < 1e-15 per period.
 *
 * @returns r as a fraction per repayment period (may be negative if repayments are below the credit)
 * @throws RangeError when there is no credit or no outgoing, a flow is not finite or negative, or no
 *   rate above -100% equates the two sides
 */
export function solvePeriodicRate(flows: Pick<ComparisonRateCashFlows, "creditProvided" | "outgoings">): number {
  const all = [...flows.creditProvided, ...flows.outgoings];
  for (const flow of all) {
    if (!Number.isFinite(flow.amount) || flow.amount < 0 || !Number.isFinite(flow.period) || flow.period < 0) {
      throw new RangeError(`invalid cash flow ${JSON.stringify(flow)}`);
    }
  }
  const credit = sum(flows.creditProvided);
  const outgoing = sum(flows.outgoings);
  if (credit <= 0 || outgoing <= 0) throw new RangeError("comparison rate needs credit provided and repayments");

  // f(r) = PV(outgoings) - PV(credit). With credit no later than the outgoings (the loan case)
  // f decreases in r; the bracket search below checks signs rather than assuming it.
  const f = (r: number): number => presentValue(flows.outgoings, r) - presentValue(flows.creditProvided, r);
  const df = (r: number): number => pvDerivative(flows.outgoings, r) - pvDerivative(flows.creditProvided, r);

  let lo = -0.5;
  let hi = 1;
  let fLo = f(lo);
  let fHi = f(hi);
  for (let k = 0; fLo * fHi > 0 && k < 60; k++) {
    if (Math.abs(fLo) < Math.abs(fHi)) {
      lo = -1 + (lo + 1) / 2; // approach -100% from above
      fLo = f(lo);
    } else {
      hi *= 2;
      fHi = f(hi);
    }
  }
  if (fLo === 0) return lo;
  if (fHi === 0) return hi;
  if (fLo * fHi > 0) throw new RangeError("no comparison rate equates the credit with the repayments");

  let r = 0 >= lo && 0 <= hi ? 0 : (lo + hi) / 2;
  for (let k = 0; k < MAX_ITERATIONS; k++) {
    const value = f(r);
    if (value === 0) return r;
    if (Math.sign(value) === Math.sign(fLo)) {
      lo = r;
      fLo = value;
    } else {
      hi = r;
    }
    const slope = df(r);
    let next = slope !== 0 ? r - value / slope : Number.NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - r) < RATE_TOLERANCE || hi - lo < RATE_TOLERANCE) return next;
    r = next;
  }
  return r;
}

/**
 * Reg 100 comparison rate of arbitrary cash flows.
 * @returns percent p.a. (n x r x 100), unrounded; n = 12 / 26.09 / 52.18 for the frequency
 * @throws RangeError as {@link solvePeriodicRate}
 */
export function comparisonRateOfCashFlows(flows: ComparisonRateCashFlows): number {
  return solvePeriodicRate(flows) * COMPARISON_RATE_PERIODS_PER_YEAR[flows.frequency] * 100;
}

/**
 * Builds the reg 100 cash flows of a loan priced by the engine (see `repayments.ts`):
 * - A_0 = price - deposit + security registration fee (a government charge: financed, so it is
 *   credit provided to pay it, and it is never counted as a cost);
 * - R_j = the level repayment at full precision on the principal (credit plus every financed fee),
 *   so financed credit fees (establishment, agency) raise the rate through the repayments;
 *   cent rounding of the displayed payment is presentation and is left out, so that the rate is a
 *   property of the loan terms;
 * - C_j = the periodic (monthly admin) fee as charged with each payment;
 * - the balloon at the last period.
 * @throws RangeError for invalid loans (as `calculateRepayments`) or when there is no credit
 */
export function loanComparisonRateCashFlows(input: LoanInput): ComparisonRateCashFlows {
  const { price, frequency } = input;
  const deposit = input.deposit ?? 0;
  if (!Number.isFinite(price) || !Number.isFinite(deposit) || deposit < 0 || deposit > price) {
    throw new RangeError(`invalid price ${price} or deposit ${deposit}`);
  }
  if (!Number.isFinite(input.annualRatePercent) || input.annualRatePercent < 0) {
    throw new RangeError(`annualRatePercent must be a non-negative number, got ${input.annualRatePercent}`);
  }
  const fees = resolveFees(input.fees);
  const n = numberOfPayments(input.termYears, frequency);
  const i = input.annualRatePercent / 100 / PAYMENTS_PER_YEAR[frequency];
  const creditProvided = price - deposit + fees.securityRegistrationFee;
  const principal = creditProvided + fees.establishmentFee + fees.agencyFee;
  const balloon = balloonDollars(input.balloon, price);
  if (balloon > principal) throw new RangeError(`balloon ${balloon} exceeds the principal ${principal}`);
  const repayment = annuityPayment(principal, i, n, balloon);
  const fee = periodicFeePerPayment(fees.monthlyAdminFee, frequency);

  const outgoings: CashFlow[] = [];
  for (let j = 1; j <= n; j++) outgoings.push({ period: j, amount: repayment + fee });
  if (balloon > 0) outgoings.push({ period: n, amount: balloon });
  return { frequency, creditProvided: [{ period: 0, amount: creditProvided }], outgoings };
}

/**
 * Comparison rate of a loan (reg 100; spec 5 "Finance estimate display").
 * @param input the loan as for `calculateRepayments` (dollars, percent p.a., years)
 * @returns percent p.a., unrounded (display rounds to 2 decimals). With no credit fees it equals
 *   the interest rate x n / payments per year: exactly the interest rate for monthly loans, x 26.09/26
 *   fortnightly and x 52.18/52 weekly, because the engine's periodic rate is annual / 26 or / 52.
 * @throws RangeError for an invalid loan or one with no credit provided
 */
export function comparisonRate(input: LoanInput): number {
  return comparisonRateOfCashFlows(loanComparisonRateCashFlows(input));
}

/** Options of {@link benchmarkComparisonRate}. */
export interface BenchmarkComparisonRateInput {
  /** Percent p.a. */
  annualRatePercent: number;
  fees?: Partial<FinanceFees>;
  /** Default monthly. */
  frequency?: PaymentFrequency;
  /** Default none. */
  balloon?: Balloon;
}

/**
 * The comparison rate on the car-loan benchmark: $30,000 of credit over 5 years, no deposit.
 * @returns percent p.a., unrounded
 * @throws RangeError for invalid rates or fees
 */
export function benchmarkComparisonRate(input: BenchmarkComparisonRateInput): number {
  return comparisonRate({
    price: COMPARISON_RATE_BENCHMARK.amount,
    deposit: 0,
    termYears: COMPARISON_RATE_BENCHMARK.termYears,
    annualRatePercent: input.annualRatePercent,
    frequency: input.frequency ?? "monthly",
    fees: input.fees,
    balloon: input.balloon,
  });
}

function sum(flows: readonly CashFlow[]): number {
  return flows.reduce((total, flow) => total + flow.amount, 0);
}

function presentValue(flows: readonly CashFlow[], r: number): number {
  let pv = 0;
  for (const flow of flows) pv += flow.amount * Math.pow(1 + r, -flow.period);
  return pv;
}

function pvDerivative(flows: readonly CashFlow[], r: number): number {
  let d = 0;
  for (const flow of flows) d += -flow.period * flow.amount * Math.pow(1 + r, -flow.period - 1);
  return d;
}
