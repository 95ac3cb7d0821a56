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
  logoUrl: z.string().nullable().default(null).describe("Logo image URL; when null the site name is set as a word mark."),
  faviconUrl: z.string().nullable().default(null).describe("Favicon image URL (a square PNG, e.g. uploaded on the console's Brand theme page); when null the icon is the site's initials on the primary colour."),
  tagline: z.string().default("").describe("Short text shown under the name in the header (e.g. \"Perth's Toyota people\")."),
});

/** Whether a site shares search with its dealer group's other sites (`search.groupSearch`). */
export const GROUP_SEARCH_MODES = ["off", "group"] as const;
export type GroupSearchMode = (typeof GROUP_SEARCH_MODES)[number];

/** Search behaviour, spec 2.2, 4, 5 "Search and sliders", 9 "Search". */
export const SearchConfigSchema = z.object({
  includeSoldCarsDays: z.number().int().min(0).max(365).default(3).describe("Cars sold within this many days stay listed (spec 4; default 3)."),
  excludedStockNumbers: z.array(z.string()).default([]).describe("Stock numbers never shown on this site (spec 9: \"Some dealers exclude listed stock numbers\")."),
  excludedLocationIds: z.array(z.number().int()).default([]).describe("Location ids whose stock is hidden from this site's search."),
  hitsPerPage: z.number().int().min(1).max(100).default(21).describe("Results per page (spec 9: 21)."),
  popularMakesCount: z.number().int().min(1).max(50).default(7).describe("Makes shown before 'Show all makes' (spec 9: 7, or the popular-make count on one flag)."),
  certifiedOnly: z.boolean().default(false).describe("Only certified stock is sold here: the certified facet hides 'false' (spec 5)."),
  subscriptionSort: z.boolean().default(false).describe("Enables the subscription price sort (spec 2.2)."),
  kmsSort: z.boolean().default(false).describe("Enables the kms sort (spec 2.2)."),
  priceAboveZeroOnPriceAsc: z.boolean().default(false).describe("Adds `price > 0` when sorting by lowest price (spec 5)."),
  configuredStockCount: z.number().int().nullable().default(null).describe("Replaces result counts above 1999 (spec 9); null means use the sum of facet counts."),
  promoCardPositions: z.array(z.number().int().min(1)).default([4, 6, 8, 9, 17]).describe("Promo card positions among results (spec 2.2)."),
  promoCardsStrictCarType: z.boolean().default(false).describe("Promo cards with a car type show only when exactly that car type is refined (spec 4 \"only for the selected car_type (some strictly)\"); false also shows them when no car type is refined."),
  certifiedSwitchLabel: z.string().default("Only show Certified Vehicles").describe("Wording of the pre-owned certified switch (spec 2.2)."),
  groupSearch: z
    .enum(GROUP_SEARCH_MODES)
    .default("off")
    .describe("\"group\": this site shows a 'More from our group' section on its results pages and answers /search/{dealership_slug} for its dealer group's other sites that are also set to \"group\" (their cars link to the car's page on its own site, so the enquiry reaches the dealer that owns the car); its own stock is offered to them in turn. \"off\" (default): only this site's stock, and none of it on the group's other sites (spec 2.1, issue 54)."),
});

/** Stock display and tags, spec 4 and 9 "Display". */
export const DisplayConfigSchema = z.object({
  justArrivedDays: z.number().int().min(0).default(8).describe("Just-arrived window in days (spec 9: 8)."),
  justArrivedTagName: z.string().default("New").describe("Tag for just-arrived cars (spec 4: 'New')."),
  soldTagName: z.string().default("JUST SOLD").describe("Tag for cars not in stock (spec 4: 'JUST SOLD')."),
  fuelTagEnabled: z.boolean().default(false).describe("Show the electric/hybrid fuel tag first (spec 4, \"when enabled\")."),
  noPriceText: z.string().default("Enquire for price.").describe("Text when no price can be shown (spec 4: 'Enquire for price.')."),
  usedKeyword: z.string().default("Used").describe("Word used for used cars (spec 9: 'Used')."),
  detailsButtonLabel: z.enum(["View Details", "Explore Vehicle"]).default("View Details").describe("Label of the car card's details button (spec 2.3)."),
  showUnregisteredForExpiredRego: z.boolean().default(false).describe("Rego expiry in the past reads 'Unregistered' instead of nothing (spec 5)."),
  specListExclusions: z.array(z.string()).default(["rego"]).describe("Spec-list entries never shown (spec 5: default excludes rego)."),
  featuresLimit: z.number().int().min(1).default(8).describe("Features shown before 'show more' (spec 9: 8)."),
  certifiedBadge: z.boolean().default(false).describe("Show the certified pre-owned badge on certified cars (spec 4)."),
  certifiedProgrammeName: z.string().default("Certified Pre-Owned").describe("Name of the certified programme, e.g. \"Toyota Certified Pre-Owned\"."),
  certifiedLogoUrl: z.string().min(1).default("/brand/certified.svg").describe("The brand's certified-used logo shown as the card and VDP tag (spec 4 step 3): a site path or URL of an image 96 x 32 (3:1). Default: a generic certified pre-owned badge."),
  guaranteeBanner: z.boolean().default(false).describe("Guarantee banner on every VDP (spec 2.4)."),
  vdpShowMapSection: z.boolean().default(true).describe("Show the map section on the VDP (spec 3 vdp_config.show_map_section)."),
  makeAnOffer: z.boolean().default(false).describe("Make an Offer dialog on the VDP (spec 2.4: \"one dealer set\")."),
  marketPriceIndicator: z.boolean().default(false).describe("Market-price indicator / autograb lookup (spec 5)."),
  minimumReviewRating: z.number().min(0).max(5).default(4).describe("Minimum review rating displayed (spec 5: 3 for one dealer; MINIMUM_RATING 4)."),
  priceThreshold: z.number().int().default(10).describe("Price below this counts as no price on views that use the higher threshold (spec 9: 10, or 200)."),
  callPanelDealerLink: z.boolean().default(false).describe("Call-the-dealer panel shows the location name with 'See more from this dealer' (spec 2.4 \"optionally\")."),
  imageCdnBaseUrl: z.string().nullable().default(null).describe("Image CDN base for relative image paths (spec 7/9: width 640, quality 75); null = paths as given."),
  servicePlan: z
    .object({
      enabled: z.boolean().default(false).describe("Show the block."),
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
        .default({ pricePerService: 250, services: 5, years: 5, intervalMonths: 12, intervalKm: 15000, maxKm: 75000 }).describe("Default plan; whole dollars, km, months, years."),
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
        .default({}).describe("Per-model overrides keyed by model name (case-insensitive)."),
    })
    .default({
      enabled: false,
      makes: [],
      carTypes: ["new", "demo"],
      plan: { pricePerService: 250, services: 5, years: 5, intervalMonths: 12, intervalKm: 15000, maxKm: 75000 },
      models: {},
    }).describe("Per-model service plan block on the VDP (spec 2.4; defaults $250 x 5 services, 5 years, 12 months / 15,000 km, 75,000 km)."),
});

/** Features that dealers switch on (spec 1, 4, 6). */
export const FeaturesSchema = z.object({
  garage: z.boolean().default(false).describe("My garage (gated, spec 6)."),
  compare: z.boolean().default(false).describe("Compare mode replaces favourites with a compare toggle (spec 4)."),
  favourites: z.boolean().default(true).describe("Favourites kept in browser storage (spec 4)."),
  favouritesStrict: z.boolean().default(false).describe("Strict favourites mode: also hidden when price <= 0, no images or (with usedOnly) not used (spec 4)."),
  favouritesUsedOnly: z.boolean().default(false),
  watchlist: z.boolean().default(false).describe("Server watchlist for signed-in users (spec 4, 6)."),
  checkout: z.boolean().default(false).describe("Online reservation with a refundable deposit (spec 2.1)."),
  checkoutPath: z.enum(["checkout", "buy-online"]).default("checkout").describe("Path segment of the reserve route: /cars/{slug}/checkout or /cars/{slug}/buy-online."),
  reserveDeposit: money.default(200).describe("Reservation deposit, whole dollars (spec 9: $200, held 48 hours)."),
  reserveHoldHours: z.number().int().default(48),
  onlinePurchase: z.boolean().default(false).describe("Online purchase journey (/checkout-journey)."),
  subscriptionPricing: z.boolean().default(false).describe("Subscription pricing shown before the price (spec 4)."),
  authentication: z.boolean().default(false).describe("Phone sign-in (spec 6: default off)."),
  chat: z.boolean().default(false).describe("Live chat button."),
  spinToWin: z.boolean().default(false).describe("Spin-to-win page (gated per flag, spec 6)."),
  tradeIn: z.boolean().default(true).describe("Trade-in valuation pages (spec 2.1)."),
  hideTradeInBannerText: z.boolean().default(false).describe("Hide the \"instant offer in 2 minutes\" text on the feature banner (spec 2.6)."),
});

/** Finance, spec 5 "Finance estimate display" / "Finance calculator", 9 "Finance". */
export const FinanceConfigSchema = z.object({
  provider: z.string().nullable().default(null).describe("Key into car.finance_lenders; null disables estimates."),
  providerType: z.enum(["A", "B", "C", "D", "E", "F", "G"]).default("D").describe("The provider's rule set (spec 5 types A..G), named by style, not by dealer."),
  linkPath: z.enum(["/finance", "/finance-enquiry", "/apply-for-finance"]).default("/finance").describe("Finance link path (spec 2.1)."),
  gated: z.boolean().default(false).describe("Finance gated behind sign-in (spec 6)."),
  excludedManufacturers: z.array(z.string()).default([]).describe("Makes whose cars never show an estimate, compared case-insensitively with the make name (spec 5)."),
  excludedLocationIds: z.array(z.number().int()).default([]).describe("Location ids whose cars never show an estimate (spec 5)."),
  calculatorMinPrice: money.default(1000).describe("Calculator: minimum purchase price (spec 5: 1,000, or 5,000)."),
  calculatorMaxPrice: money.default(250000),
  calculatorRateMin: z.number().default(0.5).describe("Calculator interest range, percent (spec 5: 0.5-15; 7.5-14.5; 4-20)."),
  calculatorRateMax: z.number().default(15),
  calculatorDefaultRate: z.number().default(10).describe("Default calculator rate, percent (spec 9: 10, one variant 8.5)."),
  quickPickAmounts: z.array(money).default([...DEFAULT_QUICK_PICKS]).describe("Quick-pick amounts, whole dollars (spec 5)."),
  establishmentFee: z.number().nonnegative().default(0).describe("Provider's establishment fee, dollars (spec 9: one provider 1360.5)."),
  fixedFees: z
    .object({
      establishment: z.number().nonnegative().default(0),
      securityRegistration: z.number().nonnegative().default(0),
      monthlyAdmin: z.number().nonnegative().default(0),
      agency: z.number().nonnegative().default(0),
    })
    .default({ establishment: 0, securityRegistration: 0, monthlyAdmin: 0, agency: 0 }).describe("Dealer's fixed fees, dollars (spec 9: 395, 6, 8 monthly, 912.25)."),
  quoteService: z.boolean().default(false).describe("Call the quote service for cars without a quote (spec 7 youx)."),
  showEstimates: z.boolean().default(true).describe("Show finance estimates on this site's cards and VDP (spec 5 \"site exclusions\"); false puts the site on the excluded-sites list of the estimate rules."),
  calculatorDefaultTermYears: z.number().min(1).max(7).default(5).describe("Calculator term default, years (spec 9: 5)."),
  generatedLenderRates: z
    .object({ new: z.number().min(0).max(30), demo: z.number().min(0).max(30), used: z.number().min(0).max(30) })
    .nullable()
    .default(null).describe("Lender data produced by our own repayment engine at import time for cars whose feed carries none (docs/decisions/020-generated-lender-data.md). Rates are percent p.a. by car type; null (the default) imports no lender data. The provider's fees above are included."),
});

/** Phone numbers, spec 5 "Call number choice order". */
export const PhonesSchema = z.object({
  override: z.string().nullable().default(null).describe("Overrides every other number when set."),
  byCarType: z
    .object({ new: z.string().nullable().default(null), used: z.string().nullable().default(null), demo: z.string().nullable().default(null) })
    .default({ new: null, used: null, demo: null }).describe("Numbers by car type; demo falls back to new."),
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
  startsAt: isoDate.nullable().default(null).describe("ISO date or date-time; null = open-ended. A date-only expiry runs to the end of that day (UTC)."),
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
  header: z.array(NavItemSchema).nullable().default(null).describe("Header items; null = the platform default built from the site's car types."),
  footerSections: z.array(FooterSectionSchema).default([]).describe("The site's footer sections, after the shared base list (a section with a base title replaces it)."),
  overrides: z.array(NavOverrideSchema).default([]).describe("Dealer navigation overrides merged over header and footer (spec 3)."),
  featureBanner: z
    .object({
      enabled: z.boolean().default(true).describe("Show the banner on the home page."),
      offersUrl: z.string().default("/special-offers").describe("Latest offers link."),
      tradeInUrl: z.string().default("/trade-in").describe("Sell your car link."),
    })
    .default({ enabled: true, offersUrl: "/special-offers", tradeInUrl: "/trade-in" }).describe("Feature banner (spec 2.6): three items, a carousel on small screens."),
  popup: PopupSchema.nullable().default(null).describe("Promotional popup; null = none."),
  banners: z.array(BannerSchema).default([]).describe("Banners on the home page."),
  abn: z.string().nullable().default(null).describe("Australian Business Number shown in the sub-footer."),
  modelStatuses: z
    .record(z.string(), z.enum(["current", "all_new", "coming_soon", "discontinued"]))
    .default({})
    .describe("The model menu's status per model slug on this site, over the platform's (spec 3 \"Model: status\"): all_new adds 'New ', coming_soon lists it under Upcoming, discontinued under Discontinued."),
  acceptedPayments: z.array(z.enum(PAYMENT_METHODS)).default([...PAYMENT_METHODS]).describe("Payment logos of the 'We accept' strip (spec 9); empty hides the strip."),
});
export type NavigationConfig = z.infer<typeof NavigationConfigSchema>;
// End issue 13 block.

/** Links and navigation, spec 2.1, 2.6, 2.7. */
export const LinksSchema = z.object({
  locationDetailPrefix: z.enum(["our-location", "contact-us"]).default("our-location").describe("Location detail path prefix: /our-location/{slug} or /contact-us/{slug} (spec 2.1)."),
  dealerNetworkBaseDomain: z.string().nullable().default(null).describe("Base domain of the dealer network; when set, service booking links there (spec 2.1)."),
  externalServiceBookingUrl: z.string().nullable().default(null).describe("External service booking URL used when a dealer network is configured (spec 2.6)."),
  locationCardStockLink: z.boolean().default(false).describe("Location cards add 'View Our Stock' linking to /search/{location slug} (spec 2.5)."),
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
  commentsRequired: z.boolean().default(true).describe("Comments required on the enquiry form (spec 5: required by default; a tenant may relax it)."),
  pickerExcludedLocationIds: z.array(z.number().int()).default([]).describe("Location ids never offered in the dealership picker (spec 2.6)."),
  defaultEmail: z.string().email().nullable().default(null).describe("Email for lead delivery when no routing rule matches. null (default): the lead's location's email, else the site's own enquiry address (its primary location's email, else `enquiries@{site domain}`), so every accepted lead has a route (issue 16, decision 161)."),
  pickerLocationIds: z.array(z.number().int()).nullable().default(null).describe("The dealership picker offers only these location ids (spec 2.6 \"a hard-coded list\"); null offers every visible location (then filtered by make and location type per form)."),
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
    .default([]).describe("Lead delivery routing (DESIGN 6). Every rule whose departments and locations match the lead adds one delivery job. Empty `departments` / `locationIds` match all. When no rule matches, the lead is emailed to `defaultEmail`, else to its location's email."),
  maxDeliveryAttempts: z.number().int().min(1).max(20).default(8).describe("Delivery attempts before a job is dead-lettered (each retry waits twice as long, from 30 s)."),
  retentionDays: z
    .number()
    .int()
    .min(30)
    .max(3650)
    .nullable()
    .default(null)
    .describe("Days a lead keeps the shopper's personal data (name, email, phone, postcode, message, form answers); a daily job then anonymises older leads and reports how many (issue 49 item 4). null (default): kept."),
  rateLimitPerIpPerHour: z.number().int().min(1).default(20).describe("Spam guard: accepted leads per IP address per hour (stored in the database, so it holds across nodes)."),
  rateLimitPerSitePerHour: z.number().int().min(1).default(1000).describe("Spam guard: accepted leads per site per hour."),
  multiStep: z.boolean().default(false).describe("Form pages use the multi-step layout (spec 4): contact details first, then the enquiry."),
  serviceOptions: z
    .array(z.string().trim().min(1).max(80))
    .max(20)
    .default(["Wheel alignment", "Tyre check", "Air-conditioning service", "Car wash"])
    .describe('Extra work a shopper may tick on the service booking form (spec 7 "additional_services (from checked options)"); the checked ones are sent with the lead. Empty: the form asks nothing extra.'),
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
  myGaragePath: z.enum(MY_GARAGE_PATHS).default("/my-garage").describe("Where My Garage lives on this site (spec 2.1 \"tenant variants\")."),
  gateCheckout: z.boolean().default(false).describe("Reserve (/cars/{slug}/checkout or buy-online) and /checkout-journey need a signed-in shopper (spec 6 \"checkout\")."),
  gateSpinToWin: z.boolean().default(true).describe("/spin-to-win needs a signed-in shopper (spec 6 \"spin-to-win\"); the page exists only with features.spinToWin."),
  gateExternalFinance: z.boolean().default(false).describe("The external finance page (`externalFinanceUrl`, reached through /finance/external) needs a signed-in shopper (spec 6)."),
  externalFinanceUrl: z.string().url().nullable().default(null).describe("The dealer's external finance application page (spec 7 \"external handoffs\"); null = none."),
  smsSender: z.string().min(1).max(11).default("Forecourt").describe("Sender name or number shown on sign-in texts (SMS alphanumeric sender ids are at most 11 characters)."),
  codeRequestsPerIpPer15Min: z.number().int().min(1).default(10).describe("Code requests allowed per client IP per 15 minutes (all numbers)."),
  codeRequestsPerNumberPerIpPer15Min: z.number().int().min(1).default(3).describe("Code requests allowed per (number, client IP) per 15 minutes."),
  codeRequestsPerNumberPerHour: z.number().int().min(1).default(15).describe("Code requests allowed per number per hour from all clients together. Keep it above four times the per-(number, IP) limit so one client alone can never use it up (a flood from one client never blocks the shopper)."),
  sessionDays: z.number().int().min(1).max(365).default(30).describe("Days a session lasts after sign-in."),
  spinToWin: z
    .object({
      title: z.string().default("Spin to Win"),
      intro: z.string().default("Spin once for a chance to win a dealer reward on your next visit."),
      prizes: z.array(z.string()).default([]).describe("Prizes listed on the page, in the order shown."),
      terms: z.array(z.string()).default([]).describe("Terms and conditions paragraphs."),
    })
    .default({ title: "Spin to Win", intro: "Spin once for a chance to win a dealer reward on your next visit.", prizes: [], terms: [] }).describe("/spin-to-win promotion (spec 2.1, 6): wording and terms are the dealer's."),
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
  manufacturer: z.string().nullable().default(null).describe("Only locations selling or servicing this manufacturer slug (e.g. \"toyota\"); null = any."),
  subtype: z.string().nullable().default(null).describe("Only locations of this subtype; null = any."),
  include: z.array(z.number().int()).default([]).describe("Only these location ids (empty = no restriction)."),
  exclude: z.array(z.number().int()).default([]).describe("Never these location ids."),
});
export type LocationBlock = z.infer<typeof LocationBlockSchema>;

/** Locations pages and blocks (spec 2.5, 3, 4, 5, 9). */
export const LocationsPageSchema = z.object({
  detailButtonLabel: z.enum(["View Location Details", "View Location"]).default("View Location Details").describe("Location card button wording (spec 2.5: 'View Location Details', also worded 'View Location')."),
  contactBlock: LocationBlockSchema.default(LocationBlockSchema.parse({})).describe("The block on /contact-us and /contact (spec 2.5 location page block)."),
  carouselForAll: z.boolean().default(false).describe("Several locations of an 'all' block show as a carousel instead of a card grid (spec 2.5 \"on some tenants\")."),
  alternatingSaturday: z
    .object({
      anchorDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("YYYY-MM-DD, a normal-hours Saturday (spec 4: a fixed date in June 2025)."),
      appointmentText: z.string().default("By Appointment Only"),
      locationTypes: z.array(z.string()).default(["service", "service-and-parts"]).describe("Location types the rule applies to."),
    })
    .nullable()
    .default(null).describe("Fortnightly Saturday rule (spec 4): matching locations keep normal Saturday hours on the anchor Saturday and every second one after, and read `appointmentText` on the others. null = every Saturday has normal hours."),
  starRatingMinimum: z.number().min(0).max(5).default(4).describe("The star-rating block shows only when the average is at least this (spec 5 MINIMUM_RATING 4)."),
  reviewsListed: z.number().int().min(0).max(100).default(20).describe("Reviews listed on a location page (spec 3: the sample set holds about 20)."),
  mapTileUrl: z.string().nullable().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png").describe("Interactive map tiles on the location page ({z}/{x}/{y} URL template); null shows only the map link and the address. The map loads after the page is interactive and falls back to the link when tiles fail (e.g. offline)."),
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
  maxAgeYears: z.number().int().min(0).max(50).default(7).describe("Spec 5: no estimate (and no VDP trade-in button) for cars more than this many years old."),
  maxKm: z.number().int().min(0).default(100_000).describe("Spec 5: no estimate (and no VDP trade-in button) for cars with more than this many km."),
  retailShare: z.number().min(0.3).max(1).default(0.8).describe("Share of the comparables' retail asking price offered for a trade-in (0.8 = 80%)."),
  minComparables: z.number().int().min(1).max(50).default(3).describe("Comparable listings needed for a figure (in the state, else nationally); fewer: no figure."),
  saveValuationToMiscellaneous: z.boolean().default(false).describe("Spec 7 \"POST /api/miscellaneous ... one site variant only\": also save the valuation result with column_name 'valuation' there. A failure only logs 'Failed to save valuation data'."),
  faq: z.array(TradeInFaqItemSchema).default(DEFAULT_TRADE_IN_FAQ).describe("Trade-in FAQ block on the wizard pages (spec 2.6); empty hides the block."),
});

// Issue 14: offers, content and legal pages, sitemap (spec 2.6, 9).
/** Content pages, offers, legal text and the sitemap (spec 2.1 content rows, 2.6, 9). */
export const ContentConfigSchema = z.object({
  offersLayout: z.enum(["grid", "list"]).default("grid").describe("Layout of /special-offers (spec 2.6 \"offer cards in list and grid layouts\")."),
  offerEnquireLabel: z.string().min(1).max(40).default("Enquire Now").describe("Wording of the offer card's enquiry button (spec 2.6: 'Enquire Now', tenant wording may differ)."),
  privacyComplaintResponseDays: z.number().int().min(1).max(365).nullable().default(null).describe("The privacy policy promises an answer to a privacy complaint within this many days (spec 9: 30 days in one dealer's text); null (default) names no period."),
  communityProgramAmount: money.nullable().default(null).describe("/about-us mentions the dealer's community programme of this many whole dollars (spec 9: $100,000); null: none."),
  banners: z
    .object({
      offers: z.string().nullable().default(null),
      finance: z.string().nullable().default(null),
      contact: z.string().nullable().default(null),
      fleet: z.string().nullable().default(null),
      parts: z.string().nullable().default(null),
      blog: z.string().nullable().default(null),
    })
    .default({ offers: null, finance: null, contact: null, fleet: null, parts: null, blog: null }).describe("Banner images replacing the shipped defaults (spec 9 \"default banner images for offers, finance, contact, fleet, parts and blog\"); null keeps the default under /banners/."),
  sitemapPageSize: z.number().int().min(100).max(50000).default(5000).describe("Most car URLs in one child sitemap; more listed cars make /sitemap.xml a sitemap index (protocol limit 50,000)."),
});

// Issue 17: shopper-grade presentation (price wording, header phone masking, image endpoint).
const PriceBasisEnum = z.enum(["drive_away", "excl_govt_charges"]);
export const PresentationSchema = z.object({
  priceBasis: z
    .object({
      default: PriceBasisEnum.default("drive_away"),
      byCarType: z
        .object({ new: PriceBasisEnum.nullable().default(null), demo: PriceBasisEnum.nullable().default(null), used: PriceBasisEnum.nullable().default(null) })
        .default({ new: null, demo: null, used: null }),
    })
    .default({ default: "drive_away", byCarType: { new: null, demo: null, used: null } }).describe("Australian single-price wording (decision 173): the basis a price is advertised on when the car's feed does not say (`price_basis`). `default` for every car type, `byCarType` overrides per type (null: `default`). Default: every price 'Drive away'."),
  maskHeaderPhone: z.boolean().default(true).describe("The header's phone number is masked like the VDP call panel's (spec 2.4: first 5 characters, then asterisks; the tel: link still dials), so the two agree and the panel's reveal count means something. Default true; false shows the header number in full (decision 174)."),
  imageEndpoint: z.boolean().default(true).describe("Serve local and imported photos through the embedded image endpoint (`/images/...`, resized and cached AVIF/WebP) when `display.imageCdnBaseUrl` is not set. Default true."),
});

export const SiteConfigSchema = z.object({
  template: z.enum(["standard", "single-brand", "caravan"]).default("standard").describe("Template (look and navigation set): 'standard' multi-brand or 'single-brand'."),
  brand: z.string().nullable().default(null).describe("Manufacturer slug for a single-brand site; null for multi-brand."),
  timeZone: z.string().default("Australia/Sydney").describe("IANA time zone for opening hours and dates (spec 9: Australia/Perth for one dealer)."),
  url: z.string().nullable().default(null).describe("Canonical public URL, e.g. https://www.example.com.au (used for share links and canonical URLs)."),
  itemNoun: z.object({ singular: z.string().default("car"), plural: z.string().default("cars") }).default({ singular: "car", plural: "cars" }).describe("Words used for stock items: \"car\" or, for a caravan dealer, \"caravan\"."),
  carTypes: z.array(z.enum(["new", "demo", "used"])).min(1).default(["new", "demo", "used"]).describe("Car types this site sells; drives navigation and landing routes."),
  certifiedPreOwned: z.boolean().default(false).describe("Certified pre-owned programme enabled (spec 2.1 /pre-owned?certified=true)."),
  theme: ThemeSchema.default(ThemeSchema.parse({})).meta({ title: "Look and feel", description: "Colours, logo and tagline of the site (white-label theming).", contentEditable: true }),
  search: SearchConfigSchema.default(SearchConfigSchema.parse({})).meta({ title: "Search", description: "What the search lists and how (spec 2.2, 4, 5, 9)." }),
  display: DisplayConfigSchema.default(DisplayConfigSchema.parse({})).meta({ title: "Stock display", description: "Tags, wording and blocks on car cards and car detail pages (spec 4, 9)." }),
  features: FeaturesSchema.default(FeaturesSchema.parse({})).meta({ title: "Features", description: "Features the dealer switches on (spec 1, 4, 6)." }),
  finance: FinanceConfigSchema.default(FinanceConfigSchema.parse({})).meta({ title: "Finance", description: "Finance estimates and the calculator (spec 5, 9)." }),
  phones: PhonesSchema.default(PhonesSchema.parse({})).meta({ title: "Phone numbers", description: "Which number shoppers call (spec 5 call number choice order)." }),
  links: LinksSchema.default(LinksSchema.parse({})).meta({ title: "Links", description: "Link paths and the dealer network (spec 2.1, 2.6)." }),
  social: SocialSchema.default(SocialSchema.parse({})).meta({ title: "Social and reviews", description: "Social links and review profiles (spec 3).", contentEditable: true }),
  leads: LeadsConfigSchema.default(LeadsConfigSchema.parse({})).meta({ title: "Leads", description: "Enquiry forms and lead delivery (spec 5 forms)." }),
  accounts: AccountsConfigSchema.default(AccountsConfigSchema.parse({})).meta({ title: "Shopper accounts", description: "Phone sign-in, sessions and gated pages (spec 6)." }),
  locationsPage: LocationsPageSchema.default(LocationsPageSchema.parse({})).meta({ title: "Locations pages", description: "Location directory, hours rules, reviews and maps (spec 2.5)." }),
  navigation: NavigationConfigSchema.default(NavigationConfigSchema.parse({})).meta({ title: "Navigation and promotions", description: "Header, footer, feature banner, popup and home banners (spec 2.6, 2.7).", contentEditable: true }),
  tradeIn: TradeInConfigSchema.default(TradeInConfigSchema.parse({})).meta({ title: "Trade-in", description: "Trade-in valuations and their FAQ (spec 2.1, 2.6, 5)." }),
  content: ContentConfigSchema.default(ContentConfigSchema.parse({})).meta({ title: "Content pages", description: "Offers, content and legal pages, sitemap (spec 2.6, 9).", contentEditable: true }),
  presentation: PresentationSchema.default(PresentationSchema.parse({})).meta({ title: "Presentation", description: "Price wording, header phone masking, image endpoint." }),
  complaintsContact: z
    .object({ name: z.string().nullable().default(null).describe("Who handles complaints."), email: z.string().nullable().default(null).describe("Where complaints go.") })
    .default({ name: null, email: null })
    .meta({ title: "Complaints contact", description: "Complaints contact on the complaints page (spec 2.6).", contentEditable: true }),
  overrideCity: z.string().nullable().default(null).describe("Search-index override for the city shown (spec 3 override_city)."),
  hero: z
    .object({ title: z.string().default("Find your next car").describe("Large heading on the home page."), subtitle: z.string().default("").describe("Line under the heading.") })
    .default({ title: "Find your next car", subtitle: "" })
    .meta({ title: "Home page hero", description: "Home page hero text.", contentEditable: true }),
});

/** A site's full configuration, every field present (defaults filled in). */
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
/** What a site record stores: any subset; missing fields take their defaults. */
export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
