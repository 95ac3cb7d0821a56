/**
 * Lead form schemas, shared by the browser (Conform client validation) and the server (route
 * actions re-validate every field). Spec 3 "Lead payload" / "Lead form fields", spec 5 "Forms",
 * spec 8 "Invalid postcode" / "Terms not agreed" / "Form error list".
 *
 * One schema per form kind, built by {@link leadFormSchema} from serialisable options that the
 * route loader also sends to the browser, so both sides validate with exactly the same rules.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";
import { MAX_DB_ID } from "~/domain/db-id";
import { PHOTOS_MESSAGE, STEP_FIELDS } from "./lead-form-text";

// Texts the browser needs without zod (issue 15) live in lead-form-text.ts; re-exported here.
export { ERROR_LIST_HEADING, GENERIC_FORM_ERROR, PHOTOS_MESSAGE, STEP_FIELDS, UNEXPECTED_ERROR } from "./lead-form-text";

/** Spec 5 / 8: the postcode message. */
export const POSTCODE_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";
/** Spec 5 / 8: the terms message (with its leading asterisk). */
export const TERMS_MESSAGE = "*You must agree to the terms of use before submitting.";
/** Spec 4: prefilled message of an out-of-stock enquiry. */
export const SIMILAR_MESSAGE = "Can you please find me something similar?";
/** Spec 4: subcategory of an out-of-stock enquiry. */
export const SIMILAR_SUBCATEGORY = "Find me something similar";

/** Every lead form the site offers. */
export const LEAD_FORM_KINDS = ["enquiry", "test-drive", "offer", "finance", "photos", "service", "parts", "fleet", "general", "feedback", "trade-in"] as const;
export type LeadFormKind = (typeof LEAD_FORM_KINDS)[number];

/** Department a form routes to (SiteConfig leads.routing rules match on it). */
export function departmentOf(form: LeadFormKind): "sales" | "service" | "parts" {
  return form === "service" ? "service" : form === "parts" ? "parts" : "sales";
}

/** Options that change a form's rules; serialisable (sent from loader to browser). */
export interface LeadFormOptions {
  /** Spec 5: comments required by default; a tenant may relax it (SiteConfig leads.commentsRequired). */
  commentsRequired: boolean;
  /** The dealership picker (location_id) is shown, so it is required (spec 5). */
  locationShown: boolean;
  /** Category choices when the form shows a category select (required when shown, spec 5). */
  categories: string[] | null;
  /** The service booking's additional services (spec 7, SiteConfig leads.serviceOptions); null or absent: none offered. */
  additionalServices?: string[] | null;
}

/** Spec 7: an additional service that is not one the site offers. */
export const ADDITIONAL_SERVICE_MESSAGE = "Please choose from the services listed.";

const trimmed = (max: number) => z.string().trim().max(max, `Please use at most ${max} characters.`);
/** A required trimmed text field with the given message (spec 5 field rules). */
export const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, `Please use at most ${max} characters.`);

/** Spec 5: exactly 4 digits, no separators. */
export const PostcodeSchema = z.string({ error: POSTCODE_MESSAGE }).trim().regex(/^\d{4}$/, POSTCODE_MESSAGE);

/** An Australian mobile number; output is E.164 (+614XXXXXXXX). */
export const MobileSchema = z
  .string({ error: "Please enter your mobile number." })
  .trim()
  .refine((v) => isValidPhoneNumber(v, "AU") && parsePhoneNumberFromString(v, "AU")?.country === "AU", "Please enter a valid Australian mobile number.")
  .transform((v) => parsePhoneNumberFromString(v, "AU")!.number);

/** Money typed by a shopper ("$25,000", "25000.50"): whole or decimal dollars, > 0. */
export const CurrencySchema = z
  .string({ error: "Please enter your offer." })
  .trim()
  .transform((v) => v.replace(/[$,\s]/g, ""))
  .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v) && Number(v) > 0, "Please enter your offer as an amount in dollars.")
  .transform(Number);

const checkbox = z.boolean().optional().default(false);

/** Hidden fields every form carries (spec 3 "a hidden field", spec 7 userData). */
const hidden = {
  /** Client-generated UUID; the server falls back to a random one. */
  submission_key: z.string().trim().regex(/^[A-Za-z0-9-]{8,64}$/).optional(),
  /** Honeypot: humans never see or fill it (DESIGN 6). */
  company_website: z.string().optional(),
  /** A hidden field: an id outside the database's integer range is ignored, not an error (issue 16 defect 7). */
  car_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional().catch(undefined),
  subcategory: trimmed(100).optional(),
  url: trimmed(2000).optional(),
  visited_pages: trimmed(4000).optional(),
  linked_query_params: trimmed(2000).optional(),
  /** "1" when the browser runs the enhanced (fetcher) form. */
  _js: z.string().optional(),
};

const contact = {
  name: required("Please enter your first name.", 100),
  last_name: required("Please enter your last name.", 100),
  postcode: PostcodeSchema,
  phone: MobileSchema,
  email: z.string({ error: "Please enter your email address." }).trim().max(200).pipe(z.email("Please enter a valid email address.")),
};

const terms = { terms: z.boolean({ error: TERMS_MESSAGE }).refine((v) => v === true, TERMS_MESSAGE) };

/** The contact fields (spec 3 "Lead form fields", spec 5 rules), for forms outside the lead pages (reservations, the trade-in wizard). */
export const CONTACT_FIELDS = contact;
/** The required terms checkbox (spec 5 / 8). */
export const TERMS_FIELD = terms;

/**
 * The zod schema of one lead form (spec 5). Unknown fields are dropped.
 * @returns a schema whose output is the validated, normalised fields (phone in E.164, offer in dollars)
 */
export function leadFormSchema(form: LeadFormKind, options: LeadFormOptions) {
  const message = options.commentsRequired ? required("Please enter your comments.", 4000) : trimmed(4000).optional();
  const location = options.locationShown
    ? { location_id: z.coerce.number({ error: "Please choose a dealership." }).int().positive("Please choose a dealership.").max(MAX_DB_ID, "Please choose a dealership.") }
    : { location_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional().catch(undefined) };
  const category = options.categories?.length
    ? { category: z.enum(options.categories as [string, ...string[]], { error: "Please choose a category." }) }
    : {};
  const extras = {
    opt_in: checkbox,
    opt_in_finance: checkbox,
    opt_in_trade: checkbox,
    /** Spec 5 'Do You Have A Trade-In' Yes/No select. */
    has_trade_in: z.enum(["Yes", "No"]).optional(),
  };
  switch (form) {
    case "offer":
      // Spec 5: offer_from_client required; message and opt_in removed.
      return z.object({ ...hidden, ...contact, ...location, offer_from_client: CurrencySchema, ...terms });
    case "photos":
      return z.object({ ...hidden, ...contact, ...location, message: z.literal(PHOTOS_MESSAGE).default(PHOTOS_MESSAGE), opt_in: checkbox, ...terms });
    case "test-drive":
      return z.object({
        ...hidden, ...contact, ...location, ...extras,
        message: trimmed(4000).optional(),
        preferred_datetime: z.union([z.literal(""), z.iso.datetime({ local: true, error: "Please choose a valid date and time." })]).optional(),
        distribution_location: trimmed(200).optional(),
        ...terms,
      });
    case "finance":
      return z.object({ ...hidden, ...contact, ...location, ...extras, opt_in: z.boolean().optional().default(false), message, ...terms });
    case "service":
      return z.object({ ...hidden, ...contact, ...location, ...category, ...additionalServices(options), rego: trimmed(10).optional(), preferred_datetime: z.union([z.literal(""), z.iso.datetime({ local: true, error: "Please choose a valid date and time." })]).optional(), message, opt_in: checkbox, ...terms });
    case "feedback":
      return z.object({ ...hidden, ...contact, ...location, experience: z.enum(["good", "bad"], { error: "Please tell us how your experience was." }), message, opt_in: checkbox, ...terms });
    case "fleet":
      return z.object({ ...hidden, ...contact, ...location, company: trimmed(200).optional(), fleet_size: trimmed(50).optional(), message, opt_in: checkbox, ...terms });
    default:
      return z.object({ ...hidden, ...contact, ...location, ...category, ...extras, rego: trimmed(10).optional(), message, ...terms });
  }
}

/** The checked additional services (spec 7 additional_services): always an array, [] when none is ticked. */
function additionalServices(options: LeadFormOptions) {
  const offered = options.additionalServices;
  if (!offered?.length) return {};
  return { additional_services: z.array(z.enum(offered as [string, ...string[]], { error: ADDITIONAL_SERVICE_MESSAGE })).max(offered.length).default([]) };
}

export type LeadFormValues = z.output<ReturnType<typeof leadFormSchema>>;

/** Spec 7 analytics: event id for a successful enquiry. */
export function enquiryEventId(form: LeadFormKind, car: { carType: string; tag: string | null } | null): number {
  if (form === "fleet") return 19;
  if (form === "test-drive") return car?.carType === "used" ? 48 : 17;
  if (car?.tag === "Test Drive Only") return 17;
  if (car?.carType === "used") return 15;
  return 14;
}

/**
 * Schema of one step of a multi-step form (spec 4): intermediate steps check only their fields;
 * the last step checks the whole form.
 */
export function stepSchema(form: LeadFormKind, options: LeadFormOptions, step: number) {
  const full = leadFormSchema(form, options);
  if (step >= STEP_FIELDS.length - 1) return full;
  const mask = Object.fromEntries(STEP_FIELDS[step].map((k) => [k, true])) as Record<string, true>;
  return (full as z.ZodObject<z.ZodRawShape>).pick(mask);
}
