/** The message a shopper gets when a POST body is not a form (spec 8: a clear error, never a 500). */
export const UNREADABLE_FORM = "That form could not be read. Please try again.";

/**
 * Reads a POST body as form data (urlencoded or multipart).
 * @returns the form data.
 * @throws a 400 Response with {@link UNREADABLE_FORM} when the body is not a form (e.g. JSON,
 *   malformed multipart, or a wrong content type), so a route's action never answers 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_FORM, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
