/**
 * Issue 9 demo data: Harbourside Motor Group turns on phone sign-in, the server-side watchlist,
 * My Garage and a spin-to-win promotion (spec 1, 4, 6). Pure configuration; merged into the
 * site's config in demo-sites.ts. Locally the sign-in code is in `.data/sms-outbox/` (README).
 */
import type { SiteConfigInput } from "../../app/sites/site-config";

/** `features` switches of the accounts demo site. */
export const ACCOUNTS_DEMO_FEATURES = { authentication: true, watchlist: true, garage: true, spinToWin: true } satisfies SiteConfigInput["features"];

/** `accounts` block of the accounts demo site. */
export const ACCOUNTS_DEMO_CONFIG = {
  smsSender: "Harbourside",
  codeRequestsPerIpPer15Min: 30,
  spinToWin: {
    title: "Spin to Win at Harbourside",
    intro: "Signed-in shoppers get one spin at any of our five Sydney locations during November.",
    prizes: ["A free detail with your next service", "A $50 fuel card", "A set of floor mats"],
    terms: [
      "One spin per mobile number. Prizes are not redeemable for cash and cannot be transferred.",
      "Promotion runs 1 to 30 November 2026 at Harbourside Motor Group locations in NSW. No purchase necessary.",
    ],
  },
} satisfies SiteConfigInput["accounts"];
