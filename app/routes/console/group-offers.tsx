/** `/groups/{slug}/offers` (issue 50 items 1 and 7): the dealer group's offers and promo cards, shown on its sites except the excluded ones, published now or at a time in the group's time zone. */
import type { Route } from "./+types/group-offers";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { offerScope } from "~/console/network-offers.server";
import { loadScopeOffersPage, scopeOffersAction } from "~/console/network-offers-page.server";
import { ScopeOffersPage } from "~/console/network-offers-page";

export async function loader(args: Route.LoaderArgs) {
  const { db, group } = await guardConsoleRoute("console-group-offers", args);
  return { group: { slug: group!.slug, name: group!.name }, ...(await loadScopeOffersPage(db, await offerScope(db, group!.id), args.request)) };
}

export async function action(args: Route.ActionArgs) {
  const { db, group, member, console } = await guardConsoleAction("console-group-offers", args);
  return scopeOffersAction(db, await offerScope(db, group!.id), { member, ipAddress: console.clientIp }, args.request, `/groups/${group!.slug}/offers`);
}

export default function ConsoleGroupOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { group } = loaderData;
  return (
    <ScopeOffersPage
      title={`${group.name} offers`}
      intro="Offers of the dealer group: every site of the group shows them (between their dates, once published), except the sites ticked below. A site's own offers are on that site's Offers page."
      back={{ href: `/groups/${group.slug}`, label: group.name }}
      base={`/groups/${group.slug}/offers`}
      loaderData={loaderData}
      actionData={actionData}
    />
  );
}
