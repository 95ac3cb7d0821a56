/**
 * Chooses the payments adapter from the environment (README "Reserve online"):
 * - PAYMENTS_PROVIDER=test (default): the offline test provider ("Test payment: no money moves").
 * - PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY: Stripe Checkout, PaymentIntents with manual capture.
 * @throws when PAYMENTS_PROVIDER=stripe and STRIPE_SECRET_KEY is missing
 */
import { z } from "zod";
import type { Database } from "../../../db/client";
import { createStripePaymentsAdapter } from "./stripe.server";
import { createTestPaymentsAdapter } from "./test-provider.server";
import type { PaymentsAdapter } from "./types";

const PaymentsEnvSchema = z.object({
  PAYMENTS_PROVIDER: z.enum(["test", "stripe"]).default("test"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_... or sk_test_...)").optional(),
});

const cache = new WeakMap<object, PaymentsAdapter>();

/** The adapter for this process (one per database handle). */
export function paymentsAdapterFor(db: Database, env: Record<string, string | undefined> = process.env): PaymentsAdapter {
  const cached = cache.get(db);
  if (cached) return cached;
  const parsed = PaymentsEnvSchema.parse({ PAYMENTS_PROVIDER: env.PAYMENTS_PROVIDER || undefined, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY || undefined });
  let adapter: PaymentsAdapter;
  if (parsed.PAYMENTS_PROVIDER === "stripe") {
    if (!parsed.STRIPE_SECRET_KEY) throw new Error("PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY");
    adapter = createStripePaymentsAdapter({ secretKey: parsed.STRIPE_SECRET_KEY });
  } else {
    adapter = createTestPaymentsAdapter(db);
  }
  cache.set(db, adapter);
  return adapter;
}
