/**
 * Test hook (issue 50 e2e): runs the scheduled-changes job with an injected clock, as the job
 * would at that moment. Only with FORECOURT_TEST_HOOKS=1 (app/services/test-hooks.server.ts).
 * POST body (form or JSON): `now`, an ISO-8601 instant.
 */
import type { Route } from "./+types/test-hooks.scheduled-changes";
import { dbContext } from "~/context";
import { runDueChanges } from "~/services/scheduled-changes.server";
import { testHookNow } from "~/services/test-hooks.server";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const now = await testHookNow(request);
  if (now instanceof Response) return now;
  return Response.json(await runDueChanges(context.get(dbContext), now));
}
