/**
 * Query of the finance pages (spec 2.1): preferredDealership, vehiclePriceBudget, car_id,
 * car_type, vin; plus the calculator's own fields when it was submitted without JavaScript
 * (price, deposit, residual, rate, term, frequency). Pure zod parsing: an invalid field is dropped
 * (the page still renders), never an error.
 */
import { z } from "zod";
import { CAR_TYPES } from "~/domain/car";
import { MAX_DB_ID } from "~/domain/db-id";
import { clampCalculatorValues, initialCalculatorValues, parseMoneyInput, type CalculatorConfig, type CalculatorValues } from "./calculator";
import { PAYMENT_FREQUENCIES } from "./repayments";

const money = z
  .string()
  .transform((s) => parseMoneyInput(s))
  .pipe(z.number().finite())
  .optional()
  .catch(undefined);
const num = z.coerce.number().finite().optional().catch(undefined);

export const FinanceQuerySchema = z.object({
  preferredDealership: z.string().regex(/^[a-z0-9-]{1,100}$/).optional().catch(undefined),
  /** Whole dollars. */
  vehiclePriceBudget: z.coerce.number().int().positive().max(10_000_000).optional().catch(undefined),
  car_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional().catch(undefined),
  car_type: z.enum(CAR_TYPES).optional().catch(undefined),
  vin: z.string().regex(/^[A-HJ-NPR-Z0-9]{5,17}$/i).optional().catch(undefined),
  price: money,
  deposit: money,
  residual: money,
  rate: num,
  term: num,
  frequency: z.enum(PAYMENT_FREQUENCIES).optional().catch(undefined),
});
export type FinanceQuery = z.infer<typeof FinanceQuerySchema>;

/**
 * Parses URL search params into a {@link FinanceQuery}; unknown or invalid fields are dropped.
 */
export function parseFinanceQuery(params: URLSearchParams): FinanceQuery {
  return FinanceQuerySchema.parse(Object.fromEntries(params));
}

/**
 * The calculator's starting values for a finance page: the submitted calculator fields when
 * present (clamped, with the purchase price message), else the car's price, else the budget,
 * else spec 9's defaults ($30,000, 5 years, the configured rate).
 * @param carPrice the chosen car's price in dollars, or null
 */
export function calculatorStartFromQuery(
  query: FinanceQuery,
  carPrice: number | null,
  config: CalculatorConfig,
): { values: CalculatorValues; message: string | null } {
  const base = initialCalculatorValues(carPrice ?? query.vehiclePriceBudget ?? null, config);
  const submitted = query.price !== undefined;
  const merged: CalculatorValues = {
    purchasePrice: query.price ?? base.purchasePrice,
    deposit: query.deposit ?? base.deposit,
    residual: query.residual ?? base.residual,
    interestRate: query.rate ?? base.interestRate,
    termYears: query.term ?? base.termYears,
    frequency: query.frequency ?? base.frequency,
  };
  const clamped = clampCalculatorValues(merged, config);
  return { values: clamped.values, message: submitted ? clamped.purchasePriceMessage : null };
}
