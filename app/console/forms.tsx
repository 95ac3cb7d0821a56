/** Small pieces of the console's plain HTML forms: a field's messages and the page's outcome line. */
import type { FormProblem } from "./form.server";

/** The action data every console form page answers. */
export type FormOutcome = { problem: FormProblem | null; done: string | null } | undefined;

/** The messages for `field` of form `form`, if the last post was that form's and refused. */
export function errorsOf(outcome: FormOutcome, form: string, field: string): string[] {
  return outcome?.problem?.form === form ? (outcome.problem.errors[field] ?? []) : [];
}

/** What was typed into `field` of form `form` in a refused post (so nothing is lost), else `fallback`. */
export function keptValue(outcome: FormOutcome, form: string, field: string, fallback = ""): string {
  const value = outcome?.problem?.form === form ? outcome.problem.values[field] : undefined;
  return typeof value === "string" ? value : fallback;
}

/** The messages of one field, tied to it by `id` (use as the input's aria-describedby). */
export function FieldErrors({ id, messages }: { id: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <p id={id} className="text-sm font-semibold text-red-800">
      {messages.join(" ")}
    </p>
  );
}

/** The outcome of the last post: a confirmation, or a note that something needs fixing. */
export function FormStatus({ outcome }: { outcome: FormOutcome }) {
  if (outcome?.done)
    return (
      <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
        {outcome.done}
      </p>
    );
  if (outcome?.problem)
    return (
      <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-sm">
        {outcome.problem.errors.form?.join(" ") ?? "Please check the highlighted field."}
      </p>
    );
  return null;
}
