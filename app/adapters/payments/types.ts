/**
 * Payments adapter (issue 10; DESIGN 7 "Outside systems are adapters with real defaults"):
 * authorise a deposit (a hold on the card), capture it (the car is sold), or release it (cancel
 * the hold, or refund a captured payment). Money is in cents, currency 'aud'.
 *
 * Two implementations: the offline test provider (default, test-provider.server.ts, "Test
 * payment: no money moves") and Stripe PaymentIntents with manual capture through Stripe
 * Checkout (stripe.server.ts), where card details go straight to Stripe, never to our server.
 */

/** Shown on every page that takes a payment through the test provider. */
export const TEST_PAYMENT_LABEL = "Test payment: no money moves";

/** Card fields, only ever sent to the offline test provider (never in production). */
export interface TestCardDetails {
  /** Digits, spaces allowed. */
  number: string;
}

export interface AuthoriseRequest {
  /** Whole cents, > 0. */
  amountCents: number;
  /** ISO 4217, lower case ('aud'). */
  currency: string;
  /** Our payments row's key: the provider authorises at most once per key. */
  idempotencyKey: string;
  /** Shown on the shopper's statement / the provider's dashboard. */
  description: string;
  /** Test provider only. */
  card?: TestCardDetails;
  /** Redirect providers (Stripe Checkout): where the shopper returns after paying or cancelling. */
  successUrl?: string;
  cancelUrl?: string;
}

/**
 * - authorised: the amount is held on the card; `ref` is the provider's id to capture/release.
 * - declined: nothing is held; `message` is for the shopper.
 * - redirect: send the shopper to `url` (the provider's payment page); `ref` identifies the attempt.
 * - pending: (after a redirect) the shopper has not finished paying.
 */
export type AuthoriseResult =
  | { kind: "authorised"; ref: string }
  | { kind: "declined"; message: string }
  | { kind: "redirect"; ref: string; url: string }
  | { kind: "pending" };

export interface PaymentsAdapter {
  readonly provider: "test" | "stripe";
  /** {@link TEST_PAYMENT_LABEL} for the test provider, null in production. */
  readonly testLabel: string | null;
  /** True when our page collects the (test) card number; false for redirect providers. */
  readonly collectsCard: boolean;
  /**
   * Asks for a hold of `amountCents`. Idempotent per `idempotencyKey`.
   * @throws on a network or provider error (outcome unknown: the reconcile job releases it later)
   */
  authorise(request: AuthoriseRequest): Promise<AuthoriseResult>;
  /** After a redirect: the attempt `ref`'s outcome. @throws on provider errors */
  confirm(ref: string): Promise<AuthoriseResult>;
  /** Takes the held amount. Idempotent. @throws on provider errors */
  capture(ref: string): Promise<void>;
  /**
   * Cancels the hold of `ref` (or a refund if it was captured). With `ref` null the provider looks
   * the attempt up by `idempotencyKey` (a crash after authorising, before we stored the ref).
   * Idempotent; releasing something never authorised does nothing. @throws on provider errors
   */
  release(ref: string | null, idempotencyKey: string): Promise<void>;
}
