/**
 * Amortising car-loan repayment engine (spec 5 "Finance calculator", spec 9 "Finance").
 * Pure: no I/O, no clock, no locale.
 *
 * Units: every money input and output is in Australian dollars as a number that carries at most
 * two decimals (cents); internally the engine works in integer cents so sums never pick up
 * floating-point dust. Rates are percent per annum (6.29 means 6.29% p.a.). Terms are years and
 * may be fractional (5.5).
 *
 * Conventions (why they are what they are):
 * - Payments per year are 52 / 26 / 12 (spec 9) and the rate per period is the annual rate divided
 *   by that number, the nominal convention dealer calculators use. The number of payments is
 *   `termYears x paymentsPerYear`, rounded to the nearest whole payment.
 * - Payments are made in arrears (one period after the credit is provided).
 * - The balloon (residual) is a lump sum paid together with the last regular payment.
 * - Up-front fees (establishment, agency, security registration) are financed: added to the
 *   principal. The monthly admin fee is charged with every payment (see {@link periodicFeePerPayment}).
 *
 * Rounding rule (tested):
 * 1. The regular repayment is the exact annuity payment rounded to the nearest cent, half up
 *    (584.0380 -> 584.04; 456.0016 -> 456.00), as a shopper's own calculation gives.
 * 2. The final regular payment is adjusted so that the loan, accruing interest at full precision,
 *    is repaid exactly; it is rounded to the nearest cent (half up). It differs from the regular
 *    payment by the accumulated rounding, at most half a cent per payment plus interest on it.
 * 3. If rounding up in step 1 would over-recover by more than the whole final payment (only when a
 *    payment is a few dollars or less, e.g. a tiny interest-only loan), the regular repayment is
 *    rounded down to the cent instead, so the final payment is never negative.
 * 4. Totals are exact sums of those cent amounts: total payable = (n - 1) x payment + final payment
 *    + balloon; total interest = loan repayments + balloon - principal. So payments plus balloon
 *    always equal principal plus interest to the cent.
 */

/** Spec 9: repayment frequencies. */
export const PAYMENT_FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** Spec 9 "Finance": payments per year, weekly 52, fortnightly 26, monthly 12. */
export const PAYMENTS_PER_YEAR: Readonly<Record<PaymentFrequency, number>> = {
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
};

/** Spec 9 "Finance": weekly-to-monthly factor 4.33 (weeks per month used for display conversion). */
export const WEEKLY_TO_MONTHLY_FACTOR = 4.33;

/**
 * A provider's or site's fixed loan fees (spec 9 "Finance"), all in dollars. Configured per
 * provider/site, never hard-coded by dealer.
 */
export interface FinanceFees {
  /** Dollars, charged once at settlement and financed (a credit fee). */
  establishmentFee: number;
  /**
   * Dollars, charged once and financed. A government charge (PPSR registration), so it is
   * excluded from the comparison rate (NCCP Regulations 2010 reg 100).
   */
  securityRegistrationFee: number;
  /** Dollars per month, charged with the repayments (a credit fee). */
  monthlyAdminFee: number;
  /** Dollars, charged once and financed; treated as a credit fee (dealer/broker origination). */
  agencyFee: number;
}

/** No fees at all. */
export const NO_FEES: Readonly<FinanceFees> = {
  establishmentFee: 0,
  securityRegistrationFee: 0,
  monthlyAdminFee: 0,
  agencyFee: 0,
};

/** A balloon (residual, final payment) in dollars or as a percent of the purchase price. */
export type Balloon = { dollars: number } | { percentOfPrice: number };

/** What the engine needs to price a loan. */
export interface LoanInput {
  /** Purchase price, dollars, >= 0. */
  price: number;
  /** Deposit and/or trade-in, dollars, 0 <= deposit <= price. Default 0. */
  deposit?: number;
  /** Annual interest rate, percent p.a., >= 0. */
  annualRatePercent: number;
  /** Loan term in years, > 0, may be fractional (5.5). */
  termYears: number;
  frequency: PaymentFrequency;
  /** Final lump-sum payment. Default none. */
  balloon?: Balloon;
  /** Fees; missing ones are 0. */
  fees?: Partial<FinanceFees>;
}

/** The priced loan. All money in dollars to the cent. */
export interface RepaymentSchedule {
  frequency: PaymentFrequency;
  paymentsPerYear: number;
  numberOfPayments: number;
  /** Periodic rate used: annual rate / payments per year, as a fraction (0.0629 / 12). */
  periodicRate: number;
  /** Price minus deposit: the credit the borrower gets for the car. */
  amountOfCredit: number;
  /** Up-front fees added to the principal (establishment + agency + security registration). */
  financedFees: number;
  /** Amount of credit plus financed fees: the principal that accrues interest. */
  principal: number;
  /** Regular loan repayment per period, excluding the periodic fee (rounded to the cent). */
  repayment: number;
  /** Fee charged with each payment (monthly admin fee converted to this frequency). */
  periodicFee: number;
  /** Regular payment per period including the periodic fee: what the borrower pays. */
  payment: number;
  /** The last regular payment including the periodic fee (adjusted so the loan clears). */
  finalPayment: number;
  /** Lump sum due with the last payment. */
  balloon: number;
  /** Interest over the life of the loan. */
  totalInterest: number;
  /** Financed up-front fees plus all periodic fees. */
  totalFees: number;
  /** Everything the borrower pays after the deposit: all payments plus the balloon. */
  totalPayable: number;
}

/** Dollars -> integer cents, half up (to absorb binary fractions such as 1360.5 * 100). */
export function toCents(dollars: number): number {
  return Math.round(Number((dollars * 100).toFixed(6)));
}

/** Integer cents -> dollars. */
function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Rounds a dollar amount to the nearest cent, half up.
 * @param dollars any finite number of dollars
 * @returns dollars with at most two decimals, e.g. 584.0350 -> 584.04
 */
export function roundToCents(dollars: number): number {
  return fromCents(toCents(dollars));
}

/**
 * Converts a weekly amount to a monthly amount with the spec's factor 4.33 (spec 9 "Finance").
 * For display of sources that quote only a weekly figure; the engine itself prices each frequency.
 * @param weekly dollars per week
 * @returns dollars per month, rounded to the cent (half up)
 */
export function weeklyToMonthly(weekly: number): number {
  return roundToCents(weekly * WEEKLY_TO_MONTHLY_FACTOR);
}

/**
 * Converts a monthly amount to a weekly amount with the spec's factor 4.33 (spec 9 "Finance").
 * @param monthly dollars per month
 * @returns dollars per week, rounded to the cent (half up)
 */
export function monthlyToWeekly(monthly: number): number {
  return roundToCents(monthly / WEEKLY_TO_MONTHLY_FACTOR);
}

/**
 * Number of payments for a term (spec 9: 52 / 26 / 12 per year).
 * @param termYears years, > 0, may be fractional
 * @returns termYears x payments per year, rounded to the nearest whole payment
 * @throws RangeError when the term is not finite and positive or gives fewer than one payment
 */
export function numberOfPayments(termYears: number, frequency: PaymentFrequency): number {
  if (!Number.isFinite(termYears) || termYears <= 0) {
    throw new RangeError(`termYears must be a positive number of years, got ${termYears}`);
  }
  const n = Math.round(termYears * PAYMENTS_PER_YEAR[frequency]);
  if (n < 1) throw new RangeError(`termYears ${termYears} gives no ${frequency} payment`);
  return n;
}

/**
 * The monthly admin fee expressed per payment: monthly x 12 / payments per year, rounded to the
 * cent (monthly: unchanged; weekly: $8 -> $1.85; fortnightly: $8 -> $3.69).
 * @param monthlyFee dollars per month, >= 0
 * @returns dollars per payment
 */
export function periodicFeePerPayment(monthlyFee: number, frequency: PaymentFrequency): number {
  assertMoney("monthlyAdminFee", monthlyFee);
  return roundToCents((monthlyFee * 12) / PAYMENTS_PER_YEAR[frequency]);
}

/**
 * The exact (unrounded) level payment that amortises `principal` over `n` periods at
 * `periodicRate`, leaving `balloon` to be paid with the last payment:
 * PMT = (P - B / (1+i)^n) x i / (1 - (1+i)^-n), or (P - B) / n when i = 0.
 * @param principal dollars
 * @param periodicRate fraction per period (0.0629 / 12)
 * @param n number of payments, >= 1
 * @param balloon dollars, default 0
 * @returns dollars per period, full precision
 */
export function annuityPayment(principal: number, periodicRate: number, n: number, balloon = 0): number {
  if (periodicRate === 0) return (principal - balloon) / n;
  const discount = Math.pow(1 + periodicRate, -n);
  return ((principal - balloon * discount) * periodicRate) / -compoundGrowth(periodicRate, -n);
}

/**
 * (1+i)^k - 1, from i itself. At a rate of a few basis points, 1 + i loses the low digits of i and
 * subtracting 1 afterwards leaves about 11 significant digits: on a $250,000 balance that is
 * thousandths of a cent, enough to round the final payment the wrong way.
 */
function compoundGrowth(i: number, k: number): number {
  return Math.expm1(k * Math.log1p(i));
}

/**
 * Resolves a {@link Balloon} to dollars for a price.
 * @returns dollars to the cent (percent of price rounded half up)
 * @throws RangeError when the amount or percent is negative or not finite, or the percent is over 100
 */
export function balloonDollars(balloon: Balloon | undefined, price: number): number {
  if (!balloon) return 0;
  if ("dollars" in balloon) {
    assertMoney("balloon", balloon.dollars);
    return roundToCents(balloon.dollars);
  }
  const percent = balloon.percentOfPrice;
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`balloon percentOfPrice must be between 0 and 100, got ${percent}`);
  }
  return roundToCents((price * percent) / 100);
}

/** Fees with every field present; throws RangeError on a negative or non-finite fee. */
export function resolveFees(fees: Partial<FinanceFees> | undefined): FinanceFees {
  const resolved: FinanceFees = { ...NO_FEES, ...fees };
  for (const [name, value] of Object.entries(resolved)) assertMoney(name, value);
  return resolved;
}

/**
 * Prices an amortising loan (spec 5 "Finance calculator", spec 9 "Finance").
 *
 * @param input price, deposit/trade-in and balloon in dollars; rate in percent p.a.; term in years;
 *   frequency weekly/fortnightly/monthly; fees in dollars (see {@link FinanceFees}).
 * @returns the {@link RepaymentSchedule}, money in dollars to the cent, rounded per the module's
 *   rounding rule (regular payment rounded to the nearest cent, final payment adjusted).
 * @throws RangeError when a money value is negative or not finite, the deposit exceeds the price,
 *   the rate is negative or not finite, the term gives no payment, or the balloon exceeds the
 *   principal.
 * @example $30,000 over 5 years at 6.29% monthly, no fees: payment 584.04, 60 payments.
 */
export function calculateRepayments(input: LoanInput): RepaymentSchedule {
  const { price, annualRatePercent, termYears, frequency } = input;
  const deposit = input.deposit ?? 0;
  assertMoney("price", price);
  assertMoney("deposit", deposit);
  if (deposit > price) throw new RangeError(`deposit ${deposit} exceeds price ${price}`);
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) {
    throw new RangeError(`annualRatePercent must be a non-negative number, got ${annualRatePercent}`);
  }
  const fees = resolveFees(input.fees);
  const n = numberOfPayments(termYears, frequency);
  const paymentsPerYear = PAYMENTS_PER_YEAR[frequency];
  const periodicRate = annualRatePercent / 100 / paymentsPerYear;

  const creditCents = toCents(price) - toCents(deposit);
  const financedFeesCents =
    toCents(fees.establishmentFee) + toCents(fees.agencyFee) + toCents(fees.securityRegistrationFee);
  const principalCents = creditCents + financedFeesCents;
  const balloonCents = toCents(balloonDollars(input.balloon, price));
  if (balloonCents > principalCents) {
    throw new RangeError(`balloon ${fromCents(balloonCents)} exceeds the principal ${fromCents(principalCents)}`);
  }
  const feeCents = toCents(periodicFeePerPayment(fees.monthlyAdminFee, frequency));

  const principal = fromCents(principalCents);
  const balloon = fromCents(balloonCents);
  const exact = annuityPayment(principal, periodicRate, n, balloon);
  let repaymentCents = toCents(exact);
  let finalRepaymentCents = toCents(finalRepayment(principal, periodicRate, n, balloon, fromCents(repaymentCents)));
  if (finalRepaymentCents < 0) {
    repaymentCents = Math.floor(Number((exact * 100).toFixed(6)));
    finalRepaymentCents = toCents(finalRepayment(principal, periodicRate, n, balloon, fromCents(repaymentCents)));
  }

  const loanRepaidCents = repaymentCents * (n - 1) + finalRepaymentCents + balloonCents;
  const totalInterestCents = loanRepaidCents - principalCents;
  const totalFeesCents = financedFeesCents + feeCents * n;

  return {
    frequency,
    paymentsPerYear,
    numberOfPayments: n,
    periodicRate,
    amountOfCredit: fromCents(creditCents),
    financedFees: fromCents(financedFeesCents),
    principal,
    repayment: fromCents(repaymentCents),
    periodicFee: fromCents(feeCents),
    payment: fromCents(repaymentCents + feeCents),
    finalPayment: fromCents(finalRepaymentCents + feeCents),
    balloon,
    totalInterest: fromCents(totalInterestCents),
    totalFees: fromCents(totalFeesCents),
    totalPayable: fromCents(loanRepaidCents + feeCents * n),
  };
}

/**
 * The last regular repayment that clears the loan exactly, given n - 1 payments of `repayment`:
 * B(n-1) x (1+i) - balloon, where B(n-1) = P(1+i)^(n-1) - PMT x ((1+i)^(n-1) - 1) / i.
 * Rounded to the nearest cent (half up); negative when the regular payments over-recover.
 */
function finalRepayment(principal: number, i: number, n: number, balloon: number, repayment: number): number {
  const k = n - 1;
  const growthLessOne = compoundGrowth(i, k);
  const balanceBeforeLast =
    i === 0 ? principal - repayment * k : principal + principal * growthLessOne - (repayment * growthLessOne) / i;
  return roundToCents(balanceBeforeLast * (1 + i) - balloon);
}

function assertMoney(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative number of dollars, got ${value}`);
  }
}
