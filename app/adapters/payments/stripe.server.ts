/**
 * Production payments adapter: Stripe PaymentIntents with manual capture (a hold), taken through
 * Stripe Checkout, so card details go from the shopper's browser to Stripe and never touch our
 * server (issue 10). Configured by environment variables (README "Reserve online"):
 * PAYMENTS_PROVIDER=stripe, STRIPE_SECRET_KEY.
 *
 * - authorise: creates a Checkout Session (mode payment, `capture_method: manual`) and returns
 *   `redirect` to its URL; `ref` is the session id (cs_...).
 * - confirm(cs_...): the session's PaymentIntent; `requires_capture` means authorised
 *   (`ref` becomes the PaymentIntent id, pi_...).
 * - capture(pi_...): captures the PaymentIntent.
 * - release: cancels an uncaptured PaymentIntent, refunds a captured one, or expires a Checkout
 *   Session the shopper never finished.
 * Every create call carries our idempotency key, so a retried request never authorises twice.
 */
import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { AuthoriseRequest, AuthoriseResult, PaymentsAdapter } from "./types";

export const STRIPE_DECLINED_MESSAGE = "Your payment was not completed. No money has been taken and the car has not been reserved.";

export interface StripeAdapterOptions {
  secretKey: string;
  /** For tests: a Stripe HTTP client (e.g. `Stripe.createFetchHttpClient(recordedFetch)`). */
  httpClient?: ConstructorParameters<typeof Stripe>[1] extends infer O ? (O extends { httpClient?: infer H } ? H : never) : never;
}

/** Builds the Stripe adapter. */
export function createStripePaymentsAdapter(options: StripeAdapterOptions): PaymentsAdapter {
  // Stripe's SDK (10 MB resident) loads only on a node configured for Stripe (issue 15 memory).
  const StripeClient = createRequire(import.meta.url)("stripe") as typeof Stripe;
  const stripe = new StripeClient(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(options.httpClient ? { httpClient: options.httpClient } : {}) });

  const cancelOrRefund = async (intentId: string) => {
    const intent = await stripe.paymentIntents.retrieve(intentId);
    if (intent.status === "succeeded") {
      await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-${intent.id}` });
    } else if (intent.status !== "canceled") {
      await stripe.paymentIntents.cancel(intent.id);
    }
  };

  return {
    provider: "stripe",
    testLabel: null,
    collectsCard: false,
    async authorise(request: AuthoriseRequest): Promise<AuthoriseResult> {
      if (!request.successUrl || !request.cancelUrl) throw new Error("Stripe Checkout needs successUrl and cancelUrl");
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: request.idempotencyKey,
          line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } } }],
          payment_intent_data: { capture_method: "manual", description: request.description, metadata: { idempotency_key: request.idempotencyKey } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe Checkout Session ${session.id} has no URL`);
      return { kind: "redirect", ref: session.id, url: session.url };
    },
    async confirm(ref) {
      if (ref.startsWith("pi_")) {
        const intent = await stripe.paymentIntents.retrieve(ref);
        return intent.status === "requires_capture" ? { kind: "authorised", ref: intent.id } : { kind: "declined", message: STRIPE_DECLINED_MESSAGE };
      }
      const session = await stripe.checkout.sessions.retrieve(ref, { expand: ["payment_intent"] });
      const intent = session.payment_intent as Stripe.PaymentIntent | string | null;
      if (session.status === "open") return { kind: "pending" };
      if (intent && typeof intent !== "string" && intent.status === "requires_capture") return { kind: "authorised", ref: intent.id };
      return { kind: "declined", message: STRIPE_DECLINED_MESSAGE };
    },
    async capture(ref) {
      const intent = await stripe.paymentIntents.retrieve(ref);
      if (intent.status === "succeeded") return;
      await stripe.paymentIntents.capture(ref, {}, { idempotencyKey: `capture-${ref}` });
    },
    async release(ref) {
      if (!ref) return; // A Checkout Session is created with our key first; without a ref nothing was created.
      if (ref.startsWith("pi_")) return cancelOrRefund(ref);
      const session = await stripe.checkout.sessions.retrieve(ref);
      if (session.status === "open") {
        await stripe.checkout.sessions.expire(ref);
        return;
      }
      const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (intentId) await cancelOrRefund(intentId);
    },
  };
}
