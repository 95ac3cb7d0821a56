/**
 * Request methods (RFC 9110 9.3): every route of this app, pages, resource routes (view counter,
 * brochure, sitemaps, icons), the JSON APIs and the static files, answers GET and HEAD, and those
 * with an action POST. No route takes PUT, PATCH, DELETE or any other method (the APIs are POST
 * only: app/routes/api.*). So the answer to any other method is decided here, the same for every
 * path and before React Router runs: no loader runs (an OPTIONS request counted a car view), and
 * nothing is logged as an error (React Router logged a stack trace for each).
 */
import type { MiddlewareHandler } from "hono";

/**
 * The `Allow` header of every answer below: one list for the whole app (a route without an
 * action still answers POST with its own 405), so a client learns it without a per-route table.
 */
export const ALLOWED_METHODS = "GET, HEAD, POST";

const ALLOWED = new Set(["GET", "HEAD", "POST"]);

/**
 * Answers methods other than GET, HEAD and POST without running any route:
 * - OPTIONS: `204 No Content` with `Allow: GET, HEAD, POST` (RFC 9110 9.3.7);
 * - anything else (PUT, PATCH, DELETE, TRACE, CONNECT, unknown names): `405 Method Not Allowed`
 *   with the same `Allow` header (RFC 9110 15.5.6) and a one-line text body.
 * Both are `Cache-Control: no-store`. GET, HEAD and POST go on to the next handler.
 * @param answerHeaders a middleware that adds headers to an answer after it is made (the security
 *   headers: this guard runs before the rest of the stack), run on the 204 and 405 only
 */
export function rejectUnsupportedMethods(answerHeaders?: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (ALLOWED.has(method)) return next();
    const headers = { Allow: ALLOWED_METHODS, "Cache-Control": "no-store" };
    c.res = method === "OPTIONS" ? c.body(null, 204, headers) : c.text("Method Not Allowed", 405, headers);
    await answerHeaders?.(c, async () => {});
    return c.res;
  };
}
