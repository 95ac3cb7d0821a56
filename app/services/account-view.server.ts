import type { Database } from "../../db/client";
import type { AccountView } from "~/domain/accounts/account-view";
import { formatAuMobile } from "~/domain/accounts/phone";
import type { Site } from "~/sites/site";
import { getShopper } from "./auth.server";
import { watchlistCarIds } from "./watchlist.server";

/**
 * Builds the root loader's {@link AccountView} for a request: the signed-in shopper of THIS site
 * (or null) and, when the site has a watchlist, their saved car ids.
 */
export async function buildAccountView(request: Request, site: Site, db: Database): Promise<AccountView> {
  const { features, accounts } = site.config;
  const shopper = await getShopper(request, site, db);
  return {
    signInOffered: features.authentication,
    watchlist: features.watchlist,
    garagePath: accounts.myGaragePath,
    shopper: shopper
      ? { phone: shopper.phone, phoneDisplay: formatAuMobile(shopper.phone), name: shopper.name, lastName: shopper.lastName, email: shopper.email, postcode: shopper.postcode }
      : null,
    savedCarIds: shopper && features.watchlist ? await watchlistCarIds(db, site, shopper) : [],
  };
}
