/**
 * /online-payment (spec 2.1, 6: always gated): a signed-in shopper pays an amount the dealer
 * requested (`npm run reservations -- request-payment`, which prints the link
 * `/online-payment?request={id}`), through the same payments adapter as reservations.
 * Signed-out visitors are sent to /sign-in?type=payment with redirect and back paths (issue 9).
 */
import { data, Form, redirect } from "react-router";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/online-payment";
import { paymentsAdapterFor } from "~/adapters/payments/index.server";
import { ErrorSummary, TestCardField, TestPaymentBanner, TextField } from "~/components/checkout/checkout-ui";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { PRIVATE_PAGE_HEADERS } from "~/domain/private-page";
import { parseDbId } from "~/domain/db-id";
import { fieldErrors, formValues, TEST_CARD_MESSAGE } from "~/forms/reservation-form";
import { requireShopperFor } from "~/services/auth.server";
import { loadPaymentRequest, payRequest, resumeRequestPayment } from "~/services/reservations.server";
import { readFormData } from "~/services/read-form.server";
import { keepFormOnFailure } from "~/components/form-client-action";
import { GENERIC_FORM_ERROR } from "~/forms/lead-form-text";

const RequestIdSchema = z.uuid("The payment reference is the code in the link your dealer sent (for example 3f2c...-...).");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const shopper = (await requireShopperFor(request, site, db, "online-payment"))!;
  const adapter = paymentsAdapterFor(db);
  const base = { siteName: site.name, testLabel: adapter.testLabel, collectsCard: adapter.collectsCard };
  const raw = url.searchParams.get("request");
  if (raw === null || raw === "") return { ...base, view: "lookup" as const, error: null, request: null, formError: null };
  const parsed = RequestIdSchema.safeParse(raw);
  if (!parsed.success) return data({ ...base, view: "lookup" as const, error: parsed.error.issues[0].message, request: null, formError: null }, { status: 400 });
  const found = await loadPaymentRequest(db, site, parsed.data);
  if (!found) return data({ ...base, view: "lookup" as const, error: "We could not find that payment request. Please check the link your dealer sent.", request: null, formError: null }, { status: 404 });
  let formError: string | null = null;
  const paymentParam = url.searchParams.get("payment");
  if (paymentParam !== null && found.status === "open") {
    const paymentId = parseDbId(paymentParam);
    if (paymentId === null) throw new Response("Bad Request: payment must be a payment number", { status: 400 });
    const result = await resumeRequestPayment(db, adapter, site, paymentId, { requestId: found.id, payer: shopper, now: info.now, ip: info.clientIp ?? null, userAgent: request.headers.get("user-agent"), url: url.href });
    if (result.kind === "paid") throw redirect(`/online-payment?request=${found.id}`);
    formError = result.kind === "redirect" ? null : result.message;
  }
  return { ...base, view: found.status === "paid" ? ("paid" as const) : found.status === "open" ? ("pay" as const) : ("closed" as const), error: null, request: found, formError };
}

interface ActionData {
  errors: Record<string, string>;
  formError: string | null;
  continueUrl: string | null;
}

/** A payment whose submit never reaches the app keeps the page, with spec 8's generic form error (issue 51). */
export const clientAction = keepFormOnFailure<ActionData>(() => ({ errors: {}, formError: GENERIC_FORM_ERROR, continueUrl: null }));

export async function action({ request, context, url }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const shopper = (await requireShopperFor(request, site, db, "online-payment"))!;
  const adapter = paymentsAdapterFor(db);
  const parsed = RequestIdSchema.safeParse(url.searchParams.get("request") ?? "");
  if (!parsed.success) throw new Response("Bad Request: request must be a payment reference", { status: 400 });
  const values = formValues(await readFormData(request));
  const card = z.object({ card_number: z.string({ error: TEST_CARD_MESSAGE }).trim().regex(/^[\d\s-]{12,23}$/, TEST_CARD_MESSAGE) }).safeParse(values);
  if (adapter.collectsCard && !card.success) return data<ActionData>({ errors: fieldErrors(card.error), formError: null, continueUrl: null }, { status: 400 });
  const self = `/online-payment?request=${parsed.data}`;
  const result = await payRequest(db, adapter, site, {
    requestId: parsed.data,
    payer: shopper,
    card: card.success ? { number: card.data.card_number } : undefined,
    now: info.now,
    successUrl: `${info.origin}${self}&payment={PAYMENT_ID}`,
    cancelUrl: `${info.origin}${self}`,
    ip: info.clientIp ?? null,
    userAgent: request.headers.get("user-agent"),
    url: url.href,
  });
  if (result.kind === "paid") throw redirect(self);
  if (result.kind === "redirect") return data<ActionData>({ errors: {}, formError: null, continueUrl: result.url });
  return data<ActionData>({ errors: {}, formError: result.message, continueUrl: null }, { status: result.kind === "declined" ? 402 : result.kind === "closed" ? 409 : 503 });
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `Online payment | ${data?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];
}

/** One shopper's transaction: never kept by a shared cache (app/domain/private-page.ts). */
export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export default function OnlinePayment({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const amount = d.request ? `$${(d.request.amountCents / 100).toLocaleString("en-AU", { minimumFractionDigits: 2 })}` : "";
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <TestPaymentBanner label={d.testLabel} />
      <h1 className="text-2xl font-bold">Online payment</h1>
      <section className="rounded-lg bg-white p-6 shadow-sm">
        {d.view === "lookup" ? (
          <Form method="get" className="flex flex-col gap-3">
            <p>Enter the payment reference from the link your dealer sent you.</p>
            <TextField name="request" label="Payment reference" error={d.error ?? undefined} required />
            <button type="submit" className="self-start rounded bg-[var(--site-primary)] px-5 py-2 font-semibold text-[var(--site-on-primary)]">
              Find my payment
            </button>
          </Form>
        ) : d.view === "paid" ? (
          <p data-testid="payment-confirmation" className="font-semibold text-green-800">
            Paid: {amount} for {d.request!.description}. Thank you; a confirmation is on its way.
          </p>
        ) : d.view === "closed" ? (
          <p role="alert">This payment request is no longer open. Please contact your dealer.</p>
        ) : (
          <>
            <p>
              Your dealer asked you to pay <strong>{amount}</strong> for <strong>{d.request!.description}</strong>.
            </p>
            {a?.continueUrl ? (
              <a href={a.continueUrl} className="mt-4 inline-block rounded bg-green-700 px-5 py-2 font-semibold text-white">
                Continue to secure payment
              </a>
            ) : (
              <Form method="post" className="mt-4 flex flex-col gap-3" noValidate>
                <ErrorSummary errors={a?.errors ?? {}} formError={a?.formError ?? d.formError} />
                {d.collectsCard ? <TestCardField error={a?.errors?.card_number} /> : <p className="text-sm text-slate-600">You pay on Stripe's secure page; your card details never reach us.</p>}
                <button type="submit" className="self-start rounded bg-green-700 px-5 py-2 font-semibold text-white">
                  Pay {amount}
                </button>
              </Form>
            )}
          </>
        )}
        <Link to="/" className="mt-4 inline-block underline">
          Back to home
        </Link>
      </section>
    </div>
  );
}
