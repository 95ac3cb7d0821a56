/**
 * `/finance/external` (spec 6 "Gated per tenant flag: ... external finance page"; spec 7
 * "Finance ... links are external handoffs to the dealer's brand domain"; issue 9): sends the
 * shopper to the dealer's external finance page (`accounts.externalFinanceUrl`), after sign-in
 * when `accounts.gateExternalFinance` is on. 404 when the site has no external finance page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/finance-external";
import { dbContext, siteContext } from "~/context";
import { requireShopperFor } from "~/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const url = site.config.accounts.externalFinanceUrl;
  if (!url) throw data("Not found", { status: 404 });
  await requireShopperFor(request, site, context.get(dbContext), "external-finance");
  return redirect(url);
}
