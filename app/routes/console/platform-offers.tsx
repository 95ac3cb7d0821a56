/** `/platform/offers` (issue 50 items 1 and 7): the network's offers and promo cards, shown on every site except the excluded ones, published now or at a time (platform operators). */
import type { Route } from "./+types/platform-offers";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { offerScope } from "~/console/network-offers.server";
import { loadScopeOffersPage, scopeOffersAction } from "~/console/network-offers-page.server";
import { ScopeOffersPage } from "~/console/network-offers-page";

export async function loader(args: Route.LoaderArgs) {
  const { db } = await guardConsoleRoute("console-platform-offers", args);
  return loadScopeOffersPage(db, await offerScope(db, null), args.request);
}

export async function action(args: Route.ActionArgs) {
  const { db, member, console } = await guardConsoleAction("console-platform-offers", args);
  return scopeOffersAction(db, await offerScope(db, null), { member, ipAddress: console.clientIp }, args.request, "/platform/offers");
}

export default function ConsolePlatformOffers({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ScopeOffersPage
      title="Network offers"
      intro="Offers of the whole network: every site shows them (between their dates, once published), except the sites ticked below."
      back={{ href: "/platform", label: "Platform" }}
      base="/platform/offers"
      loaderData={loaderData}
      actionData={actionData}
    />
  );
}
