/**
 * Every lead form (spec 2.4, 2.6, 4, 5, 7, 8), one component driven by a LeadFormSetup from the
 * route loader. Works without JavaScript (a plain POST to the route action, which redirects to
 * /success or re-renders with the spec's messages) and with JavaScript (the same fields through a
 * fetcher with client validation by the same zod schema, a spinner, analytics and browser
 * storage, then /success).
 *
 * The client validation (zod, libphonenumber-js: lead-form-validation.ts) loads on the first
 * focus, pointer press or key press in the form, not with the page (issue 15 JavaScript budget);
 * a submission made before it has loaded is validated by the server, with the same messages.
 */
import { getFormProps, parse, useForm, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useNavigate } from "react-router";
import { track } from "~/components/analytics";
import { ERROR_LIST_HEADING, PHOTOS_MESSAGE, STEP_FIELDS, UNEXPECTED_ERROR } from "~/forms/lead-form-text";
import type { LeadActionData, LeadFormSetup } from "~/services/lead-forms.server";
import { useAccount } from "~/components/accounts/use-account";
import { leadFormDefaults } from "~/domain/accounts/account-view";
import { readUserDetails, recordVisit, saveEnquiredCar, saveSuccessCategory, saveUserDetails } from "./lead-storage";
import { wholeNumberText } from "~/domain/display/number-text";
import { inputProps, selectProps, textareaProps } from "./field-props";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any>;
type ValidationModule = typeof import("./lead-form-validation");

/**
 * A plain copy of what this form reads from a Conform field (issue 15, decisions 198 and 201).
 * Conform's field metadata is a Proxy that rebuilds the form's metadata object (a new Proxy, an
 * object of getters and three id strings) on every property read, and its prop helpers read about
 * seventeen properties per field: on the location page that was a tenth of the server's CPU, and
 * after decision 198 (one read per property) still a twelfth of what an uncached VDP allocated.
 * So only what changes while the form is used is read through the Proxy: the errors and the
 * initial value, which also subscribes the field to them as before. The id, error id and form id
 * follow from the form's id and the field's name as Conform builds them (`{formId}-{name}`,
 * `{id}-error`; `lead-form.test.tsx` holds the two together); the form's id is a prop, so a new
 * one re-renders the form anyway. The lead form declares no constraints (useForm gets no
 * `constraint`; the server and the lazily loaded zod schema validate), so the constraint
 * attributes (required, minLength, pattern, ...) Conform would read are undefined and are left out.
 * @param field a field from useForm's fieldset
 * @param formId the id given to useForm
 * @param name the field's name in the form's data
 * @param snapshot on the server, the form's errors and initial values (read once per form, not
 *   twice per field; rendering on the server subscribes nothing)
 * @returns an object with the same values for the properties Conform's getInputProps,
 *   getSelectProps and getTextareaProps read, and field-props.ts's equivalents; typed as the field
 */
export function plainField(field: Field, formId: string, name: string, snapshot?: FormSnapshot): Field {
  const id = `${formId}-${name}`;
  if (snapshot) return { id, name, formId, errorId: `${id}-error`, errors: snapshot.errors[name], initialValue: snapshot.initialValue[name] } as Field;
  return { id, name, formId, errorId: `${id}-error`, errors: field.errors, initialValue: field.initialValue } as Field;
}

/**
 * The form's errors and initial values by field name, read once from the form's metadata (two
 * Proxy reads in all, decision 214): `form.allErrors` is Conform's error record and
 * `form.initialValue` its initial value at the form's root, whose entries are each flat field's
 * initial value (`lead-form.test.tsx` compares them with the fields' own). The server renders
 * from it; the browser reads each field through Conform, which subscribes the field to changes.
 */
export interface FormSnapshot {
  errors: Record<string, string[] | undefined>;
  initialValue: Record<string, unknown>;
}

const LABELS: Record<string, string> = {
  name: "First Name",
  last_name: "Last Name",
  postcode: "Postcode",
  phone: "Mobile",
  email: "Email",
  message: "Comments",
  location_id: "Preferred Dealership",
  category: "Category",
  terms: "Terms of use",
  offer_from_client: "Your Offer",
  preferred_datetime: "Preferred date and time",
  distribution_location: "Distribution location",
  rego: "Rego",
  company: "Company",
  fleet_size: "Fleet size",
  experience: "Your experience",
  has_trade_in: "Do You Have A Trade-In",
};

export function LeadForm({ setup, heading }: { setup: LeadFormSetup; heading?: string }) {
  const fetcher = useFetcher<LeadActionData>();
  const actionData = useActionData<LeadActionData>();
  const navigate = useNavigate();
  const answer = fetcher.data ?? actionData;
  const lastStep = setup.multiStep ? STEP_FIELDS.length - 1 : 0;
  const [step, setStep] = useState(() => (answer && "step" in answer && answer.step !== undefined ? answer.step : 0));
  const [hydrated, setHydrated] = useState(false);
  const [key, setKey] = useState(setup.submissionKey);
  const [trail, setTrail] = useState({ visitedPages: "", landingQuery: "", url: "" });
  const validationStep = setup.multiStep ? step : STEP_FIELDS.length - 1;
  // Client validation, loaded on first interaction (see the module comment).
  const [validation, setValidation] = useState<ValidationModule | null>(null);
  const loadValidation = () => {
    if (validation) return;
    void import("./lead-form-validation").then(setValidation, () => undefined);
  };
  const formId = `lead-${setup.page}`;
  // Issue 9: a signed-in shopper's stored details prefill the contact fields.
  const shopperDefaults = leadFormDefaults(useAccount());

  const [form, rawFields] = useForm({
    id: formId,
    lastResult: answer && "result" in answer ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      ...shopperDefaults,
      message: setup.presetMessage ?? (setup.kind === "photos" ? PHOTOS_MESSAGE : undefined),
      location_id: setup.locations.length === 1 ? String(setup.locations[0].id) : setup.preferredLocationId != null ? String(setup.preferredLocationId) : undefined,
      opt_in: setup.kind === "finance" ? "on" : undefined,
    },
    // Until the validation module has loaded, Conform's own parse accepts the values as they are:
    // its intents (prefill updates) still apply in the browser, and a submission goes to the
    // server, which validates it and answers with the same messages.
    onValidate({ formData }) {
      if (validation) return validation.validateLeadStep(formData, setup.kind, setup.options, validationStep);
      return parse(formData, { resolve: (value) => ({ value }) });
    },
    onSubmit(event, { submission }) {
      if (validation && submission?.status === "success" && step < lastStep) {
        // Intermediate step, validated here: advance without a round trip (the server does the
        // same without JS, and when the validation module has not loaded yet).
        event.preventDefault();
        setStep(step + 1);
      }
    },
  });
  const fields = rawFields as unknown as Record<string, Field>;
  const allErrors = form.allErrors;
  // Decision 214: on the server, two reads of the form's metadata instead of two per field.
  const snapshot: FormSnapshot | undefined = import.meta.env.SSR ? { errors: allErrors, initialValue: (form.initialValue ?? {}) as Record<string, unknown> } : undefined;
  const plain = (name: string) => plainField(fields[name], formId, name, snapshot);

  // After hydration: a browser-made submission key, the visit trail, and stored user details.
  useEffect(() => {
    setHydrated(true);
    if (window.crypto?.randomUUID) setKey(window.crypto.randomUUID());
    const visit = recordVisit();
    setTrail({ visitedPages: visit.visitedPages.join("\n"), landingQuery: visit.landingQuery, url: window.location.href });
    const stored = readUserDetails();
    for (const name of ["name", "last_name", "email", "phone", "postcode"] as const) {
      const input = document.getElementById(fields[name].id) as HTMLInputElement | null;
      if (stored[name] && input && !input.value) form.update({ name, value: stored[name] });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Server answered "next step" (no-JS round trip or a JS retry).
  useEffect(() => {
    if (answer?.status === "step") setStep(answer.step);
  }, [answer]);

  // Spec 4: on a returned lead id record the event, store the car and category, go to /success.
  const handled = useRef<number | null>(null);
  useEffect(() => {
    const data = fetcher.data;
    // Wait for the revalidation that follows the action: navigating during it can be lost.
    if (data?.status !== "accepted" || fetcher.state !== "idle" || handled.current === data.leadId) return;
    handled.current = data.leadId;
    track(data.eventId, data.eventParams);
    if (setup.car) saveEnquiredCar({ id: setup.car.id, title: setup.car.title });
    saveSuccessCategory(data.category);
    const el = (n: string) => (document.getElementById(fields[n]?.id ?? "") as HTMLInputElement | null)?.value ?? undefined;
    saveUserDetails({ name: el("name"), last_name: el("last_name"), email: el("email"), phone: el("phone"), postcode: el("postcode") });
    navigate(`/success?category=${encodeURIComponent(data.category)}`);
  }, [fetcher.data, fetcher.state, fields, navigate, setup.car]);

  const submitting = fetcher.state !== "idle";
  const fieldErrors = Object.entries(allErrors).filter(([name]) => name !== "");
  const formErrors = form.errors ?? [];
  const hasFieldErrors = fieldErrors.length > 0;
  const stepHidden = (i: number) => setup.multiStep && step !== i;

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={`${formId}-title`}
      className="rounded-lg bg-white p-6 shadow-sm"
      data-testid="lead-form"
      onFocusCapture={loadValidation}
      onPointerDownCapture={loadValidation}
      onKeyDownCapture={loadValidation}
    >
      <h2 id={`${formId}-title`} className="text-xl font-semibold">
        {heading ?? setup.submitLabel}
      </h2>
      {setup.car ? <p className="mt-1 text-sm text-slate-600">{setup.car.title}</p> : null}
      {setup.multiStep ? (
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          Step {step + 1} of {lastStep + 1}
        </p>
      ) : null}
      {hasFieldErrors || formErrors.length ? (
        <div role="alert" data-testid="error-warning" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formErrors.map((e) => (
            <p key={e} className="font-semibold">
              {e || UNEXPECTED_ERROR}
            </p>
          ))}
          {hasFieldErrors ? (
            <>
              <p className="font-semibold">{ERROR_LIST_HEADING}</p>
              <ul className="mt-1 list-disc pl-5">
                {fieldErrors.map(([name, errors]) => (
                  <li key={name}>{errors[0]}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}

      {/* Hidden fields (spec 3 "a hidden field", spec 7 userData). */}
      {key ? <input type="hidden" name="submission_key" value={key} /> : null}
      <input type="hidden" name="__step" value={step} />
      <input type="hidden" name="__page" value={setup.page} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      {setup.car ? <input type="hidden" name="car_id" value={setup.car.id} /> : null}
      {setup.subcategory ? <input type="hidden" name="subcategory" value={setup.subcategory} /> : null}
      <input type="hidden" name="url" value={trail.url} />
      <input type="hidden" name="visited_pages" value={trail.visitedPages} />
      <input type="hidden" name="linked_query_params" value={trail.landingQuery} />
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Company website
          <input type="text" name="company_website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <fieldset hidden={stepHidden(0)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Your details</legend>
        <TextField field={plain("name")} label={LABELS.name} autoComplete="given-name" required />
        <TextField field={plain("last_name")} label={LABELS.last_name} autoComplete="family-name" required />
        <TextField field={plain("email")} label={LABELS.email} type="email" autoComplete="email" required />
        <TextField field={plain("phone")} label={LABELS.phone} type="tel" autoComplete="tel" required />
        <TextField field={plain("postcode")} label={LABELS.postcode} autoComplete="postal-code" inputMode="numeric" maxLength={4} required />
      </fieldset>

      <fieldset hidden={stepHidden(1)} className="mt-4 grid gap-4">
        <legend className="sr-only">Your enquiry</legend>
        {setup.options.categories ? (
          <SelectField field={plain("category")} label={LABELS.category} options={setup.options.categories.map((c) => [c, c])} required />
        ) : null}
        {setup.locations.length > 1 ? (
          <SelectField field={plain("location_id")} label={LABELS.location_id} options={setup.locations.map((l) => [String(l.id), typeof l.distanceKm === "number" ? `${l.name} (${l.distanceKm} km)` : l.name])} required />
        ) : setup.locations.length === 1 ? (
          <p className="text-sm text-slate-700">
            Dealership: <strong>{setup.locations[0].name}</strong>
            <input type="hidden" name="location_id" value={setup.locations[0].id} />
          </p>
        ) : null}
        {setup.kind === "offer" ? (
          <TextField field={plain("offer_from_client")} label={LABELS.offer_from_client} inputMode="decimal" placeholder={setup.car?.price ? `$${wholeNumberText(setup.car.price)}` : "$"} required />
        ) : null}
        {setup.kind === "test-drive" || setup.kind === "service" ? <TextField field={plain("preferred_datetime")} label={LABELS.preferred_datetime} type="datetime-local" /> : null}
        {/* Spec 7 additional_services: the service booking's extras, one checkbox each, all one name. */}
        {setup.options.additionalServices?.length ? (
          <fieldset>
            <legend className="text-sm font-medium">Additional services</legend>
            {setup.options.additionalServices.map((option) => (
              <label key={option} className="mr-4 inline-flex gap-2 text-sm">
                <input type="checkbox" name="additional_services" value={option} defaultChecked={[plain("additional_services").initialValue].flat().includes(option)} />
                {option}
              </label>
            ))}
          </fieldset>
        ) : null}
        {setup.kind === "test-drive" && setup.distributionLocations.length ? (
          <SelectField field={plain("distribution_location")} label={LABELS.distribution_location} options={setup.distributionLocations.map((d) => [d, d])} />
        ) : null}
        {setup.kind === "service" || setup.kind === "enquiry" || setup.kind === "general" ? <TextField field={plain("rego")} label={LABELS.rego} /> : null}
        {setup.kind === "fleet" ? (
          <>
            <TextField field={plain("company")} label={LABELS.company} autoComplete="organization" />
            <TextField field={plain("fleet_size")} label={LABELS.fleet_size} inputMode="numeric" />
          </>
        ) : null}
        {setup.kind === "feedback" ? <input type="hidden" name="experience" value={setup.subcategory === "Bad experience" ? "bad" : "good"} /> : null}
        {setup.kind === "finance" ? <SelectField field={plain("has_trade_in")} label={LABELS.has_trade_in} options={[["Yes", "Yes"], ["No", "No"]]} /> : null}
        {setup.kind === "photos" ? <input type="hidden" name="message" value={PHOTOS_MESSAGE} /> : null}
        {setup.kind !== "offer" && setup.kind !== "photos" ? (
          <TextareaField field={plain("message")} label={LABELS.message} required={setup.kind !== "test-drive" && setup.options.commentsRequired} />
        ) : null}
        {setup.kind === "enquiry" || setup.kind === "test-drive" || setup.kind === "general" ? (
          <div className="flex flex-wrap gap-4">
            <Checkbox field={plain("opt_in_finance")} label="I'm interested in finance" />
            <Checkbox field={plain("opt_in_trade")} label="I have a trade in" />
          </div>
        ) : null}
        {setup.kind !== "offer" ? <Checkbox field={plain("opt_in")} label="Keep me informed about offers and news" /> : null}
        {setup.kind === "test-drive" ? <p className="text-xs text-slate-600">A test drive needs a current full driver licence. We will confirm the time with you.</p> : null}
        <Checkbox field={plain("terms")} label={<>I agree to the <a href="/terms-and-conditions" className="underline">terms of use</a> and <a href="/privacy-policy" className="underline">privacy policy</a></>} />
      </fieldset>

      <button
        type="submit"
        disabled={submitting}
        aria-busy={submitting}
        className="mt-6 inline-flex items-center gap-2 rounded bg-[var(--site-primary)] px-5 py-2 font-semibold text-[var(--site-on-primary)] disabled:opacity-70"
      >
        {submitting ? <span aria-hidden="true" data-testid="spinner" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" /> : null}
        {submitting ? "Sending..." : step < lastStep ? "Next" : setup.submitLabel}
      </button>
    </fetcher.Form>
  );
}

function FieldError({ field }: { field: Field }) {
  return field.errors?.length ? (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {field.errors[0]}
    </p>
  ) : null;
}

function TextField({ field, label, required, ...rest }: { field: Field; label: string; required?: boolean; type?: "text" | "email" | "tel" | "datetime-local"; autoComplete?: string; inputMode?: "numeric" | "decimal"; maxLength?: number; placeholder?: string }) {
  const { type = "text", ...attrs } = rest;
  const props = inputProps(field, type);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input {...props} {...attrs} required={false} aria-required={required || undefined} className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
      <FieldError field={field} />
    </div>
  );
}

function TextareaField({ field, label, required }: { field: Field; label: string; required?: boolean }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea {...textareaProps(field)} required={false} aria-required={required || undefined} rows={4} className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
      <FieldError field={field} />
    </div>
  );
}

function SelectField({ field, label, options, required }: { field: Field; label: string; options: [string, string][]; required?: boolean }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select {...selectProps(field)} required={false} aria-required={required || undefined} className="mt-1 w-full rounded border border-slate-300 px-3 py-2">
        <option value="">Please choose</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

function Checkbox({ field, label }: { field: Field; label: React.ReactNode }) {
  const props = inputProps(field, "checkbox");
  return (
    <div>
      <label className="inline-flex items-start gap-2 text-sm">
        <input {...props} required={false} className="mt-1" />
        <span>{label}</span>
      </label>
      <FieldError field={field} />
    </div>
  );
}
