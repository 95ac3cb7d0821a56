/**
 * Trade-in wizard step schemas (spec 3 "Trade-in valuation" / "Valuation form": kms, regoState,
 * rego, name, phone, email, location_id, PreferredContactMethod (Phone, Email or SMS; default
 * Phone), finance (Yes or No); spec 5 field rules and messages). The server validates every
 * step with these before storing it.
 */
import { z } from "zod";
import { dbIdSchema, MAX_DB_ID } from "~/domain/db-id";
import { AU_STATES } from "~/adapters/rego-lookup/offline";
import { ADJUSTMENT_QUESTIONS, MAX_ODOMETER_KM } from "~/domain/trade-in/valuer";
import { CONTACT_FIELDS } from "./lead-forms";
import { PREFERRED_CONTACT_METHODS } from "./lead-form-text";

/** The wizard's steps, in order (one page each without JavaScript). */
export const TRADE_IN_STEPS = ["vehicle", "details", "kms", "condition", "contact", "offer", "done"] as const;
export type TradeInStep = (typeof TRADE_IN_STEPS)[number];

export const REGO_MESSAGE = "Please enter the rego as letters and numbers only (up to 9).";
export const REGO_STATE_MESSAGE = "Please choose the state the car is registered in.";
export const KMS_MESSAGE = "Please enter the kilometres on the odometer as a whole number.";

/** Step 1: rego (optional) and its state (required). Output rego: upper case, no spaces, or null. */
export const VehicleStepSchema = z.object({
  rego: z
    .string()
    .optional()
    .transform((v) => (v ?? "").toUpperCase().replace(/[\s-]+/g, ""))
    .refine((v) => v === "" || /^[A-Z0-9]{1,9}$/.test(v), REGO_MESSAGE)
    .transform((v) => (v === "" ? null : v)),
  regoState: z.enum(AU_STATES, { error: REGO_STATE_MESSAGE }),
});

/**
 * Step 2 (when the rego is unknown): the car's details. Make and model are checked against the
 * make/model reference by the action; the year is a model year from 1980 to next year.
 */
export function detailsStepSchema(now: Date) {
  const maxYear = now.getUTCFullYear() + 1;
  return z.object({
    make: z.string({ error: "Please choose the make." }).trim().min(1, "Please choose the make."),
    model: z.string({ error: "Please choose the model." }).trim().min(1, "Please choose the model."),
    year: z.coerce
      .number({ error: "Please choose the year." })
      .int("Please choose the year.")
      .min(1980, "Please choose the year.")
      .max(maxYear, "Please choose the year."),
    body: z.string({ error: "Please choose the body type." }).trim().min(1, "Please choose the body type.").max(50),
    transmission: z.enum(["Automatic", "Manual"], { error: "Please choose the transmission." }),
  });
}

/** Step 3: odometer in km; '85,000' and '85 000' are accepted. */
export const KmsStepSchema = z.object({
  kms: z
    .string({ error: KMS_MESSAGE })
    .transform((v) => v.replace(/[,\s]/g, "").replace(/km$/i, ""))
    .refine((v) => /^\d{1,7}$/.test(v) && Number(v) <= MAX_ODOMETER_KM, KMS_MESSAGE)
    .transform(Number),
});

/** Step 4: one answer id per condition question (spec 3 adjustmentAnswers). */
export const ConditionStepSchema = z.object(
  Object.fromEntries(
    ADJUSTMENT_QUESTIONS.map((q) => [q.id, z.enum(q.choices.map((c) => c.id) as [string, ...string[]], { error: `Please answer: ${q.question}` })]),
  ) as Record<string, z.ZodEnum>,
);

// Spec 3 PreferredContactMethod choices live in lead-form-text.ts (no zod for the browser, issue 15).
export { PREFERRED_CONTACT_METHODS } from "./lead-form-text";

/**
 * Step 5: contact details with the spec 5 rules (first name, Australian mobile, email), the
 * dealership picker (required when shown), preferred contact method (default Phone) and finance.
 */
export function contactStepSchema(locationShown: boolean) {
  return z.object({
    name: CONTACT_FIELDS.name,
    phone: CONTACT_FIELDS.phone,
    email: CONTACT_FIELDS.email,
    location_id: locationShown
      ? dbIdSchema("Please choose a dealership.")
      : z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
    PreferredContactMethod: z.enum(PREFERRED_CONTACT_METHODS).default("Phone"),
    finance: z.enum(["Yes", "No"], { error: "Please tell us whether you are interested in finance." }),
    /** Honeypot (DESIGN 6). */
    company_website: z.string().optional(),
  });
}

/** Step 6: the shopper's answer to the offer. */
export const OfferStepSchema = z.object({ decision: z.enum(["accept", "decline"], { error: "Please accept or decline the offer." }) });

/** Query of /cars/trade-in (spec 2.1): car_id must be a positive whole number. */
export const CarIdQuerySchema = z.object({
  car_id: dbIdSchema('"car_id" must be a car id (a whole number).'),
});

/** Reads a FormData into a plain object of strings (the zod schemas coerce). */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  return out;
}

/** zod issues -> { field: message } (first message per field; '' for form-level). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    out[key] ??= issue.message;
  }
  return out;
}
