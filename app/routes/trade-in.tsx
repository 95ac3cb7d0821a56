/**
 * Trade-in valuation wizard (issue 11; spec 2.1 /trade-in, /sell-my-car, /sell-your-car and
 * /cars/trade-in?car_id=; spec 2.6 valuation wizard and trade-in FAQ; spec 3 valuation form
 * fields; spec 5 estimate rule; spec 7 analytics event 18 and POST /api/miscellaneous). The four
 * paths are one wizard with their own titles. Loader and action: app/services/trade-in-wizard.server.ts.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useFetcher, useNavigate, useNavigation, useSubmit } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/trade-in";
import { track, ANALYTICS_EVENTS } from "~/components/analytics";
import { TradeInFaq } from "~/components/trade-in/faq";
import { ErrorSummary, RadioGroup, Select, TextInput } from "~/components/trade-in/fields";
import { saveValuationData } from "~/components/trade-in/save-valuation";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { PRIVATE_PAGE_HEADERS } from "~/domain/private-page";
import type { TradeInStep } from "~/forms/trade-in";
import { PREFERRED_CONTACT_METHODS } from "~/forms/lead-form-text";
import { loadWizard, wizardAction, type WizardActionData, type WizardData } from "~/services/trade-in-wizard.server";
import { wholeNumberText } from "~/domain/display/number-text";
import { keepFormOnFailure, postedText } from "~/components/form-client-action";
import { GENERIC_FORM_ERROR } from "~/forms/lead-form-text";

export async function loader({ context, url }: Route.LoaderArgs) {
  const wizard = await loadWizard(context.get(dbContext), context.get(siteContext), url);
  // A step of one shopper's valuation (?v=<token>) changes with their answers and decision: never
  // cached (a cached "done" step showed an accepted offer after the shopper declined it).
  return wizard.token ? data(wizard, { headers: PRIVATE_PAGE_HEADERS }) : wizard;
}

/** The loader's Cache-Control (a valuation's steps are private), else the public default of server/app.ts. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const info = context.get(requestInfoContext);
  return wizardAction(context.get(dbContext), context.get(siteContext), request, url, { now: info.now, clientIp: info.clientIp ?? null });
}

/**
 * A step whose submit never reaches the app (network failure, another server's 5xx page) stays
 * on screen with what was typed and spec 8's generic form error (issue 51 section 1).
 */
export const clientAction = keepFormOnFailure<WizardActionData>((posted) => ({
  status: "invalid",
  step: String(posted.get("_step") ?? "vehicle") as TradeInStep,
  errors: { "": GENERIC_FORM_ERROR },
  values: postedText(posted),
}));

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Trade-in valuation" }];
  const title = data.car ? `${data.title}: ${data.car.title}` : data.title;
  return [{ title: `${title} | ${data.siteName}` }, { name: "description", content: data.intro }, ...(data.token ? [{ name: "robots", content: "noindex" }] : [])];
}

/** Steps the shopper sees counted ("Step 2 of 5"); details only when the rego was not found. */
const COUNTED: TradeInStep[] = ["vehicle", "kms", "condition", "contact", "offer"];
const STEP_HEADINGS: Record<TradeInStep, string> = {
  vehicle: "Your car's registration",
  details: "About your car",
  kms: "Kilometres",
  condition: "Condition",
  contact: "Your details",
  offer: "Your valuation",
  done: "Thank you",
};

const dollars = (n: number) => `$${wholeNumberText(n)}`;
const buttonClass = "rounded bg-[var(--site-primary)] px-5 py-2 font-semibold text-[var(--site-on-primary)] disabled:opacity-60";

export default function TradeInPage({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const actionData = useActionData<WizardActionData>();
  const errors = actionData?.status === "invalid" && actionData.step === d.step ? actionData.errors : undefined;
  const values = actionData?.status === "invalid" && actionData.step === d.step ? actionData.values : undefined;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const position = COUNTED.indexOf(d.step === "details" ? "vehicle" : d.step);

  return (
    <div className="mx-auto max-w-3xl">
      <header className="mb-4">
        <h1 className="text-3xl font-bold">{d.title}</h1>
        {d.car ? (
          <p className="mt-1 text-lg" data-testid="wanted-car">
            Towards the <Link to={`/cars/${d.car.slug}`} className="font-semibold underline">{d.car.title}</Link>
          </p>
        ) : null}
        <p className="mt-2 text-slate-700">{d.intro}</p>
      </header>
      <section aria-labelledby="wizard-step-title" className="rounded-lg bg-white p-6 shadow-sm" data-testid="trade-in-wizard">
        {position >= 0 ? (
          <p className="text-sm text-slate-600">
            Step {position + 1} of {COUNTED.length}
          </p>
        ) : null}
        <h2 id="wizard-step-title" className="text-xl font-semibold">
          {STEP_HEADINGS[d.step]}
        </h2>
        {d.vehicle && d.step !== "vehicle" && d.step !== "details" ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="trade-in-vehicle">
            {d.vehicle.year} {d.vehicle.make} {d.vehicle.model}, {d.vehicle.body}, {d.vehicle.transmission}
            {d.kms !== null && d.step !== "kms" ? `, ${wholeNumberText(d.kms)} km` : ""}
          </p>
        ) : null}
        <ErrorSummary errors={errors} />
        <StepBody key={d.step} d={d} errors={errors ?? {}} values={values ?? {}} hydrated={hydrated} />
      </section>
      <TradeInFaq items={d.faq} />
    </div>
  );
}

function Hidden({ d, step, hydrated }: { d: WizardData; step: TradeInStep; hydrated: boolean }) {
  return (
    <>
      <input type="hidden" name="_step" value={step} />
      {d.token ? <input type="hidden" name="v" value={d.token} /> : null}
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
    </>
  );
}

function Submit({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  return (
    <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
      {children}
    </button>
  );
}

function StepBody({ d, errors, values, hydrated }: { d: WizardData; errors: Record<string, string>; values: Record<string, string>; hydrated: boolean }) {
  const v = (name: string, fallback?: string | number | null) => values[name] ?? (fallback === null || fallback === undefined ? undefined : String(fallback));
  switch (d.step) {
    case "vehicle":
      return (
        <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Find your car by rego">
          <Hidden d={d} step="vehicle" hydrated={hydrated} />
          <TextInput name="rego" label="Rego (number plate)" error={errors.rego} defaultValue={v("rego", d.rego)} autoComplete="off" maxLength={12} />
          <Select name="regoState" label="State registered in" required error={errors.regoState} defaultValue={v("regoState", d.regoState)} options={d.states} />
          <p className="text-sm text-slate-600 sm:col-span-2">Don't know the rego? Leave it blank and tell us about the car on the next step.</p>
          <div className="sm:col-span-2">
            <Submit>Find my car</Submit>
          </div>
        </Form>
      );
    case "details":
      return <DetailsStep d={d} errors={errors} values={values} hydrated={hydrated} />;
    case "kms":
      return (
        <Form method="post" noValidate className="mt-4 grid gap-4" aria-label="Kilometres">
          <Hidden d={d} step="kms" hydrated={hydrated} />
          <TextInput name="kms" label="Kilometres on the odometer" required inputMode="numeric" error={errors.kms} defaultValue={v("kms", d.kms)} placeholder="e.g. 45,000" />
          <div>
            <Submit>Next</Submit>
          </div>
        </Form>
      );
    case "condition":
      return (
        <Form method="post" noValidate className="mt-4 grid gap-4" aria-label="Condition">
          <Hidden d={d} step="condition" hydrated={hydrated} />
          {d.questions.map((q) => (
            <RadioGroup
              key={q.id}
              name={q.id}
              legend={q.question}
              required
              error={errors[q.id]}
              defaultValue={v(q.id, d.answers[q.id] ?? q.choices[0].id)}
              options={q.choices.map((c) => ({ value: c.id, label: c.label }))}
            />
          ))}
          <div>
            <Submit>Next</Submit>
          </div>
        </Form>
      );
    case "contact":
      return (
        <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Your details">
          <Hidden d={d} step="contact" hydrated={hydrated} />
          <TextInput name="name" label="First Name" required autoComplete="given-name" error={errors.name} defaultValue={v("name")} />
          <TextInput name="phone" label="Mobile" type="tel" required autoComplete="tel" error={errors.phone} defaultValue={v("phone")} />
          <TextInput name="email" label="Email" type="email" required autoComplete="email" error={errors.email} defaultValue={v("email")} />
          {d.locations.length > 1 ? (
            <Select name="location_id" label="Preferred dealership" required error={errors.location_id} defaultValue={v("location_id")} options={d.locations.map((l) => [String(l.id), l.name] as [string, string])} />
          ) : d.locations.length === 1 ? (
            <p className="text-sm text-slate-700">
              Dealership: <strong>{d.locations[0].name}</strong>
              <input type="hidden" name="location_id" value={d.locations[0].id} />
            </p>
          ) : null}
          <RadioGroup name="PreferredContactMethod" legend="Preferred contact method" defaultValue={v("PreferredContactMethod", "Phone")} options={PREFERRED_CONTACT_METHODS.map((m) => ({ value: m, label: m }))} error={errors.PreferredContactMethod} />
          <RadioGroup name="finance" legend="Interested in finance?" required defaultValue={v("finance", "No")} options={[{ value: "Yes", label: "Yes" }, { value: "No", label: "No" }]} error={errors.finance} />
          {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              Company website
              <input type="text" name="company_website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <p className="text-sm text-slate-600 sm:col-span-2">We send your details and valuation to the dealership so they can contact you about it.</p>
          <div className="sm:col-span-2">
            <Submit>Get my valuation</Submit>
          </div>
        </Form>
      );
    case "offer":
      return <OfferStep d={d} errors={errors} hydrated={hydrated} />;
    case "done":
      return (
        <div className="mt-4" data-testid="trade-in-done">
          <p className="text-lg">
            {d.offerAccepted
              ? `You accepted our offer of ${d.offer?.kind === "estimate" ? dollars(d.offer.offer) : "your car"}. We will contact you to arrange a quick inspection and confirm it.`
              : "You declined the offer. We have your valuation, and our team will be in touch in case you would like to talk it over."}
          </p>
          <p className="mt-6">
            <Link to="/" className={buttonClass}>
              Back to home
            </Link>
          </p>
        </div>
      );
  }
}

/** Make first (a GET form, submitted on change with JavaScript), then model, year, body, transmission. */
function DetailsStep({ d, errors, values, hydrated }: { d: WizardData; errors: Record<string, string>; values: Record<string, string>; hydrated: boolean }) {
  const submit = useSubmit();
  const make = values.make ?? d.make ?? "";
  const same = d.vehicle && d.vehicle.make === make ? d.vehicle : null;
  return (
    <div className="mt-4 grid gap-4">
      {d.regoNotFound ? (
        <p role="status" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
          We couldn't find that rego. Please tell us about your car.
        </p>
      ) : null}
      <Form method="get" aria-label="Choose the make" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" replace preventScrollReset>
        {d.car ? <input type="hidden" name="car_id" value={d.car.id} /> : null}
        {d.token ? <input type="hidden" name="v" value={d.token} /> : null}
        <input type="hidden" name="step" value="details" />
        <Select name="make" label="Make" required error={errors.make} defaultValue={make} options={d.makes} onChange={(e) => submit(e.currentTarget.form, { replace: true, preventScrollReset: true })} />
        {hydrated ? null : (
          <button type="submit" className="rounded border border-slate-300 px-4 py-2">
            Show models
          </button>
        )}
      </Form>
      {make ? (
        <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" aria-label="About your car">
          <Hidden d={d} step="details" hydrated={hydrated} />
          <input type="hidden" name="make" value={make} />
          <Select name="model" label="Model" required error={errors.model} defaultValue={values.model ?? same?.model} options={d.models} />
          <Select name="year" label="Year" required error={errors.year} defaultValue={values.year ?? (same ? String(same.year) : undefined)} options={d.years.map(String)} />
          <Select name="body" label="Body type" required error={errors.body} defaultValue={values.body ?? same?.body} options={d.bodyTypes} />
          <Select name="transmission" label="Transmission" required error={errors.transmission} defaultValue={values.transmission ?? same?.transmission} options={d.transmissions} />
          <div className="sm:col-span-2">
            <Submit>Next</Submit>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">Choose the make to see its models.</p>
      )}
    </div>
  );
}

/**
 * The offer (spec 3 offer_price) with accept / decline, or the 'dealer will contact you' message.
 * With JavaScript the answer goes through a fetcher: on acceptance analytics event 18 is recorded
 * (spec 7), then the done page opens. The variant that uses it posts the valuation result to
 * /api/miscellaneous once (spec 7; a failure is only logged, spec 8).
 */
function OfferStep({ d, errors, hydrated }: { d: WizardData; errors: Record<string, string>; hydrated: boolean }) {
  const fetcher = useFetcher<WizardActionData>();
  const navigate = useNavigate();
  const handled = useRef(false);
  const saved = useRef(false);
  useEffect(() => {
    if (saved.current || !d.saveToMiscellaneous || !d.token || !d.valuationResult) return;
    saved.current = true;
    void saveValuationData(d.token, d.valuationResult);
  }, [d.saveToMiscellaneous, d.token, d.valuationResult]);
  useEffect(() => {
    const data = fetcher.data;
    if (data?.status !== "decided" || fetcher.state !== "idle" || handled.current) return;
    handled.current = true;
    if (data.accepted) track(ANALYTICS_EVENTS.tradeInOfferAccepted, data.eventParams);
    navigate(data.next);
  }, [fetcher.data, fetcher.state, navigate]);
  const fetcherErrors = fetcher.data?.status === "invalid" ? fetcher.data.errors : undefined;
  const offer = d.offer;
  if (!offer) return null;
  if (offer.kind === "no-estimate") {
    return (
      <div className="mt-4" data-testid="no-estimate">
        <p className="text-lg">{offer.message}</p>
        <p className="mt-2 text-slate-700">We have your details{d.leadId ? ` (reference ${d.leadId})` : ""} and will be in touch soon.</p>
        <p className="mt-6">
          <Link to="/" className={buttonClass}>
            Back to home
          </Link>
        </p>
      </div>
    );
  }
  const answered = d.offerAccepted !== null;
  return (
    <div className="mt-4" data-testid="trade-in-offer">
      <ErrorSummary errors={fetcherErrors} />
      <p className="text-sm text-slate-600">Our instant offer</p>
      <p className="text-4xl font-bold text-[var(--site-accent)]" data-testid="offer-price">
        {dollars(offer.offer)}
      </p>
      <p className="mt-1 text-slate-700" data-testid="offer-range">
        Estimated range {dollars(offer.low)} to {dollars(offer.high)}
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="offer-basis">
        {offer.basis}, adjusted for the condition you described. Subject to inspection.
      </p>
      {answered ? (
        <p className="mt-4">You have already {d.offerAccepted ? "accepted" : "declined"} this offer.</p>
      ) : (
        <fetcher.Form method="post" noValidate className="mt-6 flex flex-wrap gap-3" aria-label="Accept or decline the offer">
          <Hidden d={d} step="offer" hydrated={hydrated} />
          <button type="submit" name="decision" value="accept" className={buttonClass} disabled={fetcher.state !== "idle"}>
            Accept offer
          </button>
          <button type="submit" name="decision" value="decline" className="rounded border border-slate-300 px-5 py-2" disabled={fetcher.state !== "idle"}>
            Decline
          </button>
        </fetcher.Form>
      )}
      {errors[""] ? <p className="mt-2 text-sm text-red-700">{errors[""]}</p> : null}
    </div>
  );
}
