import { data } from "react-router";
import type { Route } from "./+types/api.youx-quote";
import { getFinanceQuoteAdapter, QuoteRequestSchema } from "~/adapters/finance-quote/quote";
import { siteContext } from "~/context";

/**
 * `POST /api/youx/quote` (spec 7): body {selfAssessedCreditScore 'GREAT', purchasePrice,
 * loanTerm 5, year, vin, nvic, whoIsHelping}; answers the quote {weeklyRepaymentAmount,
 * advertisedRate, comparisonRate}. 404 when the site's quote flag is off; 400 for a body that does
 * not parse (zod issues listed); 502 when the quote service gives no quote (callers ignore it).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
  const site = context.get(siteContext);
  if (!site.config.finance.quoteService) return data({ error: "Quotes are not offered on this site" }, { status: 404 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data({ error: "Body must be JSON" }, { status: 400 });
  }
  const parsed = QuoteRequestSchema.safeParse(body);
  if (!parsed.success) {
    return data({ error: "Invalid quote request", issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) }, { status: 400 });
  }
  const quote = await getFinanceQuoteAdapter().quote(parsed.data);
  if (!quote) return data({ error: "No quote available" }, { status: 502 });
  return quote;
}

/** GET is not part of the API. */
export function loader() {
  return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}
