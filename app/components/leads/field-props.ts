/**
 * The lead form's input, textarea and select attributes from a plain field (issue 15 "Fast
 * pages", decision 214): the same attributes, with the same values and in the same order, as
 * Conform's `getInputProps`, `getTextareaProps` and `getSelectProps` give for a field without
 * constraints (the lead form declares none; see `plainField` in lead-form.tsx). Conform's helpers
 * build each result through five nested object spreads and then delete the undefined entries
 * one by one: on an uncached location page that was 2.4% of the server's CPU, for about twelve
 * fields. `lead-form.test.tsx` renders both for every case the form uses (value, no value,
 * errors, checkbox on and off) and compares them.
 */
import type { FieldMetadata } from "@conform-to/react";

/** What these helpers read of a field: what `plainField` carries. */
export type PlainField = Pick<FieldMetadata<unknown>, "id" | "name" | "formId" | "errorId" | "errors" | "initialValue">;

interface ControlProps {
  id: string;
  name: string;
  form: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** id, name, form and, when the field has errors, aria-invalid and aria-describedby (the error's id). */
function controlProps(field: PlainField): ControlProps {
  const props: ControlProps = { id: field.id, name: field.name, form: field.formId };
  if (field.errors !== undefined) {
    props["aria-invalid"] = true;
    props["aria-describedby"] = field.errorId;
  }
  return props;
}

/** Attributes of an `<input>`. */
export type InputProps = ControlProps & { type: string; value?: string; defaultChecked?: boolean; defaultValue?: string };

/**
 * Attributes of an `<input>`: a text-like input gets the initial value as `defaultValue` when it
 * is a string; a checkbox gets `value="on"` and `defaultChecked` (true when the initial value is
 * "on"). The lead form's initial values are strings; for a list (never given here) Conform would
 * look for an undefined item, and this gives false.
 * @param field a plain field (id, name, form id, error id, errors, initial value)
 * @param type the input's type
 * @returns the attributes, without undefined entries, in Conform's order
 */
export function inputProps(field: PlainField, type: string): InputProps {
  const props: InputProps = { ...controlProps(field), type };
  const initial = field.initialValue as unknown;
  if (type === "checkbox" || type === "radio") {
    props.value = "on";
    props.defaultChecked = initial === "on";
  } else if (typeof initial === "string") {
    props.defaultValue = initial;
  }
  return props;
}

/** The initial value as text (Conform's `toString()`), or undefined when there is none. */
const textOf = (initial: unknown): string | undefined => (initial === null || initial === undefined ? undefined : String(initial));

/**
 * Attributes of a `<textarea>`: the initial value as `defaultValue` (text).
 * @returns the attributes, without undefined entries, in Conform's order
 */
export function textareaProps(field: PlainField): ControlProps & { defaultValue?: string } {
  const props: ControlProps & { defaultValue?: string } = controlProps(field);
  const text = textOf(field.initialValue);
  if (text !== undefined) props.defaultValue = text;
  return props;
}

/**
 * Attributes of a `<select>`: the initial value as `defaultValue` (text, or a list of texts for a
 * multiple select).
 * @returns the attributes, without undefined entries, in Conform's order
 */
export function selectProps(field: PlainField): ControlProps & { defaultValue?: string | string[] } {
  const props: ControlProps & { defaultValue?: string | string[] } = controlProps(field);
  const initial = field.initialValue as unknown;
  const text = Array.isArray(initial) ? initial.map((item) => `${item ?? ""}`) : textOf(initial);
  if (text !== undefined) props.defaultValue = text;
  return props;
}
