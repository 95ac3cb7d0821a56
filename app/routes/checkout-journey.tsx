/**
 * /checkout-journey?car_id={id or slug} (spec 2.1 "Online purchase"; issue 10): customer
 * details, trade-in, finance (the calculator and 'I'm interested in finance'), delivery or
 * pickup, deposit payment, confirmation. Every step is a plain form post (works without
 * JavaScript) answered with a redirect back here, so a reload shows the saved step. Progress is
 * kept server side (app/services/journeys.server.ts).
 */
import { data, Form, redirect } from "react-router";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/checkout-journey";
import { paymentsAdapterFor } from "~/adapters/payments/index.server";
import { checkoutClientAction, type CheckoutActionData } from "~/components/checkout/checkout-client-action";
import { CarSummary, ErrorSummary, LocationPicker, TermsCheckbox, TestCardField, TestPaymentBanner, TextField } from "~/components/checkout/checkout-ui";
import { FinanceCalculator } from "~/components/finance/finance-calculator";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { PRIVATE_PAGE_HEADERS } from "~/domain/private-page";
import type { Car } from "~/domain/car";
import { parseDbId } from "~/domain/db-id";
import { CONTACT_FIELDS, TERMS_FIELD } from "~/forms/lead-forms";
import { DeliveryStepSchema, fieldErrors, FinanceStepSchema, formValues, TEST_CARD_MESSAGE, TradeInStepSchema } from "~/forms/reservation-form";
import { getShopper, requireShopperFor } from "~/services/auth.server";
import { getCarById, getCarBySlug } from "~/services/cars.server";
import { carSummary, pickupLocations } from "~/services/checkout-page.server";
import { financePanelFor } from "~/services/finance.server";
import { JOURNEY_STEP_LABELS, JOURNEY_STEPS, nextStep, previousStep, type JourneyStep } from "~/domain/checkout/journey";
import { completeJourney, findJourney, journeyCookie, journeyIdFromCookie, lookupPostcode, saveJourneyStep, startJourney, UNKNOWN_POSTCODE_MESSAGE, unsavedJourney, type JourneyData } from "~/services/journeys.server";
import { isCarReservable, NOT_RESERVABLE_MESSAGE, reservationTerms, reserveCar, resumeReservation, type ReserveResult } from "~/services/reservations.server";
import type { Site } from "~/sites/site";
import type { Database } from "../../db/client";
import { readFormData } from "~/services/read-form.server";
import { wholeNumberText } from "~/domain/display/number-text";

const CarIdSchema = z.string({ error: "car_id is required: a car id or slug" }).regex(/^(\d{1,10}|[a-z0-9-]{1,200})$/, "car_id must be a car id or slug");

async function carFor(db: Database, site: Site, url: URL): Promise<Car> {
  if (!site.config.features.checkout || !site.config.features.onlinePurchase) throw new Response("Not Found", { status: 404 });
  const parsed = CarIdSchema.safeParse(url.searchParams.get("car_id") ?? undefined);
  if (!parsed.success) throw new Response(`Bad Request: ${parsed.error.issues[0].message}`, { status: 400 });
  const value = parsed.data;
  // All digits: a car id (getCarById finds none beyond the database's range); else a slug.
  const car = /^\d+$/.test(value) ? await getCarById(db, site, Number(value)) : await (async () => {
    const lookup = await getCarBySlug(db, site, value);
    return lookup.kind === "found" ? lookup.car : null;
  })();
  if (!car || !car.showOnDealerWebsite || car.status === "withdrawn") throw new Response("Not Found", { status: 404 });
  return car;
}

/**
 * The shopper's stored journey, else an unsaved one at 'details': a GET never inserts a row
 * (crawlers and passing clicks, issue 51 section 6); the first valid step post stores it.
 */
async function journeyFor(db: Database, site: Site, request: Request, car: Car, now: number) {
  await requireShopperFor(request, site, db, "checkout"); // spec 6: gated per site (accounts.gateCheckout)
  const who = { cookieId: journeyIdFromCookie(request), shopper: await getShopper(request, site, db), now };
  return (await findJourney(db, site, car, who)) ?? unsavedJourney(site, car, who);
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const car = await carFor(db, site, url);
  const journey = await journeyFor(db, site, request, car, info.now);
  const adapter = paymentsAdapterFor(db);
  const self = `/checkout-journey?car_id=${encodeURIComponent(url.searchParams.get("car_id")!)}`;
  let formError: string | null = null;

  // Back from a redirect provider (Stripe Checkout) on the deposit step.
  const paymentParam = url.searchParams.get("payment");
  if (paymentParam !== null && journey.status === "open" && journey.id) {
    const paymentId = parseDbId(paymentParam);
    if (paymentId === null) throw new Response("Bad Request: payment must be a payment number", { status: 400 });
    const result = await resumeReservation(db, adapter, site, paymentId, { car, now: info.now, ip: info.clientIp ?? null, userAgent: request.headers.get("user-agent"), url: url.href, journeyId: journey.id, skipLead: true, purpose: "journey" });
    if (result.kind === "reserved") {
      await completeJourney(db, site, journey, car, result, { ip: info.clientIp ?? null, userAgent: request.headers.get("user-agent"), url: url.href, now: info.now });
      throw redirect(self);
    }
    formError = result.kind === "redirect" ? null : result.message;
  }

  const step = journey.step as JourneyStep;
  const finance = step === "finance" ? await financePanelFor(site, car, new Date(info.now)) : null;
  return data(
    {
      siteName: site.name,
      self,
      car: carSummary(site, car),
      carId: car.id,
      step,
      status: journey.status,
      journeyData: journey.data as JourneyData,
      available: journey.status === "completed" || isCarReservable(site, car),
      unavailableMessage: NOT_RESERVABLE_MESSAGE,
      terms: reservationTerms(site),
      testLabel: adapter.testLabel,
      collectsCard: adapter.collectsCard,
      locations: await pickupLocations(db, site, car),
      finance: finance ? { config: finance.calculator.config, initial: finance.calculator.initial, financePath: finance.financePath } : null,
      formError,
    },
  );
}

type ActionData = CheckoutActionData;
/** A submit that never reaches the app keeps the form as typed (spec 8 generic form failure; issue 51). */
export const clientAction = checkoutClientAction;
const reply = (d: ActionData, status = 400) => data<ActionData>(d, { status });

const DetailsStepSchema = z.object({ ...CONTACT_FIELDS });
const PaymentStepSchema = (withCard: boolean) =>
  z.object({ ...TERMS_FIELD, ...(withCard ? { card_number: z.string({ error: TEST_CARD_MESSAGE }).trim().regex(/^[\d\s-]{12,23}$/, TEST_CARD_MESSAGE) } : {}) });

export async function action({ context, request, url }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const car = await carFor(db, site, url);
  const journey = await journeyFor(db, site, request, car, info.now);
  const self = `/checkout-journey?car_id=${encodeURIComponent(url.searchParams.get("car_id")!)}`;
  if (journey.status !== "open") throw redirect(self);
  const form = await readFormData(request);
  const values = formValues(form, ["terms", "interested_in_finance"]);
  const echo: Record<string, unknown> = { ...values, card_number: undefined };
  const step = journey.step as JourneyStep;
  // The form names its step: a stale tab (another device moved on) just shows the current step.
  if (values.step !== step) throw redirect(self);
  if (values.intent === "back") {
    if (!journey.id) throw redirect(self);
    await saveJourneyStep(db, journey, {}, previousStep(step), info.now);
    throw redirect(self);
  }
  const fail = (error: z.ZodError) => reply({ errors: fieldErrors(error), formError: null, values: echo, continueUrl: null });
  let patch: Partial<JourneyData>;
  switch (step) {
    case "details": {
      const parsed = DetailsStepSchema.safeParse(values);
      if (!parsed.success) return fail(parsed.error);
      patch = { details: parsed.data };
      break;
    }
    case "trade-in": {
      const parsed = TradeInStepSchema.safeParse(values);
      if (!parsed.success) return fail(parsed.error);
      patch = { tradeIn: parsed.data };
      break;
    }
    case "finance": {
      const parsed = FinanceStepSchema.safeParse(values);
      if (!parsed.success) return fail(parsed.error);
      patch = { finance: parsed.data };
      break;
    }
    case "delivery": {
      const parsed = DeliveryStepSchema.safeParse(values);
      if (!parsed.success) return fail(parsed.error);
      if (parsed.data.delivery_method === "delivery") {
        const place = lookupPostcode(parsed.data.delivery_postcode);
        if (!place) return reply({ errors: { delivery_postcode: UNKNOWN_POSTCODE_MESSAGE }, formError: null, values: echo, continueUrl: null });
        patch = { delivery: { ...parsed.data, locality: place.locality, state: place.state } };
      } else {
        patch = { delivery: parsed.data };
      }
      break;
    }
    case "payment": {
      const adapter = paymentsAdapterFor(db);
      const parsed = PaymentStepSchema(adapter.collectsCard).safeParse(values);
      if (!parsed.success) return fail(parsed.error);
      const data = journey.data as JourneyData;
      if (!data.details) {
        await saveJourneyStep(db, journey, {}, "details", info.now);
        throw redirect(self);
      }
      const result: ReserveResult = await reserveCar(db, adapter, site, {
        car,
        details: { ...data.details, location_id: data.delivery?.delivery_method === "pickup" ? data.delivery.location_id : null },
        card: "card_number" in parsed.data ? { number: String(parsed.data.card_number) } : undefined,
        now: info.now,
        purpose: "journey",
        journeyId: journey.id,
        skipLead: true,
        ip: info.clientIp ?? null,
        userAgent: request.headers.get("user-agent"),
        url: url.href,
        successUrl: `${info.origin}${self}&payment={PAYMENT_ID}`,
        cancelUrl: `${info.origin}${self}`,
      });
      if (result.kind === "reserved") {
        await completeJourney(db, site, journey, car, result, { ip: info.clientIp ?? null, userAgent: request.headers.get("user-agent"), url: url.href, now: info.now });
        throw redirect(self);
      }
      if (result.kind === "redirect") return reply({ errors: {}, formError: null, values: echo, continueUrl: result.url }, 200);
      const status = result.kind === "declined" ? 402 : result.kind === "failed" ? 503 : 409;
      return reply({ errors: {}, formError: result.message, values: echo, continueUrl: null }, status);
    }
    default:
      throw redirect(self);
  }
  if (!journey.id) {
    // The first valid step: the journey is stored now, and its cookie set.
    const stored = await startJourney(db, journey, patch, nextStep(step), info.now);
    throw redirect(self, { headers: { "Set-Cookie": journeyCookie(request, stored.id) } });
  }
  await saveJourneyStep(db, journey, patch, nextStep(step), info.now);
  throw redirect(self);
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Buy ${data.car.title} online | ${data.siteName}` : "Buy online" }, { name: "robots", content: "noindex" }];
}

const money = (n: number) => `$${wholeNumberText(n)}`;

function StepButtons({ step, submitLabel = "Continue" }: { step: JourneyStep; submitLabel?: string }) {
  return (
    <div className="mt-2 flex gap-3">
      {step !== "details" ? (
        <button type="submit" name="intent" value="back" formNoValidate className="rounded border border-slate-400 px-5 py-2">
          Back
        </button>
      ) : null}
      <button type="submit" name="intent" value="next" className="rounded bg-green-700 px-5 py-2 font-semibold text-white">
        {submitLabel}
      </button>
    </div>
  );
}

/** One shopper's transaction: never kept by a shared cache (app/domain/private-page.ts). */
export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export default function CheckoutJourney({ loaderData: d, actionData }: Route.ComponentProps) {
  const a = actionData;
  const v = (k: string) => a?.values?.[k];
  const saved = d.journeyData;
  const errors = a?.errors ?? {};
  const current = d.status === "completed" ? "confirmation" : d.step;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {current === "payment" ? <TestPaymentBanner label={d.testLabel} /> : null}
      <h1 className="text-2xl font-bold">Buy online</h1>
      <CarSummary car={d.car} />
      <nav aria-label="Purchase steps">
        <ol className="flex flex-wrap gap-2 text-sm">
          {JOURNEY_STEPS.map((s, i) => (
            <li key={s} aria-current={s === current ? "step" : undefined} className={`rounded px-2 py-1 ${s === current ? "bg-[var(--site-primary)] font-semibold text-[var(--site-on-primary)]" : "bg-slate-100 text-slate-700"}`}>
              {i + 1}. {JOURNEY_STEP_LABELS[s]}
            </li>
          ))}
        </ol>
      </nav>
      {!d.available ? (
        <p role="alert" data-testid="error-warning" className="rounded bg-white p-6 font-semibold text-red-800 shadow-sm">
          {d.unavailableMessage}
        </p>
      ) : current === "confirmation" ? (
        <section aria-labelledby="step-title" className="rounded-lg bg-white p-6 shadow-sm" data-testid="journey-confirmation">
          <h2 id="step-title" className="text-xl font-semibold text-green-800">
            Thank you: your purchase is under way
          </h2>
          <p className="mt-2">
            Your fully refundable {money(saved.deposit?.dollars ?? d.terms.depositDollars)} deposit is authorised on your card, not charged, and we hold this car for you until{" "}
            <strong>{saved.deposit?.heldUntil}</strong>. We have emailed you a confirmation and our team will call you to finalise the sale.
          </p>
          <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">Name</dt>
            <dd>{saved.details ? `${saved.details.name} ${saved.details.last_name}` : "-"}</dd>
            <dt className="font-semibold">Trade-in</dt>
            <dd>{saved.tradeIn?.has_trade_in === "Yes" ? `Yes: ${saved.tradeIn.trade_rego}, ${saved.tradeIn.trade_km?.toLocaleString("en-AU")} km` : "No"}</dd>
            <dt className="font-semibold">Finance</dt>
            <dd>{saved.finance?.interested_in_finance ? "I'm interested in finance" : "No finance"}</dd>
            <dt className="font-semibold">Delivery</dt>
            <dd>
              {saved.delivery?.delivery_method === "delivery"
                ? `Delivery to ${saved.delivery.locality} ${saved.delivery.state} ${saved.delivery.delivery_postcode}`
                : `Pickup at ${d.locations.find((l) => saved.delivery?.delivery_method === "pickup" && l.id === saved.delivery.location_id)?.name ?? "the dealership"}`}
            </dd>
          </dl>
          <Link to={`/cars/${d.car.slug}`} className="mt-4 inline-block underline">
            Back to the car
          </Link>
        </section>
      ) : (
        <section aria-labelledby="step-title" className="rounded-lg bg-white p-6 shadow-sm">
          <h2 id="step-title" className="text-lg font-semibold">
            {JOURNEY_STEP_LABELS[current]}
          </h2>
          {current === "finance" && d.finance ? (
            <div className="mt-3 rounded border border-slate-200 p-3">
              <FinanceCalculator config={d.finance.config} initial={d.finance.initial} action={`${d.finance.financePath}#finance-calculator`} hidden={{ car_id: String(d.carId) }} />
            </div>
          ) : null}
          {a?.continueUrl ? (
            <p className="mt-4">
              <a href={a.continueUrl} className="inline-block rounded bg-green-700 px-5 py-2 font-semibold text-white">
                Continue to secure payment
              </a>
            </p>
          ) : (
            <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
              <input type="hidden" name="step" value={current} />
              <ErrorSummary errors={errors} formError={a?.formError ?? d.formError} />
              {current === "details" ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField name="name" label="First Name" autoComplete="given-name" value={v("name") ?? saved.details?.name} error={errors.name} required />
                  <TextField name="last_name" label="Last Name" autoComplete="family-name" value={v("last_name") ?? saved.details?.last_name} error={errors.last_name} required />
                  <TextField name="phone" label="Mobile" type="tel" autoComplete="tel" value={v("phone") ?? saved.details?.phone} error={errors.phone} required />
                  <TextField name="email" label="Email" type="email" autoComplete="email" value={v("email") ?? saved.details?.email} error={errors.email} required />
                  <TextField name="postcode" label="Postcode" inputMode="numeric" maxLength={4} autoComplete="postal-code" value={v("postcode") ?? saved.details?.postcode} error={errors.postcode} required />
                </div>
              ) : null}
              {current === "trade-in" ? (
                <>
                  <p className="text-sm">
                    Want a firm offer first? <a href={`/cars/trade-in?car_id=${d.carId}`} className="underline">Value your trade-in</a>, then come back here.
                  </p>
                  <div className="flex flex-col gap-1">
                    <label htmlFor="f-has_trade_in" className="text-sm font-medium">
                      Do You Have A Trade-In *
                    </label>
                    <select id="f-has_trade_in" name="has_trade_in" defaultValue={String(v("has_trade_in") ?? saved.tradeIn?.has_trade_in ?? "")} className="rounded border border-slate-400 px-3 py-2" aria-invalid={errors.has_trade_in ? true : undefined}>
                      <option value="">Choose</option>
                      <option value="No">No</option>
                      <option value="Yes">Yes</option>
                    </select>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField name="trade_rego" label="Trade-in rego (if yes)" maxLength={10} value={v("trade_rego") ?? saved.tradeIn?.trade_rego ?? ""} error={errors.trade_rego} />
                    <TextField name="trade_km" label="Trade-in odometer, km (if yes)" inputMode="numeric" value={v("trade_km") ?? saved.tradeIn?.trade_km ?? ""} error={errors.trade_km} />
                  </div>
                </>
              ) : null}
              {current === "finance" ? (
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="interested_in_finance" defaultChecked={saved.finance?.interested_in_finance ?? false} />
                  I'm interested in finance
                </label>
              ) : null}
              {current === "delivery" ? (
                <>
                  <fieldset className="flex flex-col gap-2">
                    <legend className="text-sm font-medium">Delivery or pickup *</legend>
                    <label className="flex items-center gap-2">
                      <input type="radio" name="delivery_method" value="pickup" defaultChecked={(v("delivery_method") ?? saved.delivery?.delivery_method) === "pickup"} /> Pick up from the dealership
                    </label>
                    <label className="flex items-center gap-2">
                      <input type="radio" name="delivery_method" value="delivery" defaultChecked={(v("delivery_method") ?? saved.delivery?.delivery_method) === "delivery"} /> Deliver to my postcode
                    </label>
                  </fieldset>
                  <LocationPicker locations={d.locations} value={v("location_id") ?? (saved.delivery?.delivery_method === "pickup" ? saved.delivery.location_id : undefined)} error={errors.location_id} />
                  <TextField
                    name="delivery_postcode"
                    label="Delivery postcode (for delivery)"
                    inputMode="numeric"
                    maxLength={4}
                    value={v("delivery_postcode") ?? (saved.delivery?.delivery_method === "delivery" ? saved.delivery.delivery_postcode : "")}
                    error={errors.delivery_postcode}
                  />
                </>
              ) : null}
              {current === "payment" ? (
                <>
                  <p data-testid="deposit-terms">
                    Pay a fully refundable {money(d.terms.depositDollars)} deposit. Your card is authorised, not charged; we hold the car for {d.terms.holdHours} hours while we finalise the sale, and the deposit comes off the price.
                  </p>
                  <TermsCheckbox error={errors.terms} />
                  {d.collectsCard ? <TestCardField error={errors.card_number} /> : <p className="text-sm text-slate-600">You pay the deposit on Stripe's secure page; your card details never reach us.</p>}
                </>
              ) : null}
              <StepButtons step={current} submitLabel={current === "payment" ? `Pay ${money(d.terms.depositDollars)} deposit` : "Continue"} />
            </Form>
          )}
        </section>
      )}
    </div>
  );
}
