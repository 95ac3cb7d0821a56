/**
 * A route `clientAction` for forms whose submit may never reach the app (issue 51 section 1,
 * spec 8 "Lead submit failure" and "Generic form submit failure"): a network failure, or
 * something between the browser and the app answering a 5xx page of its own, would otherwise go
 * to the error boundary and replace the page, and with it what the shopper typed. Here it becomes
 * the route's own error answer, built from the posted values, with status 503 (so React Router
 * does not reload the page's data). Such a body is never shown; answers the app made itself
 * (its 400, 429 or 503 with their texts) pass through as they are.
 */
import { data, isRouteErrorResponse, type ClientActionFunctionArgs } from "react-router";

/**
 * The posted text fields by name, for echoing a failed submit back into its form. React Router's
 * own fields (`__` prefix) and the names in `omit` (a card number is never echoed) are left out.
 * @param posted the submitted form
 * @param omit field names to leave out
 * @returns `{ name: value }` of the string fields (the last value of a repeated name)
 */
export function postedText(posted: FormData, omit: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of posted) if (typeof value === "string" && !name.startsWith("__") && !omit.includes(name)) values[name] = value;
  return values;
}

/**
 * @param fallback builds the route's action data from the posted form when the round trip failed
 * @returns a `clientAction` that answers the server action's data, or `fallback(posted)` with 503
 */
export function keepFormOnFailure<T>(fallback: (posted: FormData) => T) {
  return async ({ request, serverAction }: ClientActionFunctionArgs) => {
    const posted = await request
      .clone()
      .formData()
      .catch(() => new FormData());
    try {
      return await serverAction<T>();
    } catch (error) {
      // A redirect (the sign-in's, a no-JS lead's /success) and the app's own 4xx stay what they are.
      if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
      return data<T>(fallback(posted), { status: 503 });
    }
  };
}
