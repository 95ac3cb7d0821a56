/** Pieces shared by the console's content pages (issue 50): the page heading and a labelled field. */
import type { ReactNode } from "react";
import { errorsOf, FieldErrors, keptValue, type FormOutcome } from "./forms";

/** The document title, the link back to the site's dashboard and the page's h1. */
export function ContentHeading({ site, title, id }: { site: { slug: string; name: string }; title: string; id: string }) {
  return (
    <>
      <title>{`${title} · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id={id} className="text-2xl font-bold">
        {title}
      </h1>
    </>
  );
}

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
      {help ? (
        <p id={`${id}-help`} className="text-sm text-slate-700">
          {help}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} messages={errors} />
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
