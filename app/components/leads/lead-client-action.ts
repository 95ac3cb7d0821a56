/**
 * The browser side of every lead form's action (spec 4 "On failure show the returned error or
 * 'An unexpected error occured'", spec 8 "Lead submit failure"; issue 51 section 1).
 *
 * A submit that never gets the server's answer (the network fails, or something between the
 * browser and the app answers a 5xx page of its own) would otherwise go to the route's error
 * boundary and replace the page with the form and what the shopper typed. Here it becomes the
 * form's own error answer: the form stays, every value with it, and the alert (test id
 * `error-warning`) says 'An unexpected error occured'. Such a body is never shown; answers the
 * app made itself (a 503 'An unexpected error occured', a 429 with its text) pass through as
 * they are, so the server's error text is what the shopper reads.
 */
import { keepFormOnFailure, postedText } from "~/components/form-client-action";
import { UNEXPECTED_ERROR } from "~/forms/lead-form-text";
import type { LeadActionData } from "~/services/lead-forms.server";

/**
 * A route's `clientAction` for a lead form: the server's answer, or on a failed round trip an
 * error answer with status 503 (so React Router does not reload the page's data).
 * @returns the server action's data, or `{ status: "error", result }` with the posted values
 */
export const leadClientAction = keepFormOnFailure<LeadActionData>((posted) => ({
  status: "error",
  result: { status: "error", initialValue: postedText(posted), error: { "": [UNEXPECTED_ERROR] } },
}));
