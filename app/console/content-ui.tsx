/** Pieces shared by the console's content pages (issue 50): a labelled field. The heading is site-page.tsx's. */
import type { ReactNode } from "react";
import { errorsOf, FieldNotes, keptValue, type FormOutcome } from "./forms";

/**
 * A labelled input (or textarea) of form `form`: after a refused post it shows what was typed and
 * the field's messages, tied to it by aria-describedby.
 */
export function Field({
  outcome,
  form,
  name,
  label,
  value,
  help,
  type = "text",
  rows,
  className = "",
}: {
  outcome: FormOutcome;
  form: string;
  name: string;
  label: string;
  value: string;
  help?: ReactNode;
  type?: string;
  rows?: number;
  className?: string;
}) {
  const id = `${form}-${name}`;
  const errors = errorsOf(outcome, form, name);
  const describedBy = [help ? `${id}-help` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, name, defaultValue: keptValue(outcome, form, name, value), "aria-invalid": errors.length ? true : undefined, "aria-describedby": describedBy, className: "mt-1 w-full rounded border border-slate-500 px-2 py-1" };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {rows ? <textarea {...common} rows={rows} className={`${common.className} font-mono text-sm`} /> : <input {...common} type={type} />}
      <FieldNotes id={id} help={help} errors={errors} />
    </div>
  );
}

/** The green confirmation line after a done post (from the page's `?done=`), or nothing. */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
      {text}
    </p>
  );
}

/** A form's "Preview" (renders what was typed, saves nothing) and save buttons. */
export function PreviewAndSave({ saveLabel }: { saveLabel: string }) {
  return (
    <p className="mt-3 flex flex-wrap gap-3">
      <button type="submit" name="intent" value="preview" className="rounded border border-slate-900 px-3 py-1">
        Preview
      </button>
      <button type="submit" name="intent" value="save" className="rounded bg-slate-900 px-3 py-1 text-white">
        {saveLabel}
      </button>
    </p>
  );
}
