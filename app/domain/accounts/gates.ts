/**
 * Which pages need a signed-in shopper (spec 6 "Roles and permissions"):
 * - always: /online-payment and My Garage (whatever path the site uses);
 * - per site flag: checkout (reserve + online purchase), finance, spin-to-win, the external
 *   finance page;
 * - never: trade-in and sell-my-car (not listed here, so they can never be gated).
 *
 * Gating does not depend on `features.authentication`: a site with authentication off still
 * needs a user on its gated pages; it only offers sign-in through them (docs/decisions/090).
 */
import type { SiteConfig } from "~/sites/site-config";
import type { SignInType } from "./redirect";

/** Every gateable page or journey. */
export const GATED_FEATURES = ["online-payment", "my-garage", "checkout", "finance", "spin-to-win", "external-finance"] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

/**
 * Says whether a page needs a signed-in shopper on this site.
 * @param config the site's resolved configuration
 * @param feature the page or journey
 */
export function isGated(config: SiteConfig, feature: GatedFeature): boolean {
  switch (feature) {
    case "online-payment":
    case "my-garage":
      return true;
    case "checkout":
      return config.accounts.gateCheckout;
    case "finance":
      return config.finance.gated;
    case "spin-to-win":
      return config.accounts.gateSpinToWin;
    case "external-finance":
      return config.accounts.gateExternalFinance;
  }
}

/** The sign-in page `type` used when a gated page sends a shopper to sign in. */
export const SIGN_IN_TYPE_OF: Record<GatedFeature, SignInType> = {
  "online-payment": "payment",
  "my-garage": "garage",
  checkout: "checkout",
  finance: "finance",
  "spin-to-win": "spin-to-win",
  "external-finance": "finance",
};
