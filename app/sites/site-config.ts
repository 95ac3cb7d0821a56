/**
 * SiteConfig: every per-dealer switch the spec mentions, as typed data (DESIGN.md section 3).
 *
 * The spec phrases these as "one dealer / one tenant / one variant does X". Each becomes a field
 * here whose default is the common behaviour; a seeded demo site turns it on. Application code
 * reads these fields and never compares a dealer slug, brand or id.
 *
 * Parsing an empty object yields the full default configuration:
 * `SiteConfigSchema.parse({})`.
 */
import { z } from "zod";
import { DEFAULT_QUICK_PICKS } from "../domain/finance/calculator";
import { MAX_DB_ID } from "~/domain/db-id";

// The console's settings editor (issue 48 item 5) is generated from this schema: a field's help
// text is its `.describe()`, a section's title and help its `.meta()`, and `contentEditable`
// marks the sections content editors may change (docs/console-permissions.md "editable sections").
declare module "zod" {
  interface GlobalMeta {
    /** Content editors may change this section of the site settings (permission matrix reach "editable sections"). */
    contentEditable?: boolean;
  }
}

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour like #1a2b3c");
const money = z.number().int().nonnegative();

/** Look and feel (white-label theming is data). */
export const ThemeSchema = z.object({
  primary: hexColour.default("#1d4ed8").describe("Brand colour: header, buttons."),
  onPrimary: hexColour.default("#ffffff").describe("Text colour on the primary colour."),
  accent: hexColour.default("#0f766e").describe("Accent: price, highlights."),
  logoUrl: z.string().nullable().default(null).describe("Logo image web address. Empty: the site name is set as a word mark."),
  faviconUrl: z.string().nullable().default(null).describe("Favicon image web address (a square PNG, e.g. uploaded on the console's Brand theme page). Empty: the icon is the site's initials on the primary colour."),
  tagline: z.string().default("").describe("Short text shown under the name in the header (e.g. \"Perth's Toyota people\")."),
});

/** Whether a site shares search with its dealer group's other sites (`search.groupSearch`). */
export const GROUP_SEARCH_MODES = ["off", "group"] as const;
export type GroupSearchMode = (typeof GROUP_SEARCH_MODES)[number];

/** Search behaviour, spec 2.2, 4, 5 "Search and sliders", 9 "Search". */
export const SearchConfigSchema = z.object({
  /** Spec 4: cars sold within this many days stay listed (default 3). */
  includeSoldCarsDays: z.number().int().min(0).max(365).default(3).describe("Sold cars stay in search results, with the sold tag, for this many days after the sale (0 to 365)."),
  /** Spec 9: "Some dealers exclude listed stock numbers". */
  excludedStockNumbers: z.array(z.string()).default([]).describe("Stock numbers never shown on this site (search results, similar cars and the sitemap), one per line."),
  excludedLocationIds: z.array(z.number().int()).default([]).describe("Location ids whose stock is hidden from this site's search."),
  /** Spec 9: 21 results per page. */
  hitsPerPage: z.number().int().min(1).max(100).default(21).describe("Cars shown per page of search results (1 to 100)."),
  /** Spec 9: 7, or the popular-make count on one flag. */
  popularMakesCount: z.number().int().min(1).max(50).default(7).describe("Makes listed in the make filter before 'Show all makes' (1 to 50)."),
  /** Spec 5: the certified facet hides 'false'. */
  certifiedOnly: z.boolean().default(false).describe("This site sells only certified cars: the certified filter in search offers no 'not certified' choice."),
  /** Spec 2.2. */
  subscriptionSort: z.boolean().default(false).describe("Shoppers can sort search results by subscription price."),
  /** Spec 2.2. */
  kmsSort: z.boolean().default(false).describe("Shoppers can sort search results by kilometres."),
  /** Spec 5: adds `price > 0` (used cars) when sorting by lowest price. */
  priceAboveZeroOnPriceAsc: z.boolean().default(false).describe("When shoppers sort by lowest price, used cars without a price above $0 are left out."),
  /** Spec 9: replaces result counts above 1999; null = the sum of the car_type facet counts. */
  configuredStockCount: z.number().int().nullable().default(null).describe("Number shown as the result count when a search finds more than 1,999 cars. Empty: the total of the new, demo and used counts."),
  /** Spec 2.2. */
  promoCardPositions: z.array(z.number().int().min(1)).default([4, 6, 8, 9, 17]).describe("Where promo cards go among the search results, counting from 1: the first card at the first place listed, and so on. Places past the end of a page are skipped."),
  /** Spec 4 "only for the selected car_type (some strictly)". */
  promoCardsStrictCarType: z.boolean().default(false).describe("On: a promo card for a car type shows only when the shopper has filtered by exactly that car type. Off: it also shows when no car type is chosen, or when its type is one of several chosen."),
  /** Spec 2.2. */
  certifiedSwitchLabel: z.string().default("Only show Certified Vehicles").describe("Wording of the search switch that shows only certified pre-owned cars."),
  /** Spec 2.1 /search/{dealership_slug} "More stock from one dealer"; issue 54 item 7. */
  groupSearch: z
    .enum(GROUP_SEARCH_MODES)
    .default("off")
    .describe("\"group\": share stock with your dealer group's other sites that are also set to \"group\". Search results get a 'More from our group' section, /search/{dealership} also shows a sister dealership's stock, and similar cars on car pages include the group's. Their cars link to the car's page on its own site, so the enquiry reaches the dealer that owns the car; sold cars are never shown from another site. \"off\": only this site's stock, and none of it on the group's other sites."),
});

/** Stock display and tags, spec 4 and 9 "Display". */
export const DisplayConfigSchema = z.object({
  /** Spec 9: 8 days. */
  justArrivedDays: z.number().int().min(0).default(8).describe("Cars added within this many days get the just-arrived tag (0 turns the tag off)."),
  /** Spec 4 step 6: 'New'. */
  justArrivedTagName: z.string().default("New").describe("Tag shown on just-arrived cars."),
  /** Spec 4: 'JUST SOLD'. */
  soldTagName: z.string().default("JUST SOLD").describe("Tag shown on cars no longer in stock."),
  /** Spec 4 step 1 ("when enabled"). */
  fuelTagEnabled: z.boolean().default(false).describe("Electric, hybrid and plug-in hybrid cars show their fuel tag ahead of any other tag."),
  /** Spec 4: 'Enquire for price.'. */
  noPriceText: z.string().default("Enquire for price.").describe("Text when no price can be shown on a car card or car page."),
  /** Spec 9: 'Used'. */
  usedKeyword: z.string().default("Used").describe("Word used for used cars on car cards, car pages and search results, e.g. 'Pre-owned'."),
  /** Spec 2.3. */
  detailsButtonLabel: z.enum(["View Details", "Explore Vehicle"]).default("View Details").describe("Label of the button on car cards that opens the car's page."),
  /** Spec 5. */
  showUnregisteredForExpiredRego: z.boolean().default(false).describe("A car whose rego has expired shows 'Unregistered' as its rego expiry instead of leaving it out."),
  /** Spec 5: default excludes rego. Names are the SpecEntry names in app/domain/display/spec-list.ts. */
  specListExclusions: z.array(z.string()).default(["rego"]).describe("Entries left out of the specifications list on car pages, by name (not case-sensitive), e.g. rego, vin, km or nvic."),
  /** Spec 9: 8. */
  featuresLimit: z.number().int().min(1).default(8).describe("Features and standard equipment items shown on a car page before 'Show more'."),
  /** Spec 4 step 3. */
  certifiedBadge: z.boolean().default(false).describe("Show the certified pre-owned logo as the tag on certified used cars."),
  certifiedProgrammeName: z.string().default("Certified Pre-Owned").describe("Name of the certified programme, e.g. \"Toyota Certified Pre-Owned\"."),
  /** Spec 4 step 3. */
  certifiedLogoUrl: z.string().min(1).default("/brand/certified.svg").describe("Your brand's certified pre-owned logo, shown as the tag on car cards and car pages: a site path or web address of an image 96 x 32 pixels (3:1). Default: a generic certified pre-owned badge."),
  /** Spec 2.4. */
  guaranteeBanner: z.boolean().default(false).describe("Show the guarantee banner on every car page."),
  /** Spec 3 vdp_config.show_map_section. */
  vdpShowMapSection: z.boolean().default(true).describe("Show the map section on car pages."),
  /** Spec 2.4: "one dealer set"; spec 5. */
  makeAnOffer: z.boolean().default(false).describe("Offer a Make an Offer form on the pages of in-stock cars."),
  /** Spec 5 market-price indicator / autograb lookup; spec 9 $500 below market. */
  marketPriceIndicator: z.boolean().default(false).describe("Car pages show how far a car is priced below the market average (state, else national) when it is at least $500 below. Only for in-stock cars priced above $200 that have market price data."),
  /** Spec 5: 3 for one dealer; MINIMUM_RATING 4. */
  minimumReviewRating: z.number().min(0).max(5).default(4).describe("Reviews rated below this (0 to 5 stars) are not listed on location pages."),
  /** Spec 4 step 2 / spec 9: 10, or 200 (HIGH_PRICE_THRESHOLD, used by the market-price lookup). */
  priceThreshold: z.number().int().default(10).describe("Prices at or below this many whole dollars count as no price: the car shows the no-price text instead."),
  /** Spec 2.4 ("optionally"). */
  callPanelDealerLink: z.boolean().default(false).describe("The call-the-dealer panel on car pages names the car's location, with 'See more from this dealer' linking to that location's stock."),
  /** Spec 7/9: width 640, quality 75; relative image paths resolve under the base. */
  imageCdnBaseUrl: z.string().nullable().default(null).describe("Web address of an image CDN (e.g. https://images.example.com/) that resizes photos by the width and quality added to each photo's address. When set, photos are loaded from it. Empty: photos load from this site, through its image service when that is on (Presentation)."),
  /** Spec 2.4 per-model service plan block. */
  servicePlan: z
    .object({
      enabled: z.boolean().default(false).describe("Show the capped-price service plan block on car pages."),
      makes: z.array(z.string()).default([]).describe("Makes covered (case-insensitive); empty = all."),
      carTypes: z.array(z.enum(["new", "demo", "used"])).default(["new", "demo"]).describe("Car types covered."),
      plan: z
        .object({
          pricePerService: money.default(250),
          services: z.number().int().min(1).default(5),
          years: z.number().int().min(1).default(5),
          intervalMonths: z.number().int().min(1).default(12),
          intervalKm: z.number().int().min(1).default(15000),
          maxKm: z.number().int().min(1).default(75000),
        })
        .default({ pricePerService: 250, services: 5, years: 5, intervalMonths: 12, intervalKm: 15000, maxKm: 75000 }).describe("The plan shown unless a model has its own: price per service in whole dollars, number of services, plan length in years, months and km between services, and the km at which the plan ends."),
      models: z
        .record(
          z.string(),
          z.object({
            pricePerService: money.optional(),
            services: z.number().int().min(1).optional(),
            years: z.number().int().min(1).optional(),
            intervalMonths: z.number().int().min(1).optional(),
            intervalKm: z.number().int().min(1).optional(),
            maxKm: z.number().int().min(1).optional(),
          }),
        )
        .default({}).describe("Plans for particular models, by model name (not case-sensitive); only the parts given replace the standard plan."),
    })
    .default({
      enabled: false,
      makes: [],
      carTypes: ["new", "demo"],
      plan: { pricePerService: 250, services: 5, years: 5, intervalMonths: 12, intervalKm: 15000, maxKm: 75000 },
      models: {},
    }).describe("Capped-price service plan block on car pages (standard plan: $250 x 5 services over 5 years, every 12 months or 15,000 km, up to 75,000 km)."),
});

/** Features that dealers switch on (spec 1, 4, 6). */
export const FeaturesSchema = z.object({
  /** Spec 6 (gated). */
  garage: z.boolean().default(false).describe("My Garage page for signed-in shoppers (its web address is set under Shopper accounts)."),
  /** Spec 4. */
  compare: z.boolean().default(false).describe("Car cards and car pages show a compare toggle instead of the favourites toggle."),
  /** Spec 4. */
  favourites: z.boolean().default(true).describe("Shoppers can save favourite cars, kept in their own browser."),
  /** Spec 4: also hidden when price <= 0, no images or (with favouritesUsedOnly) not used. */
  favouritesStrict: z.boolean().default(false).describe("Stricter favourites: the favourites toggle is also hidden on cars without a price above $0 or without photos, and, with 'Favourites used only' on, on cars that are not used."),
  favouritesUsedOnly: z.boolean().default(false),
  /** Spec 4, 6. */
  watchlist: z.boolean().default(false).describe("Signed-in shoppers can save cars to a watchlist kept with their account."),
  /** Spec 2.1. */
  checkout: z.boolean().default(false).describe("Shoppers can reserve a car online with a refundable deposit."),
  checkoutPath: z.enum(["checkout", "buy-online"]).default("checkout").describe("Path segment of the reserve route: /cars/{slug}/checkout or /cars/{slug}/buy-online."),
  /** Spec 9: $200, held 48 hours. */
  reserveDeposit: money.default(200).describe("Deposit to reserve a car online, whole dollars."),
  reserveHoldHours: z.number().int().default(48),
  onlinePurchase: z.boolean().default(false).describe("Online purchase journey (/checkout-journey)."),
  /** Spec 4. */
  subscriptionPricing: z.boolean().default(false).describe("Cars with a subscription price show it ahead of the sale price."),
  /** Spec 6: default off; decision 090. */
  authentication: z.boolean().default(false).describe("The header offers shoppers phone sign-in. Off: sign-in is offered only on pages that need it."),
  chat: z.boolean().default(false).describe("Live chat button."),
  /** Spec 6 (gated per flag). */
  spinToWin: z.boolean().default(false).describe("Spin-to-win promotion page (/spin-to-win); its wording is under Shopper accounts."),
  /** Spec 2.1. */
  tradeIn: z.boolean().default(true).describe("Trade-in valuation pages and the trade-in buttons on car pages."),
  /** Spec 2.6. */
  hideTradeInBannerText: z.boolean().default(false).describe("Hide the \"instant offer in 2 minutes\" text on the home page feature banner."),
});

/** Finance, spec 5 "Finance estimate display" / "Finance calculator", 9 "Finance". */
export const FinanceConfigSchema = z.object({
  /** Key into car.finance_lenders; null disables estimates. */
  provider: z.string().nullable().default(null).describe("Your finance provider's name, used to find its finance figures for each car (e.g. angle). Empty: no finance estimates are shown."),
  /** Spec 5 types A..G, named by style, not by dealer. */
  providerType: z.enum(["A", "B", "C", "D", "E", "F", "G"]).default("D").describe("Which cars show a finance estimate (always in stock, with an interest and comparison rate). A: under 12 years old and priced above $500. B and C: every such car. D, E and F: priced above $500 with a weekly repayment. G: priced above $500 with a monthly repayment, and estimates lead with the monthly figure."),
  /** Spec 2.1. */
  linkPath: z.enum(["/finance", "/finance-enquiry", "/apply-for-finance"]).default("/finance").describe("Web address of the finance page that finance links and buttons go to."),
  /** Spec 6. */
  gated: z.boolean().default(false).describe("Shoppers must sign in to see the finance page."),
  /** Spec 5. */
  excludedManufacturers: z.array(z.string()).default([]).describe("Makes whose cars never show a finance estimate (not case-sensitive)."),
  /** Spec 5. */
  excludedLocationIds: z.array(z.number().int()).default([]).describe("Location ids whose cars never show a finance estimate."),
  /** Spec 5: 1,000, or 5,000. */
  calculatorMinPrice: money.default(1000).describe("Lowest purchase price the finance calculator accepts, whole dollars (the highest is 'Calculator max price')."),
  calculatorMaxPrice: money.default(250000),
  /** Spec 5: 0.5-15; 7.5-14.5; 4-20. */
  calculatorRateMin: z.number().default(0.5).describe("Lowest interest rate the finance calculator accepts, percent p.a. (the highest is 'Calculator rate max')."),
  calculatorRateMax: z.number().default(15),
  /** Spec 9: 10, one variant 8.5; decision 171: the provider rate wins. */
  calculatorDefaultRate: z.number().default(10).describe("Interest rate the calculator starts at, percent p.a., when the car has no rate from your finance provider."),
  /** Spec 5. */
  quickPickAmounts: z.array(money).default([...DEFAULT_QUICK_PICKS]).describe("Purchase price buttons under the calculator's price field, whole dollars, one per line. Empty: no buttons."),
  /** Spec 9: one provider 1360.5. */
  establishmentFee: z.number().nonnegative().default(0).describe("Your finance provider's establishment fee in dollars (cents allowed), included in the calculator's repayments and in finance figures worked out for your cars."),
  /** Spec 9: 395, 6, 8 monthly, 912.25. */
  fixedFees: z
    .object({
      establishment: z.number().nonnegative().default(0),
      securityRegistration: z.number().nonnegative().default(0),
      monthlyAdmin: z.number().nonnegative().default(0),
      agency: z.number().nonnegative().default(0),
    })
    .default({ establishment: 0, securityRegistration: 0, monthlyAdmin: 0, agency: 0 }).describe("Your own finance fees in dollars (cents allowed), included like the provider's fee: establishment, security registration, monthly admin (per month) and agency. 0: none."),
  /** Spec 7 youx. */
  quoteService: z.boolean().default(false).describe("Ask the finance quote service for a quote on in-stock cars with a price that have none yet."),
  /** Spec 5 "site exclusions": false puts the site on the excluded-sites list of the estimate rules. */
  showEstimates: z.boolean().default(true).describe("Show finance estimates on this site's car cards and car pages. Off: no estimates on this site."),
  /** Spec 9: 5. */
  calculatorDefaultTermYears: z.number().min(1).max(7).default(5).describe("Loan term the calculator starts at, years (1 to 7)."),
  /** Lender data produced by our own repayment engine at import time (docs/decisions/020-generated-lender-data.md). */
  generatedLenderRates: z
    .object({ new: z.number().min(0).max(30), demo: z.number().min(0).max(30), used: z.number().min(0).max(30) })
    .nullable()
    .default(null).describe("Finance figures worked out for your cars when your stock feed is imported, from these interest rates (percent p.a.) for new, demo and used cars, including the provider's and your fees above. Empty: none are worked out."),
});

/** Phone numbers, spec 5 "Call number choice order". */
export const PhonesSchema = z.object({
  override: z.string().nullable().default(null).describe("Overrides every other number when set."),
  /** Spec 5 call number choice order, step 2. */
  byCarType: z
    .object({ new: z.string().nullable().default(null), used: z.string().nullable().default(null), demo: z.string().nullable().default(null) })
    .default({ new: null, used: null, demo: null }).describe("Number for new, used or demo cars, used on search pages for that car type and on those cars' pages; an empty demo number uses the new-car number."),
  main: z.string().nullable().default(null).describe("Main number shown in the header and footer."),
});

// Issue 13: navigation and promotions (spec 2.6, 2.7, 3 "Navigation item", 4, 9).
/** A navigation item (spec 3 "Navigation item"). An absolute https URL opens in a new tab. */
export interface NavItem {
  /** Site path ("/service") or absolute external URL ("https://..."). */
  url: string;
  /** Link text. */
  name: string;
  /** Extra CSS class on the item (spec 3 className). */
  className?: string;
  /** Dealer overrides cannot hide a mandatory item. */
  mandatory?: boolean;
  /** Shown only when a navigation override enables it (spec 2.7 "optional"). */
  optional?: boolean;
  /** "right": placed in the header's right-aligned group (spec 2.7 Discover, Contact). */
  align?: "left" | "right";
  /** Sub-items. */
  dropdownItems?: NavItem[];
  /** A dropdown filled from data: "models" = the model mega menu of the site's brand. */
  dynamicDropdown?: "models";
}
const NavItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    url: z.string().min(1),
    name: z.string().min(1),
    className: z.string().optional(),
    mandatory: z.boolean().optional(),
    optional: z.boolean().optional(),
    align: z.enum(["left", "right"]).optional(),
    dropdownItems: z.array(NavItemSchema).optional(),
    dynamicDropdown: z.literal("models").optional(),
  }),
);

/** A titled group of footer links. */
export interface FooterSection {
  title: string;
  items: NavItem[];
}
const FooterSectionSchema = z.object({ title: z.string().min(1), items: z.array(NavItemSchema) });

/**
 * A dealer navigation override (spec 3 "navigation override"), merged by `mergeNavigation`
 * (app/domain/navigation/navigation.ts). `target` is a path of names, e.g. "Service/Recalls";
 * in the footer the first segment is the section title.
 */
export interface NavOverride {
  area: "header" | "footer";
  target?: string;
  /** Remove the target (ignored for mandatory items). */
  hide?: boolean;
  /** Turn an optional item on. */
  enable?: boolean;
  /** Change the target's fields. */
  set?: { name?: string; url?: string; className?: string; align?: "left" | "right" };
  /** Add sub-items to the target; with no target, top-level header items or (footer) a new section. */
  append?: NavItem[];
  /** Title of the footer section appended when `target` is empty. */
  sectionTitle?: string;
  /** Move the target to this place among its siblings (1 = first; past the end = last). */
  position?: number;
}
const NavOverrideSchema: z.ZodType<NavOverride> = z.object({
  area: z.enum(["header", "footer"]),
  target: z.string().optional(),
  hide: z.boolean().optional(),
  enable: z.boolean().optional(),
  set: z.object({ name: z.string().optional(), url: z.string().optional(), className: z.string().optional(), align: z.enum(["left", "right"]).optional() }).optional(),
  append: z.array(NavItemSchema).optional(),
  sectionTitle: z.string().optional(),
  position: z.number().int().min(1).optional(),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/, "an ISO date like 2026-12-31");
const LinkButtonSchema = z.object({ label: z.string().min(1), url: z.string().min(1) });

/** Promotional popup (spec 2.6, 4, 9): shown once per visitor until dismissed, between its dates. */
export const PopupSchema = z.object({
  id: z.string().min(1).describe("Stable id: a new id shows again to visitors who dismissed an earlier popup."),
  imageUrl: z.string().nullable().default(null),
  imageAlt: z.string().default("").describe("Alt text of the image; empty when decorative."),
  title: z.string().min(1),
  description: z.string().default(""),
  button: LinkButtonSchema.nullable().default(null),
  startsAt: isoDate.nullable().default(null).describe("ISO date or date-time; null = open-ended. A date-only start or expiry is a day on the site's calendar (timeZone): it starts at its midnight, an expiry runs to its end."),
  expiresAt: isoDate.nullable().default(null),
});
export type Popup = z.infer<typeof PopupSchema>;

/** A banner on the home page (spec 2.6: title, subtitle, buttons), shown between its dates. */
export const BannerSchema = z.object({
  title: z.string().min(1),
  subtitle: z.string().default(""),
  buttons: z.array(LinkButtonSchema).default([]),
  startsAt: isoDate.nullable().default(null),
  expiresAt: isoDate.nullable().default(null),
});
export type Banner = z.infer<typeof BannerSchema>;

export const PAYMENT_METHODS = ["mastercard", "visa", "maestro", "google-pay", "apple-pay"] as const;

/** Header, footer, feature banner, popup, banners and brand assets (issue 13). */
export const NavigationConfigSchema = z.object({
  header: z.array(NavItemSchema).nullable().default(null).describe("Header menu items, as JSON. Empty: the standard menu built from the car types this site sells."),
  footerSections: z.array(FooterSectionSchema).default([]).describe("The site's footer sections, after the shared base list (a section with a base title replaces it)."),
  /** Spec 3 "navigation override", merged by mergeNavigation. */
  overrides: z.array(NavOverrideSchema).default([]).describe("Changes to the standard header and footer menus, as JSON: hide, turn on, rename, move or add items."),
  /** Spec 2.6. */
  featureBanner: z
    .object({
      enabled: z.boolean().default(true).describe("Show the banner on the home page."),
      offersUrl: z.string().default("/special-offers").describe("Latest offers link."),
      tradeInUrl: z.string().default("/trade-in").describe("Sell your car link."),
    })
    .default({ enabled: true, offersUrl: "/special-offers", tradeInUrl: "/trade-in" }).describe("Feature banner on the home page: three items, a carousel on small screens."),
  popup: PopupSchema.nullable().default(null).describe("Promotional popup, as JSON, shown once to each visitor until dismissed, between its start and expiry dates. Empty: none."),
  banners: z.array(BannerSchema).default([]).describe("Banners on the home page."),
  abn: z.string().nullable().default(null).describe("Australian Business Number shown in the sub-footer."),
  /** Spec 3 "Model: status": all_new, coming_soon, discontinued, current. */
  modelStatuses: z
    .record(z.string(), z.enum(["current", "all_new", "coming_soon", "discontinued"]))
    .default({})
    .describe("Status of models in the model menu on this site, by model as in its web address (e.g. hilux), as JSON, over the standard status: \"all_new\" adds 'New ' before the name, \"coming_soon\" lists it under Upcoming, \"discontinued\" under Discontinued, \"current\" as usual."),
  /** Spec 9. */
  acceptedPayments: z.array(z.enum(PAYMENT_METHODS)).default([...PAYMENT_METHODS]).describe("Payment logos shown in the 'We accept' strip; empty hides the strip."),
});
export type NavigationConfig = z.infer<typeof NavigationConfigSchema>;
// End issue 13 block.

/** Links and navigation, spec 2.1, 2.6, 2.7. */
export const LinksSchema = z.object({
  /** Spec 2.1. */
  locationDetailPrefix: z.enum(["our-location", "contact-us"]).default("our-location").describe("Web address of location pages: /our-location/{slug} or /contact-us/{slug}."),
  /** Spec 2.1. */
  dealerNetworkBaseDomain: z.string().nullable().default(null).describe("Domain of your manufacturer's dealer network site, e.g. toyota.com.au. When set, the model menu links to the model pages there, and service booking uses the external booking page below."),
  /** Spec 2.1, 2.6. */
  externalServiceBookingUrl: z.string().nullable().default(null).describe("Web address of the external service booking page, used for service booking links and /genuine-service when a dealer network domain is set."),
  /** Spec 2.5. */
  locationCardStockLink: z.boolean().default(false).describe("Sales location cards add 'View Our Stock', linking to that location's stock (/search/{location})."),
});

/** Social links and review profiles (spec 3). */
export const SocialSchema = z.object({
  facebook: z.string().nullable().default(null),
  instagram: z.string().nullable().default(null),
  youtube: z.string().nullable().default(null),
  linkedin: z.string().nullable().default(null),
  tiktok: z.string().nullable().default(null),
  gmbProfiles: z.array(z.object({ name: z.string(), reviewUrl: z.string() })).default([]),
});

/** Lead forms, spec 5 "Forms". */
export const LeadsConfigSchema = z.object({
  /** Spec 5: required by default; a tenant may relax it. */
  commentsRequired: z.boolean().default(true).describe("Shoppers must write a comment on enquiry forms (test drive bookings never require one)."),
  /** Spec 2.6. */
  pickerExcludedLocationIds: z.array(z.number().int()).default([]).describe("Location ids never offered in the dealership picker on enquiry forms."),
  /** Issue 16, decision 161: routeLead / siteEnquiryAddress in app/domain/leads/routing.ts. */
  defaultEmail: z.string().email().nullable().default(null).describe("Email address that gets the leads no delivery rule matches. Empty: the lead's location's email, else the site's enquiry address (the main location's email, else enquiries@ your site's domain), so every lead is delivered somewhere."),
  /** Spec 2.6 "a hard-coded list". */
  pickerLocationIds: z.array(z.number().int()).nullable().default(null).describe("The dealership picker offers only these location ids. Empty: every visible location, narrowed per form by make and location type."),
  /** DESIGN 6: every matching rule adds one delivery job; routeLead in app/domain/leads/routing.ts. */
  routing: z
    .array(
      z.object({
        channel: z.enum(["email", "webhook", "adf"]).describe("email: a plain-text email; webhook: JSON POST to a URL; adf: ADF/XML 1.0 (emailed, or POSTed when the target is a URL)."),
        target: z.string().min(3).describe("An email address, or an http(s) URL for webhook / adf."),
        departments: z.array(z.enum(["sales", "service", "parts"])).default([]),
        locationIds: z.array(z.number().int()).default([]),
      })
      // A route that cannot deliver is a configuration error, not a lead lost later.
      .refine((r) => (r.channel === "webhook" ? /^https?:\/\/[^\s]+$/i.test(r.target) : r.channel === "email" ? z.string().email().safeParse(r.target).success : /^https?:\/\/[^\s]+$/i.test(r.target) || z.string().email().safeParse(r.target).success), {
        message: "target must be an email address (email, adf) or an http(s) URL (webhook, adf)",
      }),
    )
    .default([]).describe("Lead delivery rules, as JSON. Every rule whose \"departments\" (sales, service, parts) and \"locationIds\" match a lead sends it once by its \"channel\" (email, webhook or adf) to its \"target\"; an empty list matches all. A lead no rule matches goes to the Default email, else to its location's email."),
  /** DESIGN 6: the job is then dead-lettered; backoff in app/domain/leads/routing.ts. */
  maxDeliveryAttempts: z.number().int().min(1).max(20).default(8).describe("Attempts to deliver a lead before that delivery is marked failed (you can retry it from the lead's page). Each retry waits twice as long as the last, starting at 30 seconds."),
  /** Issue 49 item 4: anonymiseExpiredLeads, run by the lead retention worker. */
  retentionDays: z
    .number()
    .int()
    .min(30)
    .max(3650)
    .nullable()
    .default(null)
    .describe("Days a lead keeps the shopper's personal details (name, email, phone, postcode, message, form answers); after that they are removed automatically and the lead stays, anonymised, for your figures. 30 to 3650 days. Empty: kept."),
  /** Counted in the database, so the limit holds across nodes. */
  rateLimitPerIpPerHour: z.number().int().min(1).default(20).describe("Spam guard: most leads accepted from one internet address (IP) per hour."),
  rateLimitPerSitePerHour: z.number().int().min(1).default(1000).describe("Spam guard: accepted leads per site per hour."),
  /** Spec 4 multi-step layout. */
  multiStep: z.boolean().default(false).describe("Enquiry forms ask in two steps: contact details first, then the enquiry."),
  /** Spec 7 "additional_services (from checked options)". */
  serviceOptions: z
    .array(z.string().trim().min(1).max(80))
    .max(20)
    .default(["Wheel alignment", "Tyre check", "Air-conditioning service", "Car wash"])
    .describe("Extra work a shopper may tick on the service booking form, one per line; the ticked ones are sent with the lead. Empty: the form asks nothing extra."),
});

// Issue 9: accounts (phone sign-in, sessions, gated pages, My Garage, watchlist).
/** Paths My Garage may live at (spec 2.1 "/my-garage and tenant variants"); each is a route. */
export const MY_GARAGE_PATHS = ["/my-garage", "/garage", "/my-account"] as const;

/**
 * Shopper accounts, spec 1, 2.1, 4 "Watchlist", 6. Switches that already existed stay where they
 * were: `features.authentication` (header sign-in control; default off, spec 6), `features.watchlist`
 * (save buttons), `features.garage` (My Garage), `features.spinToWin` and `finance.gated`
 * (finance pages gated). Always gated whatever the flags: /online-payment and My Garage.
 */
export const AccountsConfigSchema = z.object({
  /** Spec 2.1 "/my-garage and tenant variants". */
  myGaragePath: z.enum(MY_GARAGE_PATHS).default("/my-garage").describe("Web address of the My Garage page on this site."),
  /** Spec 6 "checkout". */
  gateCheckout: z.boolean().default(false).describe("Shoppers must sign in to reserve a car online (/cars/{slug}/checkout or buy-online) or to use /checkout-journey."),
  /** Spec 6 "spin-to-win"; the page exists only with features.spinToWin. */
  gateSpinToWin: z.boolean().default(true).describe("Shoppers must sign in to use /spin-to-win (the page exists only when the 'Spin to win' feature is on)."),
  /** Spec 6: gates accounts.externalFinanceUrl. */
  gateExternalFinance: z.boolean().default(false).describe("Shoppers must sign in before /finance/external takes them to your external finance page ('External finance url')."),
  /** Spec 7 "external handoffs". */
  externalFinanceUrl: z.string().url().nullable().default(null).describe("Web address of your external finance application page, reached through /finance/external. Empty: none."),
  /** SMS alphanumeric sender ids are at most 11 characters. */
  smsSender: z.string().min(1).max(11).default("Forecourt").describe("Sender name or number shown on sign-in text messages (at most 11 characters)."),
  codeRequestsPerIpPer15Min: z.number().int().min(1).default(10).describe("Sign-in codes one internet address (IP) may request per 15 minutes, for all phone numbers together."),
  codeRequestsPerNumberPerIpPer15Min: z.number().int().min(1).default(3).describe("Sign-in codes one internet address (IP) may request for one phone number per 15 minutes."),
  codeRequestsPerNumberPerHour: z.number().int().min(1).default(15).describe("Sign-in codes one phone number may get per hour, from all internet addresses together. Keep it above four times the per-number limit for one address, so requests from one address alone can never use it up and lock the shopper out."),
  sessionDays: z.number().int().min(1).max(365).default(30).describe("Days a session lasts after sign-in."),
  /** Spec 2.1, 6. */
  spinToWin: z
    .object({
      title: z.string().default("Spin to Win"),
      intro: z.string().default("Spin once for a chance to win a dealer reward on your next visit."),
      prizes: z.array(z.string()).default([]).describe("Prizes listed on the page, in the order shown."),
      terms: z.array(z.string()).default([]).describe("Terms and conditions paragraphs."),
    })
    .default({ title: "Spin to Win", intro: "Spin once for a chance to win a dealer reward on your next visit.", prizes: [], terms: [] }).describe("Wording of the /spin-to-win promotion page; the wording and terms are yours."),
});
// End issue 9.
// Issue 12: locations (directory, detail pages, location blocks, hours, reviews, maps).
/**
 * A location block's selection (spec 2.5): 'primary', 'sales', 'service', 'parts',
 * 'service-and-parts', 'all' or one location id; then optional manufacturer, subtype,
 * include and exclude filters. Only visible locations, sorted by name.
 */
export const LocationBlockSchema = z.object({
  show: z.union([z.enum(["primary", "sales", "service", "parts", "service-and-parts", "all"]), z.number().int().positive().max(MAX_DB_ID)]).default("all").describe("Which locations: a type keyword or one location id."),
  manufacturer: z.string().nullable().default(null).describe("Only locations selling or servicing this make, as in web addresses (e.g. toyota). Empty: any."),
  subtype: z.string().nullable().default(null).describe("Only locations of this subtype. Empty: any."),
  include: z.array(z.number().int()).default([]).describe("Only these location ids (empty = no restriction)."),
  exclude: z.array(z.number().int()).default([]).describe("Never these location ids."),
});
export type LocationBlock = z.infer<typeof LocationBlockSchema>;

/** Locations pages and blocks (spec 2.5, 3, 4, 5, 9). */
export const LocationsPageSchema = z.object({
  /** Spec 2.5: 'View Location Details', also worded 'View Location'. */
  detailButtonLabel: z.enum(["View Location Details", "View Location"]).default("View Location Details").describe("Wording of the button on location cards that opens the location's page."),
  /** Spec 2.5 location page block. */
  contactBlock: LocationBlockSchema.default(LocationBlockSchema.parse({})).describe("The locations shown on /contact-us and /contact."),
  /** Spec 2.5 "on some tenants". */
  carouselForAll: z.boolean().default(false).describe("A block showing all locations lays several out as a carousel instead of a grid of cards."),
  /** Spec 4 fortnightly Saturday rule; a location's own rule (issue 50) wins, see locationSchedule. */
  alternatingSaturday: z
    .object({
      /** Spec 4: a fixed date in June 2025. */
      anchorDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("YYYY-MM-DD, a Saturday with normal hours."),
      appointmentText: z.string().default("By Appointment Only"),
      locationTypes: z.array(z.string()).default(["service", "service-and-parts"]).describe("Location types the rule applies to."),
    })
    .nullable()
    .default(null).describe("Fortnightly Saturday hours, as JSON. Locations of the \"locationTypes\" (default service, service-and-parts) keep normal hours on the \"anchorDate\" Saturday (YYYY-MM-DD) and every second Saturday after it, and show the \"appointmentText\" (default 'By Appointment Only') on the others. A location's own Saturday rule, set on its page, wins. Empty: every Saturday has normal hours."),
  /** Spec 5 MINIMUM_RATING 4. */
  starRatingMinimum: z.number().min(0).max(5).default(4).describe("Location cards show the star rating only when the location's average review rating is at least this (0 to 5)."),
  /** Spec 3: the sample set holds about 20. */
  reviewsListed: z.number().int().min(0).max(100).default(20).describe("Most reviews listed on a location page, newest first (0 to 100)."),
  /** The map loads after the page is interactive and falls back to the link when tiles fail (e.g. offline). */
  mapTileUrl: z.string().nullable().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png").describe("Address of the map tiles for the interactive map on location pages, with {z}/{x}/{y} in it. Empty: only the map link and the address. When tiles fail to load, the map link shows instead."),
  mapAttribution: z.string().default("© OpenStreetMap contributors").describe("Attribution text required by the tile provider."),
});

// Issue 11: trade-in valuation wizard (spec 2.1 /trade-in, /sell-my-car, /sell-your-car,
// /cars/trade-in; 2.6 valuation wizard and trade-in FAQ; 3 trade-in valuation; 5 estimate rule;
// 7 valuation helpers and POST /api/miscellaneous).
/** One question and answer of the trade-in FAQ block (plain text; blank lines split paragraphs). */
export const TradeInFaqItemSchema = z.object({ question: z.string().min(1), answer: z.string().min(1) });

/** The trade-in FAQ every site shows unless it configures its own (spec 2.6 "Trade-in FAQ"). */
export const DEFAULT_TRADE_IN_FAQ: z.infer<typeof TradeInFaqItemSchema>[] = [
  { question: "How is my online valuation worked out?", answer: "We compare your car with similar cars (same make and model, a year either side, similar kilometres) currently for sale, first in your state and then Australia-wide, and adjust for the condition you describe. The valuation shows how many cars it is based on." },
  { question: "Is the instant offer guaranteed?", answer: "The offer is subject to an inspection confirming the details you gave us: kilometres, condition, service history and that the car is free of finance or the payout is disclosed. If everything matches, the offer stands for 7 days." },
  { question: "Why didn't I get a figure online?", answer: "We don't estimate cars more than 7 years old or with more than 100,000 km online, or cars we have too few similar cars to compare with. A member of our team will contact you to value your car in person." },
  { question: "I still owe money on my car. Can I trade it in?", answer: "Yes. We check the PPSR (Personal Property Securities Register), pay out your lender on the day of sale and take the payout off the price." },
  { question: "What should I bring?", answer: "Your driver's licence, the registration papers, the service book, all keys and remotes, and your finance payout letter if there is money owing." },
];

/** Trade-in valuations (issue 11). Every field's default is the common behaviour. */
export const TradeInConfigSchema = z.object({
  /** Spec 5: no estimate (and no VDP trade-in button). */
  maxAgeYears: z.number().int().min(0).max(50).default(7).describe("Cars more than this many years old get no online trade-in estimate, and their car pages show no trade-in button."),
  /** Spec 5: no estimate (and no VDP trade-in button). */
  maxKm: z.number().int().min(0).default(100_000).describe("Cars with more than this many km get no online trade-in estimate, and their car pages show no trade-in button."),
  retailShare: z.number().min(0.3).max(1).default(0.8).describe("Share of the comparables' retail asking price offered for a trade-in (0.8 = 80%)."),
  minComparables: z.number().int().min(1).max(50).default(3).describe("Comparable listings needed for a figure (in the state, else nationally); fewer: no figure."),
  /** Spec 7 "POST /api/miscellaneous ... one site variant only": also save the valuation result with column_name 'valuation' there. A failure only logs 'Failed to save valuation data' (spec 8). */
  saveValuationToMiscellaneous: z.boolean().default(false).describe("Also save each online valuation result a second time, in the valuation's extra data, for a connected system that reads it there. A failed save never interrupts the shopper."),
  /** Spec 2.6 "Trade-in FAQ". */
  faq: z.array(TradeInFaqItemSchema).default(DEFAULT_TRADE_IN_FAQ).describe("Trade-in FAQ block on the valuation pages; empty hides the block."),
});

// Issue 14: offers, content and legal pages, sitemap (spec 2.6, 9).
/** Content pages, offers, legal text and the sitemap (spec 2.1 content rows, 2.6, 9). */
export const ContentConfigSchema = z.object({
  /** Spec 2.6 "offer cards in list and grid layouts". */
  offersLayout: z.enum(["grid", "list"]).default("grid").describe("Layout of the offer cards on /special-offers: a grid or a list."),
  /** Spec 2.6: 'Enquire Now', tenant wording may differ. */
  offerEnquireLabel: z.string().min(1).max(40).default("Enquire Now").describe("Wording of the enquiry button on offer cards (at most 40 characters)."),
  /** Spec 9: 30 days in one dealer's text. */
  privacyComplaintResponseDays: z.number().int().min(1).max(365).nullable().default(null).describe("The privacy policy promises an answer to a privacy complaint within this many days (1 to 365). Empty: no period is named."),
  /** Spec 9: $100,000. */
  communityProgramAmount: money.nullable().default(null).describe("/about-us mentions your community programme: this many whole dollars committed to local sporting clubs, schools and charities. Empty: not mentioned."),
  /** Spec 9 "default banner images for offers, finance, contact, fleet, parts and blog". */
  banners: z
    .object({
      offers: z.string().nullable().default(null),
      finance: z.string().nullable().default(null),
      contact: z.string().nullable().default(null),
      fleet: z.string().nullable().default(null),
      parts: z.string().nullable().default(null),
      blog: z.string().nullable().default(null),
    })
    .default({ offers: null, finance: null, contact: null, fleet: null, parts: null, blog: null }).describe("Banner images for the offers, finance, contact, fleet, parts and blog pages, as a site path or web address. Empty: the standard banner under /banners/."),
  sitemapPageSize: z.number().int().min(100).max(50000).default(5000).describe("Most car URLs in one child sitemap; more listed cars make /sitemap.xml a sitemap index (protocol limit 50,000)."),
});

// Issue 17: shopper-grade presentation (price wording, header phone masking, image endpoint).
const PriceBasisEnum = z.enum(["drive_away", "excl_govt_charges"]);
export const PresentationSchema = z.object({
  /** Decision 173, Australian single-price wording: the basis when the feed's price_basis is empty; byCarType overrides default. */
  priceBasis: z
    .object({
      default: PriceBasisEnum.default("drive_away"),
      byCarType: z
        .object({ new: PriceBasisEnum.nullable().default(null), demo: PriceBasisEnum.nullable().default(null), used: PriceBasisEnum.nullable().default(null) })
        .default({ new: null, demo: null, used: null }),
    })
    .default({ default: "drive_away", byCarType: { new: null, demo: null, used: null } }).describe("How prices are worded when a car's stock feed does not say: 'Drive away' or 'Excl. government charges'. 'Default' applies to every car type; a choice for new, demo or used cars replaces it for that type (empty: the default). Standard: every price 'Drive away'."),
  /** Spec 2.4: first 5 characters, then asterisks; the tel: link still dials. Decision 174. */
  maskHeaderPhone: z.boolean().default(true).describe("The header's phone number is masked like the call panel's on car pages: the first 5 characters, then asterisks (tapping it still dials), so shoppers reveal the number the same way everywhere and the count of reveals stays meaningful. Off: the header shows the number in full."),
  /** Issue 17: the embedded image endpoint, used when display.imageCdnBaseUrl is not set. */
  imageEndpoint: z.boolean().default(true).describe("Serve your photos through this site's own image service (/images), resized and cached in modern formats (AVIF/WebP) for faster pages, when no image CDN is set under Stock display. Off: photos load as given."),
});

export const SiteConfigSchema = z.object({
  template: z.enum(["standard", "single-brand", "caravan"]).default("standard").describe("Template (look and navigation set): 'standard' multi-brand or 'single-brand'."),
  /** A manufacturer slug. */
  brand: z.string().nullable().default(null).describe("Make of a single-brand site, as in web addresses (e.g. toyota). Empty for a multi-brand site."),
  /** An IANA time zone name. Spec 9: Australia/Perth for one dealer. */
  timeZone: z.string().default("Australia/Sydney").describe("Time zone for opening hours and dates, e.g. Australia/Perth."),
  url: z.string().nullable().default(null).describe("Canonical public URL, e.g. https://www.example.com.au (used for share links and canonical URLs)."),
  itemNoun: z.object({ singular: z.string().default("car"), plural: z.string().default("cars") }).default({ singular: "car", plural: "cars" }).describe("Words used for stock items: \"car\" or, for a caravan dealer, \"caravan\"."),
  carTypes: z.array(z.enum(["new", "demo", "used"])).min(1).default(["new", "demo", "used"]).describe("Car types this site sells; drives navigation and landing routes."),
  /** Spec 2.1 /pre-owned?certified=true. */
  certifiedPreOwned: z.boolean().default(false).describe("Certified pre-owned programme: adds a Certified Pre-Owned link to /pre-owned?certified=true in the menu and sitemap."),
  theme: ThemeSchema.default(ThemeSchema.parse({})).meta({ title: "Look and feel", description: "Colours, logo and tagline of the site (white-label theming).", contentEditable: true }),
  /** Spec 2.2, 4, 5, 9. */
  search: SearchConfigSchema.default(SearchConfigSchema.parse({})).meta({ title: "Search", description: "What the search lists and how." }),
  /** Spec 4, 9. */
  display: DisplayConfigSchema.default(DisplayConfigSchema.parse({})).meta({ title: "Stock display", description: "Tags, wording and blocks on car cards and car detail pages." }),
  /** Spec 1, 4, 6. */
  features: FeaturesSchema.default(FeaturesSchema.parse({})).meta({ title: "Features", description: "Features you can switch on for this site." }),
  /** Spec 5, 9. */
  finance: FinanceConfigSchema.default(FinanceConfigSchema.parse({})).meta({ title: "Finance", description: "Finance estimates and the calculator." }),
  /** Spec 5 call number choice order. */
  phones: PhonesSchema.default(PhonesSchema.parse({})).meta({ title: "Phone numbers", description: "Which number shoppers call: the override when set, else the number for the car type, else the car's location's number." }),
  /** Spec 2.1, 2.6. */
  links: LinksSchema.default(LinksSchema.parse({})).meta({ title: "Links", description: "Link paths and the dealer network." }),
  /** Spec 3. */
  social: SocialSchema.default(SocialSchema.parse({})).meta({ title: "Social and reviews", description: "Social links and review profiles.", contentEditable: true }),
  /** Spec 5 forms; DESIGN 6. */
  leads: LeadsConfigSchema.default(LeadsConfigSchema.parse({})).meta({ title: "Leads", description: "Enquiry forms and lead delivery." }),
  /** Spec 6. */
  accounts: AccountsConfigSchema.default(AccountsConfigSchema.parse({})).meta({ title: "Shopper accounts", description: "Phone sign-in, sessions and pages that need sign-in." }),
  /** Spec 2.5. */
  locationsPage: LocationsPageSchema.default(LocationsPageSchema.parse({})).meta({ title: "Locations pages", description: "Location directory, hours rules, reviews and maps." }),
  /** Spec 2.6, 2.7. */
  navigation: NavigationConfigSchema.default(NavigationConfigSchema.parse({})).meta({ title: "Navigation and promotions", description: "Header, footer, feature banner, popup and home banners.", contentEditable: true }),
  /** Spec 2.1, 2.6, 5. */
  tradeIn: TradeInConfigSchema.default(TradeInConfigSchema.parse({})).meta({ title: "Trade-in", description: "Trade-in valuations and their FAQ." }),
  /** Spec 2.6, 9. */
  content: ContentConfigSchema.default(ContentConfigSchema.parse({})).meta({ title: "Content pages", description: "Offers, content and legal pages, sitemap.", contentEditable: true }),
  presentation: PresentationSchema.default(PresentationSchema.parse({})).meta({ title: "Presentation", description: "Price wording, header phone masking and photo delivery." }),
  /** Spec 2.6. */
  complaintsContact: z
    .object({ name: z.string().nullable().default(null).describe("Who handles complaints."), email: z.string().nullable().default(null).describe("Where complaints go.") })
    .default({ name: null, email: null })
    .meta({ title: "Complaints contact", description: "Who handles complaints, shown on the complaints page.", contentEditable: true }),
  /** Spec 3 override_city (search-index override). */
  overrideCity: z.string().nullable().default(null).describe("City given for every car in search, in place of the car's own city. Empty: each car's own city."),
  hero: z
    .object({ title: z.string().default("Find your next car").describe("Large heading on the home page."), subtitle: z.string().default("").describe("Line under the heading.") })
    .default({ title: "Find your next car", subtitle: "" })
    .meta({ title: "Home page hero", description: "Home page hero text.", contentEditable: true }),
});

/** A site's full configuration, every field present (defaults filled in). */
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
/** What a site record stores: any subset; missing fields take their defaults. */
export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
