/**
 * Client validation of a lead form step (spec 5, 8) with the same zod schema the route action uses.
 * Loaded by lead-form.tsx on the shopper's first interaction with the form, not with the page
 * (zod, Conform's zod adapter and libphonenumber-js are about 60 KB gzip; issue 15 budget). Until
 * it loads, a submission is validated by the server, which answers with the same messages.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { config } from "zod";
import { stepSchema, type LeadFormOptions, type LeadFormKind } from "~/forms/lead-forms";

// zod's JIT compiles validators with `new Function`, which the site's hash-based CSP blocks (a
// console error in the browser); the interpreted path gives the same results (issue 15).
// Called as `config`, not `z.config`: vite.config.ts declares calls on `z` pure (unused ones are dropped).
config({ jitless: true });

const schemas = new Map<string, ReturnType<typeof stepSchema>>();

/**
 * Validates one step of a lead form.
 * @param formData the form's current data (as Conform passes it to onValidate).
 * @param kind the form kind; `options` its serialisable options; `step` the 0-based step index
 *   (the last step validates the whole schema).
 * @returns Conform's submission: status "success" with the parsed value, or field errors.
 */
export function validateLeadStep(formData: FormData, kind: LeadFormKind, options: LeadFormOptions, step: number) {
  const key = `${kind}|${step}|${JSON.stringify(options)}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = stepSchema(kind, options, step);
    schemas.set(key, schema);
  }
  return parseWithZod(formData, { schema });
}
