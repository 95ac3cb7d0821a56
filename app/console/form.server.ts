/**
 * Console form handling (issue 48 "clear messages next to the field"): a posted form parsed with
 * its zod schema through Conform, answering either the typed value or the messages per field and
 * what was typed, so a page shows each message beside its field and loses nothing.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { withoutControlCharacters } from "~/domain/text/control-characters";

/** What a refused form post answers (status 400): messages by field name, and the typed values. */
export interface FormProblem {
  form: string;
  errors: Record<string, string[]>;
  values: Record<string, unknown>;
}

/**
 * Parses `formData` with `schema`.
 * @returns the value, or a {@link FormProblem} for form `form` (the page's form id)
 */
export function parseConsoleForm<S extends z.ZodType>(form: string, formData: FormData, schema: S): { ok: true; value: z.infer<S> } | { ok: false; problem: FormProblem } {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return { ok: true, value: submission.value as z.infer<S> };
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages?.length) errors[name || "form"] = messages;
  return { ok: false, problem: { form, errors, values: (submission.payload ?? {}) as Record<string, unknown> } };
}

/** A refused form post: the page again, status 400, with the messages and the typed values. */
export function formProblem(problem: FormProblem) {
  return data({ problem, done: null as string | null }, { status: 400 });
}

/** A form problem with one message on one field (a rule zod cannot see: a taken slug or host). */
export function fieldProblem(form: string, field: string, message: string, values: Record<string, unknown>) {
  return formProblem({ form, errors: { [field]: [message] }, values });
}

/** A done form post: the page again with a confirmation line. */
export function formDone(message: string) {
  return { problem: null as FormProblem | null, done: message };
}

/**
 * A console post's form data, with the characters PostgreSQL text cannot hold (NUL, other C0
 * controls but tab and line breaks) dropped from every text field, as on the shoppers' lead forms:
 * an odd character pasted into a field must not fail the save with a database error. Files are
 * kept as they are. Every console action reads its post through this.
 * @throws TypeError as `Request.formData()` when the body is not a form
 */
export async function readConsoleFormData(request: Request): Promise<FormData> {
  return withoutControlCharacters(await request.formData());
}

/**
 * A console post: its form data, the button pressed (`intent`, "" when none) and every typed value
 * as text (given back with a message, so nothing typed is lost; files are left out: a browser
 * cannot refill a file input).
 */
export async function readPostedForm(request: Request): Promise<{ form: FormData; intent: string; typed: Record<string, string> }> {
  const form = await readConsoleFormData(request);
  return { form, intent: String(form.get("intent") ?? ""), typed: Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string")) };
}
