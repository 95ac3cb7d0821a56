/**
 * What every page knows about the shopper's account (root loader data, issue 9): whether the
 * site offers sign-in and the watchlist, where My Garage is, and the signed-in shopper (or null)
 * with the ids of their saved cars. Only the shopper's own data is ever in it.
 */
export interface AccountView {
  /** `features.authentication`: the header offers sign-in (spec 6: default off). */
  signInOffered: boolean;
  /** `features.watchlist`: cards and VDPs show the save button (spec 4). */
  watchlist: boolean;
  /** My Garage path of this site (spec 2.1 variants). */
  garagePath: string;
  shopper: {
    /** E.164 (the watchlist API's phone_number). */
    phone: string;
    /** "0412 345 678" (spec 9). */
    phoneDisplay: string;
    /** Stored user details (spec 3): prefill lead forms. */
    name: string | null;
    lastName: string | null;
    email: string | null;
    postcode: string | null;
  } | null;
  /** The shopper's saved car ids on this site, newest first (empty when signed out). */
  savedCarIds: number[];
}

/**
 * Lead form default values from a signed-in shopper's stored details (spec 3 "Stored user
 * details: name, last_name, email, phone, postcode"); empty when signed out. Phone is national
 * format ("0412 345 678"), which the lead form's mobile field accepts.
 */
export function leadFormDefaults(account: AccountView | null): Record<string, string> {
  const shopper = account?.shopper;
  if (!shopper) return {};
  const values: Record<string, string | null> = {
    name: shopper.name,
    last_name: shopper.lastName,
    email: shopper.email,
    phone: shopper.phoneDisplay,
    postcode: shopper.postcode,
  };
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => Boolean(e[1])));
}
