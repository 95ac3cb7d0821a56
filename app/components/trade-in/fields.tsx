/**
 * Plain form fields of the trade-in wizard: labelled, with the server's message linked by
 * aria-describedby (the wizard validates on the server at each step, with or without JavaScript).
 */
import type { ReactNode } from "react";
import { ERROR_LIST_HEADING, UNEXPECTED_ERROR } from "~/forms/lead-form-text";

const inputClass = "mt-1 w-full rounded border border-slate-300 px-3 py-2";

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** Spec 5 / 8 error list: a form-level message, then 'Please fix the following errors:' and the list. */
export function ErrorSummary({ errors }: { errors: Record<string, string> | undefined }) {
  if (!errors || Object.keys(errors).length === 0) return null;
  const fieldEntries = Object.entries(errors).filter(([k]) => k !== "");
  return (
    <div role="alert" data-testid="error-warning" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {errors[""] !== undefined ? <p className="font-semibold">{errors[""] || UNEXPECTED_ERROR}</p> : null}
      {fieldEntries.length ? (
        <>
          <p className="font-semibold">{ERROR_LIST_HEADING}</p>
          <ul className="mt-1 list-disc pl-5">
            {fieldEntries.map(([name, message]) => (
              <li key={name}>{message}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  required?: boolean;
}

export function TextInput({ name, label, error, defaultValue, required, ...attrs }: FieldProps & { type?: string; inputMode?: "numeric" | "text" | "email" | "tel"; autoComplete?: string; maxLength?: number; placeholder?: string }) {
  const id = `ti-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...attrs}
      />
      <ErrorText id={id} error={error} />
    </div>
  );
}

export function Select({ name, label, error, defaultValue, required, options, onChange }: FieldProps & { options: readonly (string | [string, string])[]; onChange?: (e: React.ChangeEvent<HTMLSelectElement>) => void }) {
  const id = `ti-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        onChange={onChange}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      >
        <option value="">Please choose</option>
        {options.map((o) => {
          const [value, text] = typeof o === "string" ? [o, o] : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <ErrorText id={id} error={error} />
    </div>
  );
}

export function RadioGroup({ name, legend, error, defaultValue, options, required }: { name: string; legend: ReactNode; error?: string; defaultValue?: string; options: readonly { value: string; label: string }[]; required?: boolean }) {
  const id = `ti-${name}`;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <div className="mt-1 grid gap-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name={name} value={o.value} defaultChecked={defaultValue === o.value} aria-invalid={error ? true : undefined} />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorText id={id} error={error} />
    </fieldset>
  );
}
