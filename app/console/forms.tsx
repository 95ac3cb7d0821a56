/** Small pieces of the console's plain HTML forms: a field's messages and the page's outcome line. */
import type { ReactNode } from "react";
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
 * One field of a GET filter form (audit trail, leads inbox): its label, its control (`children`,
 * whose id is `id` and which spreads {@link filterAria}) and the message of a refused value.
 */
export function FilterField({ id, label, error, className, children }: { id: string; label: string; error: string | undefined; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A filter control's ARIA state: invalid and described by its message, only when refused. */
export function filterAria(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** The last row of a GET filter form: Filter, Clear filters (`clearHref`) and the CSV export of the same filter. */
export function FilterActions({ clearHref, exportHref, exportLabel }: { clearHref: string; exportHref: string; exportLabel: string }) {
  return (
    <p className="flex flex-wrap items-center gap-3 sm:col-span-4">
      <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-white">
        Filter
      </button>
      <a href={clearHref} className="underline">
        Clear filters
      </a>
      <a href={exportHref} className="underline">
        {exportLabel}
      </a>
    </p>
  );
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
export function FieldNotes({ id, help, errors }: { id: string; help?: ReactNode; errors: string[] }) {
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
export function LabelledField({ id, label, help, errors, children }: { id: string; label: string; help?: string; errors: string[]; children: ReactNode }) {
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
