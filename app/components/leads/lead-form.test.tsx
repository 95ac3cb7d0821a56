import { getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inputProps, selectProps, textareaProps } from "./field-props";
import { plainField, type FormSnapshot } from "./lead-form";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any>;
const READ = ["id", "name", "formId", "errorId", "errors", "initialValue"] as const;

interface Seen {
  conform: Record<string, unknown>;
  plain: Record<string, unknown>;
  fromSnapshot: Record<string, unknown>;
  conformProps: Record<string, unknown>;
  plainProps: Record<string, unknown>;
  /** Conform's helpers on Conform's field, and field-props.ts's on the snapshot's plain field. */
  helpers: { conform: unknown[]; ours: unknown[] };
}

/**
 * Renders a Conform form and returns, per field name, what Conform's own field reports, what
 * plainField derives through the field (the browser) and from the form's snapshot (the server,
 * decision 214), and the attributes Conform's helpers and field-props.ts give.
 */
function readBoth(formId: string, names: string[], lastResult?: SubmissionResult<string[]>) {
  const seen: Record<string, Seen> = {};
  function Probe() {
    const [form, rawFields] = useForm({ id: formId, lastResult, defaultValue: { email: "sam@example.com", terms: "on", message: "Is it available?", location_id: "3" } });
    const fields = rawFields as unknown as Record<string, Field>;
    const snapshot: FormSnapshot = { errors: form.allErrors, initialValue: (form.initialValue ?? {}) as Record<string, unknown> };
    for (const name of names) {
      const conform = Object.fromEntries(READ.map((key) => [key, fields[name][key]]));
      const plain = plainField(fields[name], formId, name);
      const fromSnapshot = plainField(fields[name], formId, name, snapshot);
      seen[name] = {
        conform,
        plain: Object.fromEntries(READ.map((key) => [key, plain[key]])),
        fromSnapshot: Object.fromEntries(READ.map((key) => [key, fromSnapshot[key]])),
        conformProps: getInputProps(fields[name], { type: "text" }),
        plainProps: getInputProps(plain, { type: "text" }),
        helpers: {
          conform: [getInputProps(fields[name], { type: "text" }), getInputProps(fields[name], { type: "email" }), getInputProps(fields[name], { type: "checkbox" }), getTextareaProps(fields[name]), getSelectProps(fields[name])],
          ours: [inputProps(fromSnapshot, "text"), inputProps(fromSnapshot, "email"), inputProps(fromSnapshot, "checkbox"), textareaProps(fromSnapshot), selectProps(fromSnapshot)],
        },
      };
    }
    return null;
  }
  renderToString(<Probe />);
  return seen;
}

/** Attributes as [name, value] pairs in order: the order is the markup's attribute order. */
const inOrder = (list: unknown[]) => list.map((props) => Object.entries(props as object));

describe("plainField (issue 15, decisions 201 and 214)", () => {
  const NAMES = ["name", "email", "terms", "location_id", "message"];

  it("derives the same id, name, form id and error id as Conform, and carries its initial value", () => {
    const seen = readBoth("lead-car-enquiry", NAMES);
    for (const name of NAMES) {
      expect(seen[name].plain).toEqual(seen[name].conform);
      expect(seen[name].fromSnapshot).toEqual(seen[name].conform);
    }
    expect(seen.email.plain).toMatchObject({ id: "lead-car-enquiry-email", errorId: "lead-car-enquiry-email-error", formId: "lead-car-enquiry", initialValue: "sam@example.com" });
    expect(seen.name.fromSnapshot.initialValue).toBeUndefined();
    expect(seen.email.plainProps).toEqual(seen.email.conformProps);
  });

  it("carries a submission's errors and values, so the input's aria attributes are Conform's", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { name: "Sam", email: "not-an-email", terms: "on" },
      error: { email: ["Please enter a valid email address."] },
    };
    const seen = readBoth("lead-book-test-drive", NAMES, lastResult);
    for (const name of NAMES) expect(seen[name].fromSnapshot).toEqual(seen[name].conform);
    expect(seen.email.plain).toEqual(seen.email.conform);
    expect(seen.email.plain.errors).toEqual(["Please enter a valid email address."]);
    expect(seen.email.plainProps).toEqual(seen.email.conformProps);
    expect(seen.email.plainProps).toMatchObject({ "aria-invalid": true, "aria-describedby": "lead-book-test-drive-email-error", defaultValue: "not-an-email" });
    expect(seen.name.plainProps).toEqual(seen.name.conformProps);
    // The submitted values replace the defaults: the message's default is gone.
    expect(seen.message.fromSnapshot.initialValue).toBeUndefined();
  });
});

describe("field-props (issue 15, decision 214)", () => {
  it("gives Conform's attributes, values and order for inputs, checkboxes, textareas and selects, with and without values", () => {
    const seen = readBoth("lead-car-enquiry", ["name", "email", "terms", "location_id", "message"]);
    for (const name of Object.keys(seen)) expect(inOrder(seen[name].helpers.ours)).toEqual(inOrder(seen[name].helpers.conform));
    // The values the comparison covers: a checked checkbox, a preset text, an empty field.
    expect(seen.terms.helpers.ours[2]).toMatchObject({ type: "checkbox", value: "on", defaultChecked: true });
    expect(seen.name.helpers.ours[2]).toMatchObject({ defaultChecked: false });
    expect(seen.message.helpers.ours[3]).toMatchObject({ defaultValue: "Is it available?" });
    expect(seen.location_id.helpers.ours[4]).toMatchObject({ defaultValue: "3" });
    expect(seen.name.helpers.ours[0]).toEqual({ id: "lead-car-enquiry-name", name: "name", form: "lead-car-enquiry", type: "text" });
  });

  it("marks a field with errors as invalid and described by its error, as Conform does", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { name: "", email: "x", terms: "off" },
      error: { email: ["Please enter a valid email address."], terms: ["Please accept the terms."] },
    };
    const seen = readBoth("lead-general-enquiry", ["name", "email", "terms", "message"], lastResult);
    for (const name of Object.keys(seen)) expect(inOrder(seen[name].helpers.ours)).toEqual(inOrder(seen[name].helpers.conform));
    expect(seen.terms.helpers.ours[2]).toEqual({ id: "lead-general-enquiry-terms", name: "terms", form: "lead-general-enquiry", "aria-invalid": true, "aria-describedby": "lead-general-enquiry-terms-error", type: "checkbox", value: "on", defaultChecked: false });
    expect(seen.email.helpers.ours[0]).toMatchObject({ "aria-invalid": true, defaultValue: "x" });
  });
});
