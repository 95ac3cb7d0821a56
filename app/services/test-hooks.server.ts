/**
 * Shared by the test hooks (routes `__test/...`, for the browser tests: reservation expiry and
 * payments, scheduled changes). Hooks exist only when the server runs with FORECOURT_TEST_HOOKS=1
 * (the Playwright web server sets it); otherwise they answer 404.
 */
import { z } from "zod";

/**
 * The body (form or JSON) of a test hook's POST.
 * @returns the parsed body, or a 400 JSON response naming `problem`
 * @throws a 404 response when test hooks are off
 */
export async function testHookBody<S extends z.ZodType>(request: Request, schema: S, problem: string): Promise<{ ok: true; value: z.infer<S> } | { ok: false; response: Response }> {
  if (process.env.FORECOURT_TEST_HOOKS !== "1") throw new Response("Not Found", { status: 404 });
  const raw = request.headers.get("content-type")?.includes("json") ? await request.json() : Object.fromEntries(await request.formData());
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, response: Response.json({ error: problem }, { status: 400 }) };
}

const NowSchema = z.object({ now: z.iso.datetime({ offset: true }) });

/**
 * The injected clock of a hook that runs a job "as if it were" a given instant: the POST's `now`
 * (an ISO-8601 instant).
 * @returns epoch ms, or a 400 Response saying what `now` must be
 * @throws a 404 Response when test hooks are off
 */
export async function testHookNow(request: Request): Promise<number | Response> {
  const body = await testHookBody(request, NowSchema, "now must be an ISO-8601 instant, e.g. 2026-11-25T00:00:00Z");
  return body.ok ? Date.parse(body.value.now) : body.response;
}
