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

/**
 * The ARIA attributes of a control with optional help and messages: invalid when it has
 * messages, described by `${id}-error` and `${id}-help` (as {@link FieldNotes} renders them).
 */
export function describedBy(id: string, errors: readonly string[], hasHelp = false) {
  const ids = [errors.length ? `${id}-error` : null, hasHelp ? `${id}-help` : null].filter(Boolean).join(" ");
  return { "aria-invalid": errors.length ? true : undefined, "aria-describedby": ids || undefined } as const;
}

/** A control's help line and messages, with the ids {@link describedBy} points at. */
export function FieldNotes({ id, help, errors }: { id: string; help?: string; errors: string[] }) {
  return (
    <>
      {help ? (
        <p id={`${id}-help`} className="text-sm text-slate-700">
          {help}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} messages={errors} />
    </>
  );
}

/** A labelled control (`children`, whose id is `id`) with its help line and messages. */
export function LabelledField({ id, label, help, errors, children }: { id: string; label: string; help?: string; errors: string[]; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      <FieldNotes id={id} help={help} errors={errors} />
    </div>
  );
}
