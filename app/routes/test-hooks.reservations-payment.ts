/**
 * Test hook (issue 49 e2e): what the offline test payment provider recorded for one reservation's
 * deposit: its status and how many capture and release calls it received, so a browser test can
 * check that pressing "Capture" twice captured once. Exists only when the server runs with
 * FORECOURT_TEST_HOOKS=1 (the Playwright web server sets it); otherwise every request gets 404.
 * POST body (form or JSON): `reservation`, the reservation id, on the reservation's site host.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/test-hooks.reservations-payment";
import { dbContext, siteContext } from "~/context";
import { testHookBody } from "~/services/test-hooks.server";
import { payments, reservations, testPaymentIntents } from "../../db/schema/index";

const BodySchema = z.object({ reservation: z.coerce.number().int().positive() });

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await testHookBody(request, BodySchema, "reservation must be a reservation id");
  if (!body.ok) return body.response;
  const site = context.get(siteContext);
  const [row] = await context
    .get(dbContext)
    .select({ status: testPaymentIntents.status, captureCalls: testPaymentIntents.captureCalls, releaseCalls: testPaymentIntents.releaseCalls })
    .from(reservations)
    .innerJoin(payments, eq(payments.id, reservations.paymentId))
    .innerJoin(testPaymentIntents, eq(testPaymentIntents.id, payments.providerRef))
    .where(and(eq(reservations.id, body.value.reservation), eq(reservations.siteId, site.id)));
  if (!row) return Response.json({ error: "no test payment for that reservation on this site" }, { status: 404 });
  return Response.json(row);
}
