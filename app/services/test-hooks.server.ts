/**
 * The injected clock of the test hooks (issue 10 reservation expiry, issue 50 scheduled changes):
 * a job run "as if it were" a given instant. Hooks exist only when the server runs with
 * FORECOURT_TEST_HOOKS=1 (the Playwright web server sets it); otherwise they answer 404.
 */
import { z } from "zod";

const BodySchema = z.object({ now: z.iso.datetime({ offset: true }) });

/**
 * The instant a test hook's POST names (body, form or JSON: `now`, an ISO-8601 instant).
 * @returns epoch ms, or a 400 Response saying what `now` must be
 * @throws a 404 Response when test hooks are off
 */
export async function testHookNow(request: Request): Promise<number | Response> {
  if (process.env.FORECOURT_TEST_HOOKS !== "1") throw new Response("Not Found", { status: 404 });
  const raw = request.headers.get("content-type")?.includes("json") ? await request.json() : Object.fromEntries(await request.formData());
  const parsed = BodySchema.safeParse(raw);
  if (!parsed.success) return Response.json({ error: "now must be an ISO-8601 instant, e.g. 2026-11-25T00:00:00Z" }, { status: 400 });
  return Date.parse(parsed.data.now);
}
