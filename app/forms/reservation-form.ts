/**
 * Issue 10: the reservation form and the purchase journey's steps (spec 5 "Forms": postcode,
 * terms; spec 3 lead form fields). Server-side validation with zod; works without JavaScript.
 */
import { z } from "zod";
import { CONTACT_FIELDS, TERMS_FIELD } from "./lead-forms";
import { MAX_DB_ID, dbIdSchema } from "~/domain/db-id";

/** Test provider only: the card number field (production collects cards on Stripe's page). */
export const TEST_CARD_MESSAGE = "Please enter a card number (test cards: 4242 4242 4242 4242).";

/** The reservation form. `withCard` adds the test provider's card number field. */
export function reservationFormSchema(options: { withCard: boolean; locationRequired: boolean }) {
  return z.object({
    ...CONTACT_FIELDS,
    location_id: options.locationRequired
      ? dbIdSchema("Please choose a dealership.")
      : z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
    ...TERMS_FIELD,
    ...(options.withCard ? { card_number: z.string({ error: TEST_CARD_MESSAGE }).trim().regex(/^[\d\s-]{12,23}$/, TEST_CARD_MESSAGE) } : {}),
  });
}

/** Journey step: trade-in (spec 5 'Do You Have A Trade-In' Yes/No, with rego and km when Yes). */
export const TradeInStepSchema = z
  .object({
    has_trade_in: z.enum(["Yes", "No"], { error: "Please tell us whether you have a trade-in." }),
    trade_rego: z.string().trim().max(10, "Please use at most 10 characters.").optional(),
    trade_km: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.has_trade_in !== "Yes") return;
    if (!v.trade_rego || !/^[A-Za-z0-9 -]{2,10}$/.test(v.trade_rego)) ctx.addIssue({ code: "custom", path: ["trade_rego"], message: "Please enter your trade-in's rego (2 to 10 letters and digits)." });
    if (!v.trade_km || !/^\d{1,7}$/.test(v.trade_km.replace(/[,\s]/g, ""))) ctx.addIssue({ code: "custom", path: ["trade_km"], message: "Please enter your trade-in's odometer in km (whole number)." });
  })
  .transform((v) => ({
    has_trade_in: v.has_trade_in,
    trade_rego: v.has_trade_in === "Yes" ? v.trade_rego!.toUpperCase() : null,
    trade_km: v.has_trade_in === "Yes" ? Number(v.trade_km!.replace(/[,\s]/g, "")) : null,
  }));

/** Journey step: finance (spec 5 optional 'I'm interested in finance'). */
export const FinanceStepSchema = z.object({ interested_in_finance: z.boolean().default(false) });

/** Journey step: delivery or pickup; a delivery postcode must exist in the embedded postcode data. */
export const DeliveryStepSchema = z.discriminatedUnion("delivery_method", [
  z.object({ delivery_method: z.literal("pickup"), location_id: dbIdSchema("Please choose a dealership.") }),
  z.object({ delivery_method: z.literal("delivery"), delivery_postcode: z.string({ error: "Invalid postcode. Please enter a 4-digit number." }).trim().regex(/^\d{4}$/, "Invalid postcode. Please enter a 4-digit number.") }),
], { error: "Please choose delivery or pickup." });

/** Field name -> first message, from a zod error. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_form");
    out[key] ??= issue.message;
  }
  return out;
}

/** FormData -> plain object; checkboxes named in `booleans` become true/false. */
export function formValues(form: FormData, booleans: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  for (const b of booleans) out[b] = form.get(b) === "on" || form.get(b) === "true";
  return out;
}
