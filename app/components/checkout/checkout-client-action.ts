/**
 * The browser side of the reservation (/cars/{slug}/checkout or /buy-online) and purchase journey
 * (/checkout-journey) forms: a submit that never reaches the app (a network failure, or a 5xx
 * page from something between the browser and the app) keeps the form and what the shopper
 * typed, with spec 8's 'An error occurred when submitting this form' in the form's alert,
 * instead of the route's error page (issue 51 section 1).
 */
import { keepFormOnFailure, postedText } from "~/components/form-client-action";
import { GENERIC_FORM_ERROR } from "~/forms/lead-form-text";

/** What the reservation and journey actions answer (field errors, a form-level error, the values echoed, a provider link). */
export interface CheckoutActionData {
  errors: Record<string, string>;
  formError: string | null;
  values: Record<string, unknown>;
  continueUrl: string | null;
}

/**
 * The routes' `clientAction`: the server's answer, or on a failed round trip the generic form
 * error with the posted values (never the card number; `terms` as the checkbox's state).
 */
export const checkoutClientAction = keepFormOnFailure<CheckoutActionData>((posted) => ({
  errors: {},
  formError: GENERIC_FORM_ERROR,
  values: { ...postedText(posted, ["card_number"]), terms: posted.get("terms") === "on" },
  continueUrl: null,
}));
