/**
 * Test hook (issue 50 e2e): runs the scheduled-changes job with an injected clock, as the job
 * would at that moment. Exists only when the server runs with FORECOURT_TEST_HOOKS=1 (the
 * Playwright web server sets it); otherwise every request gets 404. POST body (form or JSON):
 * `now`, an ISO-8601 instant.
 */
import { z } from "zod";
import type { Route } from "./+types/test-hooks.scheduled-changes";
import { dbContext } from "~/context";
import { runDueChanges } from "~/services/scheduled-changes.server";

const BodySchema = z.object({ now: z.iso.datetime({ offset: true }) });

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (process.env.FORECOURT_TEST_HOOKS !== "1") throw new Response("Not Found", { status: 404 });
  const raw = request.headers.get("content-type")?.includes("json") ? await request.json() : Object.fromEntries(await request.formData());
  const parsed = BodySchema.safeParse(raw);
  if (!parsed.success) return Response.json({ error: "now must be an ISO-8601 instant, e.g. 2026-11-25T00:00:00Z" }, { status: 400 });
  return Response.json(await runDueChanges(context.get(dbContext), Date.parse(parsed.data.now)));
}
