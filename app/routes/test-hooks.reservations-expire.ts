/**
 * Test hook (issue 10 e2e): runs the reservation expiry job with an injected clock.
 * Exists only when the server runs with FORECOURT_TEST_HOOKS=1 (the Playwright web server sets it);
 * otherwise every request gets 404. POST body (form or JSON): `now`, an ISO-8601 instant.
 */
import { z } from "zod";
import type { Route } from "./+types/test-hooks.reservations-expire";
import { paymentsAdapterFor } from "~/adapters/payments/index.server";
import { dbContext } from "~/context";
import { expireReservations, reconcilePayments } from "~/services/reservations.server";
import { testHookBody } from "~/services/test-hooks.server";

const BodySchema = z.object({ now: z.iso.datetime({ offset: true }) });

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await testHookBody(request, BodySchema, "now must be an ISO-8601 instant, e.g. 2026-11-25T00:00:00Z");
  if (!body.ok) return body.response;
  const db = context.get(dbContext);
  const adapter = paymentsAdapterFor(db);
  const now = Date.parse(body.value.now);
  const report = await expireReservations(db, adapter, now);
  const reconciled = await reconcilePayments(db, adapter, now);
  return Response.json({ ...report, reconciled });
}
