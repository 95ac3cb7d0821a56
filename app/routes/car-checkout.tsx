/**
 * /cars/{slug}/checkout or /cars/{slug}/buy-online (spec 2.1; the segment is the site's
 * `features.checkoutPath`): reserve a car online with a refundable deposit (spec 9: $200 held
 * 48 hours by default, `features.reserveDeposit` / `features.reserveHoldHours`).
 *
 * Works without JavaScript: a plain form post. The test provider's card number is part of the
 * form (no money moves); with Stripe the shopper continues to Stripe Checkout and comes back to
 * `?payment={id}`, where the reservation is completed.
 */
import { data, Form, redirect } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/car-checkout";
import { paymentsAdapterFor } from "~/adapters/payments/index.server";
import { checkoutClientAction, type CheckoutActionData } from "~/components/checkout/checkout-client-action";
import { CarSummary, ErrorSummary, LocationPicker, TermsCheckbox, TestCardField, TestPaymentBanner, TextField } from "~/components/checkout/checkout-ui";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { PRIVATE_PAGE_HEADERS } from "~/domain/private-page";
import type { Car } from "~/domain/car";
import { parseDbId } from "~/domain/db-id";
import { fieldErrors, formValues, reservationFormSchema } from "~/forms/reservation-form";
import { requireShopperFor } from "~/services/auth.server";
import { getCarBySlug } from "~/services/cars.server";
import { carSummary, pickupLocations } from "~/services/checkout-page.server";
import {
  formatHoldEnd, isCarReservable, isReservedOnline, NOT_RESERVABLE_MESSAGE, RESERVED_BY_ANOTHER_MESSAGE, reservationTerms, reserveCar, resumeReservation,
} from "~/services/reservations.server";
import type { Site } from "~/sites/site";
import type { Database } from "../../db/client";
import { reservations } from "../../db/schema/index";
import { and, eq } from "drizzle-orm";
import { readFormData } from "~/services/read-form.server";
import { grantReservationAccess, hasReservationAccess } from "~/services/reservation-access.server";
import { wholeNumberText } from "~/domain/display/number-text";

const SLUG = /^[a-z0-9-]{1,200}$/;

type ActionData = CheckoutActionData;
/** A submit that never reaches the app keeps the form as typed (spec 8 generic form failure; issue 51). */
export const clientAction = checkoutClientAction;
const reply = (d: ActionData, status = 200) => data<ActionData>(d, { status });

/** Loads the car for this route or throws 404 (unknown car, checkout off, or the other path segment). */
async function carFor(db: Database, site: Site, url: URL, slug: string): Promise<Car> {
  const segment = url.pathname.split("/").filter(Boolean).pop();
  if (!site.config.features.checkout || segment !== site.config.features.checkoutPath || !SLUG.test(slug)) throw new Response("Not Found", { status: 404 });
  const lookup = await getCarBySlug(db, site, slug);
  if (lookup.kind !== "found") throw new Response("Not Found", { status: 404 });
  return lookup.car;
}

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const car = await carFor(db, site, url, params.slug);
  await requireShopperFor(request, site, db, "checkout"); // spec 6: gated per site (accounts.gateCheckout)
  const adapter = paymentsAdapterFor(db);
  const terms = reservationTerms(site);
  const base = { siteName: site.name, car: carSummary(site, car), terms, testLabel: adapter.testLabel, collectsCard: adapter.collectsCard, itemNoun: site.config.itemNoun.singular };

  const reservedParam = url.searchParams.get("reserved");
  if (reservedParam !== null) {
    const reservationId = parseDbId(reservedParam);
    if (reservationId === null) throw new Response("Bad Request: reserved must be a reservation number", { status: 400 });
    const [row] = await db.select().from(reservations).where(and(eq(reservations.id, reservationId), eq(reservations.carId, car.id), eq(reservations.siteId, site.id)));
    // Only the reserving browser sees its reservation; to anyone else the number is unknown.
    if (!row || !hasReservationAccess(request, row)) throw new Response("Not Found", { status: 404 });
    return { ...base, view: "confirmed" as const, confirmation: { id: row.id, status: row.status, heldUntil: formatHoldEnd(row.expiresAt, site), depositDollars: row.depositCents / 100 } };
  }
  // Back from a redirect provider (Stripe Checkout).
  const paymentParam = url.searchParams.get("payment");
  if (paymentParam !== null) {
    const paymentId = parseDbId(paymentParam);
    if (paymentId === null) throw new Response("Bad Request: payment must be a payment number", { status: 400 });
    const result = await resumeReservation(db, adapter, site, paymentId, { car, now: info.now, ip: info.clientIp ?? null, userAgent: request.headers.get("user-agent"), url: url.href });
    if (result.kind === "reserved") {
      const cookie = await grantReservationAccess(db, request, result.reservationId);
      throw redirect(`${url.pathname}?reserved=${result.reservationId}`, cookie ? { headers: { "set-cookie": cookie } } : undefined);
    }
    return { ...base, view: "form" as const, locations: await pickupLocations(db, site, car), formError: result.kind === "redirect" ? null : result.message };
  }
  if (!isCarReservable(site, car) || (await isReservedOnline(db, car.id))) {
    const message = (await isReservedOnline(db, car.id)) ? RESERVED_BY_ANOTHER_MESSAGE : NOT_RESERVABLE_MESSAGE;
    return { ...base, view: "unavailable" as const, message };
  }
  return { ...base, view: "form" as const, locations: await pickupLocations(db, site, car), formError: null };
}

export async function action({ params, context, request, url }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const car = await carFor(db, site, url, params.slug);
  await requireShopperFor(request, site, db, "checkout");
  const adapter = paymentsAdapterFor(db);
  const locations = await pickupLocations(db, site, car);
  const form = await readFormData(request);
  const values = formValues(form, ["terms"]);
  const parsed = reservationFormSchema({ withCard: adapter.collectsCard, locationRequired: locations.length > 1 }).safeParse(values);
  const echo: Record<string, unknown> = { ...values, card_number: undefined };
  if (!parsed.success) return reply({ errors: fieldErrors(parsed.error), formError: null, values: echo, continueUrl: null }, 400);
  const v = parsed.data;
  const pathname = url.pathname;
  const result = await reserveCar(db, adapter, site, {
    car,
    details: { name: v.name, last_name: v.last_name, phone: v.phone, email: v.email, postcode: v.postcode, location_id: v.location_id ?? locations[0]?.id ?? null },
    card: "card_number" in v ? { number: String(v.card_number) } : undefined,
    now: info.now,
    ip: info.clientIp ?? null,
    userAgent: request.headers.get("user-agent"),
    url: url.href,
    successUrl: `${info.origin}${pathname}?payment={PAYMENT_ID}`,
    cancelUrl: `${info.origin}${pathname}`,
  });
  switch (result.kind) {
    case "reserved": {
      const cookie = await grantReservationAccess(db, request, result.reservationId);
      throw redirect(`${pathname}?reserved=${result.reservationId}`, cookie ? { headers: { "set-cookie": cookie } } : undefined);
    }
    case "redirect":
      // A link, not an HTTP redirect: the page's form-action policy allows only our own origin.
      return reply({ errors: {}, formError: null, values: echo, continueUrl: result.url });
    case "taken":
      return reply({ errors: {}, formError: result.message, values: echo, continueUrl: null }, 409);
    case "declined":
      return reply({ errors: {}, formError: result.message, values: echo, continueUrl: null }, 402);
    case "unavailable":
      return reply({ errors: {}, formError: result.message, values: echo, continueUrl: null }, 409);
    default:
      return reply({ errors: {}, formError: result.message, values: echo, continueUrl: null }, 503);
  }
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `Reserve ${data.car.title} | ${data.siteName}` : "Reserve online" }, { name: "robots", content: "noindex" }];
}

/** One shopper's transaction: never kept by a shared cache (app/domain/private-page.ts). */
export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export default function CarCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const money = (n: number) => `$${wholeNumberText(n)}`;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <TestPaymentBanner label={d.testLabel} />
      <h1 className="text-2xl font-bold">{d.view === "confirmed" ? "Your reservation" : `Reserve this ${d.itemNoun} online`}</h1>
      <CarSummary car={d.car} />
      {d.view === "confirmed" ? (
        <section aria-labelledby="confirmed-title" className="rounded-lg bg-white p-6 shadow-sm" data-testid="reservation-confirmation">
          <h2 id="confirmed-title" className="text-xl font-semibold text-green-800">
            {d.confirmation.status === "active" ? "Reserved: we are holding this car for you" : `This reservation has ended (${d.confirmation.status})`}
          </h2>
          {d.confirmation.status === "active" ? (
            <p className="mt-2">
              Your fully refundable {money(d.confirmation.depositDollars)} deposit is authorised on your card, not charged. We hold the {d.itemNoun} until{" "}
              <strong>{d.confirmation.heldUntil}</strong>. We have emailed you a confirmation; reservation number {d.confirmation.id}.
            </p>
          ) : null}
          <Link to={`/cars/${d.car.slug}`} className="mt-4 inline-block underline">
            Back to the {d.itemNoun}
          </Link>
        </section>
      ) : d.view === "unavailable" ? (
        <section className="rounded-lg bg-white p-6 shadow-sm">
          <p role="alert" data-testid="error-warning" className="font-semibold text-red-800">
            {d.message}
          </p>
          <Link to={`/cars/${d.car.slug}`} className="mt-4 inline-block underline">
            Back to the {d.itemNoun}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="reserve-title" className="rounded-lg bg-white p-6 shadow-sm">
          <h2 id="reserve-title" className="text-lg font-semibold">
            Fully refundable {money(d.terms.depositDollars)} deposit, held for {d.terms.holdHours} hours
          </h2>
          <p className="mt-1 text-slate-700" data-testid="deposit-terms">
            Reserve now with a {money(d.terms.depositDollars)} deposit. We take the {d.itemNoun} off sale for {d.terms.holdHours} hours while you arrange to see or buy it. Your card is only authorised, not charged; if you do not go ahead the hold is released in full. If you buy, the deposit comes off the price.
          </p>
          {actionData?.continueUrl ? (
            <p className="mt-4">
              <a href={actionData.continueUrl} className="inline-block rounded bg-green-700 px-5 py-2 font-semibold text-white">
                Continue to secure payment
              </a>
            </p>
          ) : (
            <Form method="post" className="mt-4 flex flex-col gap-3" noValidate>
              <ErrorSummary errors={actionData?.errors ?? {}} formError={actionData?.formError ?? d.formError} />
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField name="name" label="First Name" autoComplete="given-name" value={actionData?.values?.name} error={actionData?.errors?.name} required />
                <TextField name="last_name" label="Last Name" autoComplete="family-name" value={actionData?.values?.last_name} error={actionData?.errors?.last_name} required />
                <TextField name="phone" label="Mobile" type="tel" autoComplete="tel" value={actionData?.values?.phone} error={actionData?.errors?.phone} required />
                <TextField name="email" label="Email" type="email" autoComplete="email" value={actionData?.values?.email} error={actionData?.errors?.email} required />
                <TextField name="postcode" label="Postcode" inputMode="numeric" maxLength={4} autoComplete="postal-code" value={actionData?.values?.postcode} error={actionData?.errors?.postcode} required />
              </div>
              <LocationPicker locations={d.locations} value={actionData?.values?.location_id} error={actionData?.errors?.location_id} />
              <TermsCheckbox error={actionData?.errors?.terms} checked={actionData?.values?.terms === true} />
              {d.collectsCard ? <TestCardField error={actionData?.errors?.card_number} /> : <p className="text-sm text-slate-600">You pay the deposit on Stripe's secure page; your card details never reach us.</p>}
              <button type="submit" className="rounded bg-green-700 px-5 py-2 font-semibold text-white">
                Reserve for {money(d.terms.depositDollars)}
              </button>
            </Form>
          )}
        </section>
      )}
    </div>
  );
}
