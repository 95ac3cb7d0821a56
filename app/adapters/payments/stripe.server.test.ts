/**
 * The Stripe adapter (issue 10) against RECORDED Stripe API responses: Stripe cannot run here,
 * so a fetch double replays response bodies in the shape of Stripe's API (2025 API versions,
 * trimmed to the fields the adapter reads) and records each request, which the tests check:
 * Checkout with manual capture and our idempotency key, confirm, capture, cancel and refund.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createStripePaymentsAdapter } from "./stripe.server";

interface Recorded {
  method: string;
  path: string;
  body: string;
  idempotencyKey: string | null;
}

function replay(responses: Record<string, unknown>) {
  const calls: Recorded[] = [];
  const fetchDouble = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers as HeadersInit);
    calls.push({ method, path: url.pathname, body: String(init?.body ?? ""), idempotencyKey: headers.get("idempotency-key") });
    const body = responses[`${method} ${url.pathname}`];
    if (body === undefined) return new Response(JSON.stringify({ error: { type: "invalid_request_error", message: `no recording for ${method} ${url.pathname}` } }), { status: 404 });
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", "request-id": "req_recorded" } });
  };
  const adapter = createStripePaymentsAdapter({ secretKey: "sk_test_recorded", httpClient: Stripe.createFetchHttpClient(fetchDouble as typeof fetch) });
  return { adapter, calls };
}

const session = { id: "cs_test_a1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_a1", status: "open", payment_intent: null };
const intentHeld = { id: "pi_test_1", object: "payment_intent", status: "requires_capture", amount: 20000, currency: "aud", capture_method: "manual" };

describe("Stripe payments adapter (recorded responses)", () => {
  it("authorise creates a Checkout Session with manual capture and our idempotency key, and redirects to Stripe", async () => {
    const { adapter, calls } = replay({ "POST /v1/checkout/sessions": session });
    const result = await adapter.authorise({ amountCents: 20000, currency: "aud", idempotencyKey: "res-key-1", description: "Refundable deposit", successUrl: "https://dealer.test/ok", cancelUrl: "https://dealer.test/back" });
    expect(result).toEqual({ kind: "redirect", ref: "cs_test_a1", url: "https://checkout.stripe.com/c/pay/cs_test_a1" });
    expect(calls).toHaveLength(1);
    const form = new URLSearchParams(calls[0].body);
    expect(calls[0].idempotencyKey).toBe("res-key-1");
    expect(form.get("mode")).toBe("payment");
    expect(form.get("payment_intent_data[capture_method]")).toBe("manual");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("20000");
    expect(form.get("line_items[0][price_data][currency]")).toBe("aud");
    expect(adapter.collectsCard).toBe(false); // card details go to Stripe's page, never to our server
    expect(adapter.testLabel).toBeNull();
  });

  it("confirm: a completed session whose PaymentIntent requires capture is authorised; an open one is pending", async () => {
    const done = replay({ "GET /v1/checkout/sessions/cs_test_a1": { ...session, status: "complete", payment_intent: intentHeld } });
    expect(await done.adapter.confirm("cs_test_a1")).toEqual({ kind: "authorised", ref: "pi_test_1" });
    expect(done.calls[0].path).toBe("/v1/checkout/sessions/cs_test_a1");
    const open = replay({ "GET /v1/checkout/sessions/cs_test_a1": session });
    expect(await open.adapter.confirm("cs_test_a1")).toEqual({ kind: "pending" });
  });

  it("capture captures the held PaymentIntent; release cancels a hold and refunds a captured payment", async () => {
    const cap = replay({ "GET /v1/payment_intents/pi_test_1": intentHeld, "POST /v1/payment_intents/pi_test_1/capture": { ...intentHeld, status: "succeeded" } });
    await cap.adapter.capture("pi_test_1");
    expect(cap.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /v1/payment_intents/pi_test_1", "POST /v1/payment_intents/pi_test_1/capture"]);

    const cancel = replay({ "GET /v1/payment_intents/pi_test_1": intentHeld, "POST /v1/payment_intents/pi_test_1/cancel": { ...intentHeld, status: "canceled" } });
    await cancel.adapter.release("pi_test_1", "res-key-1");
    expect(cancel.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /v1/payment_intents/pi_test_1", "POST /v1/payment_intents/pi_test_1/cancel"]);

    const refund = replay({ "GET /v1/payment_intents/pi_test_1": { ...intentHeld, status: "succeeded" }, "POST /v1/refunds": { id: "re_test_1", object: "refund", status: "succeeded" } });
    await refund.adapter.release("pi_test_1", "res-key-1");
    expect(refund.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /v1/payment_intents/pi_test_1", "POST /v1/refunds"]);
    expect(new URLSearchParams(refund.calls[1].body).get("payment_intent")).toBe("pi_test_1");

    const expire = replay({ "GET /v1/checkout/sessions/cs_test_a1": session, "POST /v1/checkout/sessions/cs_test_a1/expire": { ...session, status: "expired" } });
    await expire.adapter.release("cs_test_a1", "res-key-1");
    expect(expire.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /v1/checkout/sessions/cs_test_a1", "POST /v1/checkout/sessions/cs_test_a1/expire"]);
  });
});
