/**
 * Errors as they may be logged (issue 16 defect 11): never the SQL parameters of a failed query
 * (names, emails, phones, messages of a lead), only what helps an operator: the error's kind,
 * PostgreSQL's error code and constraint, and a message with any "params:" part cut off.
 */
export interface SafeError {
  name: string;
  message: string;
  code?: string;
  constraint?: string;
}

/** The loggable summary of `error` (see above). Follows `cause` to the database's own error. */
export function safeError(error: unknown): SafeError {
  const top = error instanceof Error ? error : new Error(String(error));
  const cause = (top as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? cause : top;
  const code = (inner as { code?: unknown }).code;
  const constraint = (inner as { constraint?: unknown }).constraint;
  // Drizzle's "Failed query: <sql>\nparams: <values>": keep neither the values nor the SQL text with them.
  const message = (inner === top ? top.message : inner.message).split(/\n?params:/)[0].replace(/^Failed query:[\s\S]*/, "query failed").slice(0, 300);
  return { name: top.name, message, ...(typeof code === "string" ? { code } : {}), ...(typeof constraint === "string" ? { constraint } : {}) };
}
