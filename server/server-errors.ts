/**
 * Unexpected server errors from React Router (a loader, action or render that threw) go to the
 * app's structured log (pino, server/index.ts) at error level, once each and without personal
 * data (issue 16 defect 11): React Router's own handler printed the raw error with
 * `console.error`, which held a failed query's parameters (an email address, raw bytes).
 */
import { isRouteErrorResponse } from "react-router";
import { safeError, type SafeError } from "../app/domain/logging/safe-error";

/** The part of the app logger (pino's `Logger`) used here. */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/** The message of every line written by {@link logServerError}. */
export const SERVER_ERROR_MESSAGE = "server error";

/** Stack frames kept in a log line: where it failed, not the error's message (which may hold data). */
const MAX_FRAMES = 8;

/**
 * Whether `error` is worth an error-level line: not when the client has gone away
 * (`request.signal.aborted`, logged as 499 by server/app.ts), and not for an expected answer, a
 * thrown `Response` or React Router error response below 500 (404 no route, 405 no action, 400).
 */
export function isUnexpectedServerError(error: unknown, request: Request): boolean {
  if (request.signal.aborted) return false;
  if (error instanceof Response) return error.status >= 500;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

/**
 * The log line's details for an error of `request`: the method, the path without the query
 * string (its values are what the shopper typed: emails, phone numbers), the error's
 * {@link safeError} summary and its first stack frames (only the `at ...` lines, never the
 * message lines before them). No headers, no body.
 */
export function serverErrorDetails(error: unknown, request: Request): { method: string; path: string; err: SafeError; frames?: string[] } {
  // React Router keeps the original error of an internal 5xx error response on `.error`.
  const inner = isRouteErrorResponse(error) && (error as { error?: unknown }).error !== undefined ? (error as { error?: unknown }).error : error;
  let path = "/";
  try {
    path = new URL(request.url).pathname;
  } catch {
    // A Request always has an absolute URL; keep "/" if not.
  }
  const frames = inner instanceof Error && typeof inner.stack === "string" ? inner.stack.split("\n").filter((line) => /^\s+at /.test(line)).slice(0, MAX_FRAMES).map((line) => line.trim()) : [];
  return { method: request.method, path, err: safeError(inner), ...(frames.length ? { frames } : {}) };
}

/**
 * Logs an unexpected server error once at error level (pino's `"level":50`), as
 * {@link serverErrorDetails} with the message {@link SERVER_ERROR_MESSAGE}; does nothing for an
 * aborted request or an expected 4xx answer ({@link isUnexpectedServerError}). Never throws.
 * @param log the app logger; null writes the same JSON details with `console.error` instead (a
 *   build run without the server of server/app.ts, which puts its logger on the router context)
 */
export function logServerError(log: ErrorLog | null, error: unknown, request: Request): void {
  try {
    if (!isUnexpectedServerError(error, request)) return;
    const details = serverErrorDetails(error, request);
    if (log) log.error(details, SERVER_ERROR_MESSAGE);
    else console.error(JSON.stringify({ level: 50, msg: SERVER_ERROR_MESSAGE, ...details }));
  } catch {
    // Logging must never turn one failure into another.
  }
}
