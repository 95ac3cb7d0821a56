import { getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { plainField } from "./lead-form";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any>;
const READ = ["id", "name", "formId", "errorId", "errors", "initialValue"] as const;

/** Renders a Conform form and returns, per field name, what Conform's own field reports and what plainField derives. */
function readBoth(formId: string, names: string[], lastResult?: SubmissionResult<string[]>) {
  const seen: Record<string, { conform: Record<string, unknown>; plain: Record<string, unknown>; conformProps: unknown; plainProps: unknown }> = {};
  function Probe() {
    const [, rawFields] = useForm({ id: formId, lastResult, defaultValue: { email: "sam@example.com", terms: "on" } });
    const fields = rawFields as unknown as Record<string, Field>;
    for (const name of names) {
      const conform = Object.fromEntries(READ.map((key) => [key, fields[name][key]]));
      const plain = plainField(fields[name], formId, name);
      seen[name] = {
        conform,
        plain: Object.fromEntries(READ.map((key) => [key, plain[key]])),
        conformProps: getInputProps(fields[name], { type: "text" }),
        plainProps: getInputProps(plain, { type: "text" }),
      };
    }
    return null;
  }
  renderToString(<Probe />);
  return seen;
}

describe("plainField (issue 15, decision 201)", () => {
  it("derives the same id, name, form id and error id as Conform, and carries its initial value", () => {
    const seen = readBoth("lead-car-enquiry", ["name", "email", "terms", "location_id"]);
    for (const name of ["name", "email", "terms", "location_id"]) expect(seen[name].plain).toEqual(seen[name].conform);
    expect(seen.email.plain).toMatchObject({ id: "lead-car-enquiry-email", errorId: "lead-car-enquiry-email-error", formId: "lead-car-enquiry", initialValue: "sam@example.com" });
    expect(seen.email.plainProps).toEqual(seen.email.conformProps);
  });

  it("carries a submission's errors and values, so the input's aria attributes are Conform's", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { name: "Sam", email: "not-an-email" },
      error: { email: ["Please enter a valid email address."] },
    };
    const seen = readBoth("lead-book-test-drive", ["name", "email"], lastResult);
    expect(seen.email.plain).toEqual(seen.email.conform);
    expect(seen.email.plain.errors).toEqual(["Please enter a valid email address."]);
    expect(seen.email.plainProps).toEqual(seen.email.conformProps);
    expect(seen.email.plainProps).toMatchObject({ "aria-invalid": true, "aria-describedby": "lead-book-test-drive-email-error", defaultValue: "not-an-email" });
    expect(seen.name.plainProps).toEqual(seen.name.conformProps);
  });
});
