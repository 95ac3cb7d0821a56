/**
 * The offline test payment provider (the default; issue 10). It keeps its own ledger in the
 * `test_payment_intents` table, as a real provider keeps one on its side, so several app nodes
 * share it and tests can check that no hold is left without a reservation. No money moves.
 *
 * Test cards (README "Reserve online"):
 * - 4242 4242 4242 4242 (Visa) and 5555 5555 5555 4444 (Mastercard): approved.
 * - 4000 0000 0000 0002: declined ({@link CARD_DECLINED_MESSAGE}).
 * - 4000 0000 0000 9995: declined for insufficient funds ({@link INSUFFICIENT_FUNDS_MESSAGE}).
 * - any other number: declined ({@link NOT_A_TEST_CARD_MESSAGE}).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { testPaymentIntents } from "../../../db/schema/index";
import { TEST_PAYMENT_LABEL, type AuthoriseRequest, type AuthoriseResult, type PaymentsAdapter } from "./types";

export const CARD_DECLINED_MESSAGE = "Your card was declined. No money has been taken and the car has not been reserved.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card was declined for insufficient funds. No money has been taken and the car has not been reserved.";
export const NOT_A_TEST_CARD_MESSAGE = "This is a test payment page: please use the test card 4242 4242 4242 4242. No money has been taken.";

/** Documented test card numbers and their outcome. */
export const TEST_CARDS: Readonly<Record<string, "approve" | "decline" | "insufficient-funds">> = Object.freeze({
  "4242424242424242": "approve",
  "5555555555554444": "approve",
  "4000000000000002": "decline",
  "4000000000009995": "insufficient-funds",
});

/** Builds the test provider over the given database. */
export function createTestPaymentsAdapter(db: Database): PaymentsAdapter {
  return {
    provider: "test",
    testLabel: TEST_PAYMENT_LABEL,
    collectsCard: true,
    async authorise(request: AuthoriseRequest): Promise<AuthoriseResult> {
      const number = (request.card?.number ?? "").replace(/[\s-]/g, "");
      const outcome = TEST_CARDS[number];
      if (outcome === "decline") return { kind: "declined", message: CARD_DECLINED_MESSAGE };
      if (outcome === "insufficient-funds") return { kind: "declined", message: INSUFFICIENT_FUNDS_MESSAGE };
      if (outcome !== "approve") return { kind: "declined", message: NOT_A_TEST_CARD_MESSAGE };
      const id = `tpi_${randomUUID().replace(/-/g, "")}`;
      await db
        .insert(testPaymentIntents)
        .values({ id, idempotencyKey: request.idempotencyKey, amountCents: request.amountCents, currency: request.currency, status: "authorised", cardLast4: number.slice(-4) })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
      const [row] = await db.select({ id: testPaymentIntents.id }).from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, request.idempotencyKey));
      return { kind: "authorised", ref: row.id };
    },
    async confirm(ref) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, ref));
      return row?.status === "authorised" ? { kind: "authorised", ref } : { kind: "declined", message: CARD_DECLINED_MESSAGE };
    },
    async capture(ref) {
      const rows = await db
        .update(testPaymentIntents)
        .set({ status: "captured", captureCalls: sql`${testPaymentIntents.captureCalls} + 1`, updatedAt: new Date() })
        .where(sql`${testPaymentIntents.id} = ${ref} and ${testPaymentIntents.status} in ('authorised', 'captured')`)
        .returning({ id: testPaymentIntents.id });
      if (!rows.length) throw new Error(`test payment ${ref} cannot be captured (not authorised)`);
    },
    async release(ref, idempotencyKey) {
      const match = ref ? sql`${testPaymentIntents.id} = ${ref}` : sql`${testPaymentIntents.idempotencyKey} = ${idempotencyKey}`;
      await db.execute(sql`
        update test_payment_intents
        set status = case status when 'captured' then 'refunded' when 'authorised' then 'released' else status end, release_calls = release_calls + 1, updated_at = now()
        where ${match}`);
    },
  };
}
