/** Shared by the test hooks (routes `__test/...`, for the browser tests). */
import type { z } from "zod";

/**
 * The body (form or JSON) of a test hook's POST. Test hooks exist only when the server runs with
 * FORECOURT_TEST_HOOKS=1 (the Playwright web server sets it).
 * @returns the parsed body, or a 400 JSON response naming `problem`
 * @throws a 404 response when test hooks are off
 */
export async function testHookBody<S extends z.ZodType>(request: Request, schema: S, problem: string): Promise<{ ok: true; value: z.infer<S> } | { ok: false; response: Response }> {
  if (process.env.FORECOURT_TEST_HOOKS !== "1") throw new Response("Not Found", { status: 404 });
  const raw = request.headers.get("content-type")?.includes("json") ? await request.json() : Object.fromEntries(await request.formData());
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, response: Response.json({ error: problem }, { status: 400 }) };
}
