/**
 * `POST /api/miscellaneous` (spec 7): JSON `{ token, valuation, column_name: 'valuation' }` saves
 * the valuation result on the site's trade-in valuation named by `token`. Only on the site
 * variant that uses it (SiteConfig `tradeIn.saveValuationToMiscellaneous`; elsewhere 404).
 * Answers `{ ok: true }`, or 400 `{ error }` for a malformed body, 404 for an unknown valuation.
 */
import { z } from "zod";
import type { Route } from "./+types/api.miscellaneous";
import { dbContext, siteContext } from "~/context";
import { stripControlCharactersDeep } from "~/domain/text/control-characters";
import { saveMiscellaneous } from "~/services/trade-in.server";

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });

/** Body of the call; column_name is limited to the one column the product writes. */
export const MiscellaneousBodySchema = z.object({
  token: z.string().regex(/^[0-9a-f-]{36}$/i, '"token" must be a valuation token.'),
  column_name: z.literal("valuation", { error: '"column_name" must be "valuation".' }),
  /** Stored as jsonb: characters it cannot hold (NUL, unpaired surrogates) are dropped from its strings and keys. */
  valuation: z.record(z.string(), z.unknown(), { error: '"valuation" must be an object.' }).transform((v) => stripControlCharactersDeep(v) as Record<string, unknown>),
});

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteContext);
  if (!site.config.tradeIn.saveValuationToMiscellaneous) return json({ error: "Not Found" }, 404);
  if (request.method !== "POST") return json({ error: "Use POST." }, 405);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "The body must be JSON." }, 400);
  }
  const parsed = MiscellaneousBodySchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0].message }, 400);
  const saved = await saveMiscellaneous(context.get(dbContext), site, parsed.data.token, parsed.data.column_name, parsed.data.valuation);
  return saved ? json({ ok: true }) : json({ error: "No such valuation." }, 404);
}

export function loader() {
  return json({ error: "Use POST." }, 405);
}
