/**
 * Lead form texts and the multi-step field split (spec 4, 5, 8), in a module without zod so the
 * browser can render a lead form before its validation code loads (issue 15, JavaScript budget).
 * app/forms/lead-forms.ts re-exports them.
 */

/** Spec 5 / 8: heading of the error list. */
export const ERROR_LIST_HEADING = "Please fix the following errors:";
/** Spec 4 / 8: lead submit failure without a server message (spec spelling kept). */
export const UNEXPECTED_ERROR = "An unexpected error occured";
/** Spec 8: generic (non-lead) form submit failure. */
export const GENERIC_FORM_ERROR = "An error occurred when submitting this form";
/** Hidden preset text of the request-photos form (spec 5). */
export const PHOTOS_MESSAGE = "Please send me more photos of this vehicle.";

/**
 * Multi-step forms (spec 4): the fields validated on each step; the last step validates the
 * whole schema and submits. Step 1 asks for contact details, step 2 for the rest.
 */
export const STEP_FIELDS: string[][] = [["name", "last_name", "postcode", "phone", "email"], []];

/** Spec 3 PreferredContactMethod choices of the trade-in wizard; the first is the default. */
export const PREFERRED_CONTACT_METHODS = ["Phone", "Email", "SMS"] as const;
