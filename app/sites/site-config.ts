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

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour like #1a2b3c");
const money = z.number().int().nonnegative();

/** Look and feel (white-label theming is data). */
export const ThemeSchema = z.object({
  /** Brand colour: header, buttons. */
  primary: hexColour.default("#1d4ed8"),
  /** Text colour on the primary colour. */
  onPrimary: hexColour.default("#ffffff"),
  /** Accent: price, highlights. */
  accent: hexColour.default("#0f766e"),
  /** Logo image URL; when null the site name is set as a word mark. */
  logoUrl: z.string().nullable().default(null),
  /** Short text shown under the name in the header (e.g. "Perth's Toyota people"). */
  tagline: z.string().default(""),
});

/** Search behaviour, spec 2.2, 4, 5 "Search and sliders", 9 "Search". */
export const SearchConfigSchema = z.object({
  /** Cars sold within this many days stay listed (spec 4; default 3). */
  includeSoldCarsDays: z.number().int().min(0).max(365).default(3),
  /** Stock numbers never shown on this site (spec 9: "Some dealers exclude listed stock numbers"). */
  excludedStockNumbers: z.array(z.string()).default([]),
  /** Location ids whose stock is hidden from this site's search. */
  excludedLocationIds: z.array(z.number().int()).default([]),
  /** Results per page (spec 9: 21). */
  hitsPerPage: z.number().int().min(1).max(100).default(21),
  /** Makes shown before 'Show all makes' (spec 9: 7, or the popular-make count on one flag). */
  popularMakesCount: z.number().int().min(1).max(50).default(7),
  /** Only certified stock is sold here: the certified facet hides 'false' (spec 5). */
  certifiedOnly: z.boolean().default(false),
  /** Enables the subscription price sort (spec 2.2). */
  subscriptionSort: z.boolean().default(false),
  /** Enables the kms sort (spec 2.2). */
  kmsSort: z.boolean().default(false),
  /** Adds `price > 0` when sorting by lowest price (spec 5). */
  priceAboveZeroOnPriceAsc: z.boolean().default(false),
  /** Replaces result counts above 1999 (spec 9); null means use the sum of facet counts. */
  configuredStockCount: z.number().int().nullable().default(null),
  /** Promo card positions among results (spec 2.2). */
  promoCardPositions: z.array(z.number().int().min(1)).default([4, 6, 8, 9, 17]),
  /**
   * Promo cards with a car type show only when exactly that car type is refined (spec 4 "only for
   * the selected car_type (some strictly)"); false also shows them when no car type is refined.
   */
  promoCardsStrictCarType: z.boolean().default(false),
  /** Wording of the pre-owned certified switch (spec 2.2). */
  certifiedSwitchLabel: z.string().default("Only show Certified Vehicles"),
});

/** Stock display and tags, spec 4 and 9 "Display". */
export const DisplayConfigSchema = z.object({
  /** Just-arrived window in days (spec 9: 8). */
  justArrivedDays: z.number().int().min(0).default(8),
  /** Tag for just-arrived cars (spec 4: 'New'). */
  justArrivedTagName: z.string().default("New"),
  /** Tag for cars not in stock (spec 4: 'JUST SOLD'). */
  soldTagName: z.string().default("JUST SOLD"),
  /** Show the electric/hybrid fuel tag first (spec 4, "when enabled"). */
  fuelTagEnabled: z.boolean().default(false),
  /** Text when no price can be shown (spec 4: 'Enquire for price.'). */
  noPriceText: z.string().default("Enquire for price."),
  /** Word used for used cars (spec 9: 'Used'). */
  usedKeyword: z.string().default("Used"),
  /** Label of the car card's details button (spec 2.3). */
  detailsButtonLabel: z.enum(["View Details", "Explore Vehicle"]).default("View Details"),
  /** Rego expiry in the past reads 'Unregistered' instead of nothing (spec 5). */
  showUnregisteredForExpiredRego: z.boolean().default(false),
  /** Spec-list entries never shown (spec 5: default excludes rego). */
  specListExclusions: z.array(z.string()).default(["rego"]),
  /** Features shown before 'show more' (spec 9: 8). */
  featuresLimit: z.number().int().min(1).default(8),
  /** Show the certified pre-owned badge on certified cars (spec 4). */
  certifiedBadge: z.boolean().default(false),
  /** Name of the certified programme, e.g. "Toyota Certified Pre-Owned". */
  certifiedProgrammeName: z.string().default("Certified Pre-Owned"),
  /** Guarantee banner on every VDP (spec 2.4). */
  guaranteeBanner: z.boolean().default(false),
  /** Show the map section on the VDP (spec 3 vdp_config.show_map_section). */
  vdpShowMapSection: z.boolean().default(true),
  /** Make an Offer dialog on the VDP (spec 2.4: "one dealer set"). */
  makeAnOffer: z.boolean().default(false),
  /** Market-price indicator / autograb lookup (spec 5). */
  marketPriceIndicator: z.boolean().default(false),
  /** Minimum review rating displayed (spec 5: 3 for one dealer; MINIMUM_RATING 4). */
  minimumReviewRating: z.number().min(0).max(5).default(4),
  /** Price below this counts as no price on views that use the higher threshold (spec 9: 10, or 200). */
  priceThreshold: z.number().int().default(10),
  /** Call-the-dealer panel shows the location name with 'See more from this dealer' (spec 2.4 "optionally"). */
  callPanelDealerLink: z.boolean().default(false),
  /** Image CDN base for relative image paths (spec 7/9: width 640, quality 75); null = paths as given. */
  imageCdnBaseUrl: z.string().nullable().default(null),
  /** Per-model service plan block on the VDP (spec 2.4; defaults $250 x 5 services, 5 years, 12 months / 15,000 km, 75,000 km). */
  servicePlan: z
    .object({
      /** Show the block. */
      enabled: z.boolean().default(false),
      /** Makes covered (case-insensitive); empty = all. */
      makes: z.array(z.string()).default([]),
      /** Car types covered. */
      carTypes: z.array(z.enum(["new", "demo", "used"])).default(["new", "demo"]),
      /** Default plan; whole dollars, km, months, years. */
      plan: z
        .object({
          pricePerService: money.default(250),
          services: z.number().int().min(1).default(5),
          years: z.number().int().min(1).default(5),
          intervalMonths: z.number().int().min(1).default(12),
          intervalKm: z.number().int().min(1).default(15000),
          maxKm: z.number().int().min(1).default(75000),
        })
        .default({ pricePerService: 250, services: 5, years: 5, intervalMonths: 12, intervalKm: 15000, maxKm: 75000 }),
      /** Per-model overrides keyed by model name (case-insensitive). */
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
        .default({}),
    })
    .default({
      enabled: false,
      makes: [],
      carTypes: ["new", "demo"],
      plan: { pricePerService: 250, services: 5, years: 5, intervalMonths: 12, intervalKm: 15000, maxKm: 75000 },
      models: {},
    }),
});

/** Features that dealers switch on (spec 1, 4, 6). */
export const FeaturesSchema = z.object({
  /** My garage (gated, spec 6). */
  garage: z.boolean().default(false),
  /** Compare mode replaces favourites with a compare toggle (spec 4). */
  compare: z.boolean().default(false),
  /** Favourites kept in browser storage (spec 4). */
  favourites: z.boolean().default(true),
  /** Strict favourites mode: also hidden when price <= 0, no images or (with usedOnly) not used (spec 4). */
  favouritesStrict: z.boolean().default(false),
  favouritesUsedOnly: z.boolean().default(false),
  /** Server watchlist for signed-in users (spec 4, 6). */
  watchlist: z.boolean().default(false),
  /** Online reservation with a refundable deposit (spec 2.1). */
  checkout: z.boolean().default(false),
  /** Path segment of the reserve route: /cars/{slug}/checkout or /cars/{slug}/buy-online. */
  checkoutPath: z.enum(["checkout", "buy-online"]).default("checkout"),
  /** Reservation deposit, whole dollars (spec 9: $200, held 48 hours). */
  reserveDeposit: money.default(200),
  reserveHoldHours: z.number().int().default(48),
  /** Online purchase journey (/checkout-journey). */
  onlinePurchase: z.boolean().default(false),
  /** Subscription pricing shown before the price (spec 4). */
  subscriptionPricing: z.boolean().default(false),
  /** Phone sign-in (spec 6: default off). */
  authentication: z.boolean().default(false),
  /** Live chat button. */
  chat: z.boolean().default(false),
  /** Spin-to-win page (gated per flag, spec 6). */
  spinToWin: z.boolean().default(false),
  /** Trade-in valuation pages (spec 2.1). */
  tradeIn: z.boolean().default(true),
  /** Hide the "instant offer in 2 minutes" text on the feature banner (spec 2.6). */
  hideTradeInBannerText: z.boolean().default(false),
});

/** Finance, spec 5 "Finance estimate display" / "Finance calculator", 9 "Finance". */
export const FinanceConfigSchema = z.object({
  /** Key into car.finance_lenders; null disables estimates. */
  provider: z.string().nullable().default(null),
  /** The provider's rule set (spec 5 types A..G), named by style, not by dealer. */
  providerType: z.enum(["A", "B", "C", "D", "E", "F", "G"]).default("D"),
  /** Finance link path (spec 2.1). */
  linkPath: z.enum(["/finance", "/finance-enquiry", "/apply-for-finance"]).default("/finance"),
  /** Finance gated behind sign-in (spec 6). */
  gated: z.boolean().default(false),
  /** Makes whose cars never show an estimate, compared case-insensitively with the make name (spec 5). */
  excludedManufacturers: z.array(z.string()).default([]),
  /** Location ids whose cars never show an estimate (spec 5). */
  excludedLocationIds: z.array(z.number().int()).default([]),
  /** Calculator: minimum purchase price (spec 5: 1,000, or 5,000). */
  calculatorMinPrice: money.default(1000),
  calculatorMaxPrice: money.default(250000),
  /** Calculator interest range, percent (spec 5: 0.5-15; 7.5-14.5; 4-20). */
  calculatorRateMin: z.number().default(0.5),
  calculatorRateMax: z.number().default(15),
  /** Default calculator rate, percent (spec 9: 10, one variant 8.5). */
  calculatorDefaultRate: z.number().default(10),
  /** Quick-pick amounts, whole dollars (spec 5). */
  quickPickAmounts: z.array(money).default([...DEFAULT_QUICK_PICKS]),
  /** Provider's establishment fee, dollars (spec 9: one provider 1360.5). */
  establishmentFee: z.number().nonnegative().default(0),
  /** Dealer's fixed fees, dollars (spec 9: 395, 6, 8 monthly, 912.25). */
  fixedFees: z
    .object({
      establishment: z.number().nonnegative().default(0),
      securityRegistration: z.number().nonnegative().default(0),
      monthlyAdmin: z.number().nonnegative().default(0),
      agency: z.number().nonnegative().default(0),
    })
    .default({ establishment: 0, securityRegistration: 0, monthlyAdmin: 0, agency: 0 }),
  /** Call the quote service for cars without a quote (spec 7 youx). */
  quoteService: z.boolean().default(false),
  /**
   * Show finance estimates on this site's cards and VDP (spec 5 "site exclusions"); false puts
   * the site on the excluded-sites list of the estimate rules.
   */
  showEstimates: z.boolean().default(true),
  /** Calculator term default, years (spec 9: 5). */
  calculatorDefaultTermYears: z.number().min(1).max(7).default(5),
  /**
   * Lender data produced by our own repayment engine at import time for cars whose feed carries
   * none (docs/decisions/020-generated-lender-data.md). Rates are percent p.a. by car type;
   * null (the default) imports no lender data. The provider's fees above are included.
   */
  generatedLenderRates: z
    .object({ new: z.number().min(0).max(30), demo: z.number().min(0).max(30), used: z.number().min(0).max(30) })
    .nullable()
    .default(null),
});

/** Phone numbers, spec 5 "Call number choice order". */
export const PhonesSchema = z.object({
  /** Overrides every other number when set. */
  override: z.string().nullable().default(null),
  /** Numbers by car type; demo falls back to new. */
  byCarType: z
    .object({ new: z.string().nullable().default(null), used: z.string().nullable().default(null), demo: z.string().nullable().default(null) })
    .default({ new: null, used: null, demo: null }),
  /** Main number shown in the header and footer. */
  main: z.string().nullable().default(null),
});

/** A navigation item (spec 3 "Navigation item"). */
export interface NavItem {
  url: string;
  name: string;
  className?: string;
  mandatory?: boolean;
  dropdownItems?: NavItem[];
  dynamicDropdown?: "models";
}
const NavItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    url: z.string(),
    name: z.string(),
    className: z.string().optional(),
    mandatory: z.boolean().optional(),
    dropdownItems: z.array(NavItemSchema).optional(),
    dynamicDropdown: z.literal("models").optional(),
  }),
);

/** Links and navigation, spec 2.1, 2.6, 2.7. */
export const LinksSchema = z.object({
  /** Location detail path prefix: /our-location/{slug} or /contact-us/{slug} (spec 2.1). */
  locationDetailPrefix: z.enum(["our-location", "contact-us"]).default("our-location"),
  /** Base domain of the dealer network; when set, service booking links there (spec 2.1). */
  dealerNetworkBaseDomain: z.string().nullable().default(null),
  /** External service booking URL used when a dealer network is configured (spec 2.6). */
  externalServiceBookingUrl: z.string().nullable().default(null),
  /** Location cards add 'View Our Stock' linking to /search/{location slug} (spec 2.5). */
  locationCardStockLink: z.boolean().default(false),
  /** Header navigation replacing the default; null uses the template's navigation. */
  navigation: z.array(NavItemSchema).nullable().default(null),
  /** Extra footer items merged into the footer (spec 2.7). */
  footerExtras: z.array(NavItemSchema).default([]),
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
  /** Comments required on the enquiry form (spec 5: required by default; a tenant may relax it). */
  commentsRequired: z.boolean().default(true),
  /** Location ids never offered in the dealership picker (spec 2.6). */
  pickerExcludedLocationIds: z.array(z.number().int()).default([]),
  /** Email for lead delivery when no routing rule matches. */
  defaultEmail: z.string().nullable().default(null),
  /**
   * The dealership picker offers only these location ids (spec 2.6 "a hard-coded list");
   * null offers every visible location (then filtered by make and location type per form).
   */
  pickerLocationIds: z.array(z.number().int()).nullable().default(null),
  /**
   * Lead delivery routing (DESIGN 6). Every rule whose departments and locations match the lead
   * adds one delivery job. Empty `departments` / `locationIds` match all. When no rule matches,
   * the lead is emailed to `defaultEmail`, else to its location's email.
   */
  routing: z
    .array(
      z.object({
        /** email: a plain-text email; webhook: JSON POST to a URL; adf: ADF/XML 1.0 (emailed, or POSTed when the target is a URL). */
        channel: z.enum(["email", "webhook", "adf"]),
        /** An email address, or an http(s) URL for webhook / adf. */
        target: z.string().min(3),
        departments: z.array(z.enum(["sales", "service", "parts"])).default([]),
        locationIds: z.array(z.number().int()).default([]),
      }),
    )
    .default([]),
  /** Delivery attempts before a job is dead-lettered (each retry waits twice as long, from 30 s). */
  maxDeliveryAttempts: z.number().int().min(1).max(20).default(8),
  /** Spam guard: accepted leads per IP address per hour (stored in the database, so it holds across nodes). */
  rateLimitPerIpPerHour: z.number().int().min(1).default(20),
  /** Spam guard: accepted leads per site per hour. */
  rateLimitPerSitePerHour: z.number().int().min(1).default(1000),
  /** Form pages use the multi-step layout (spec 4): contact details first, then the enquiry. */
  multiStep: z.boolean().default(false),
});

// Issue 17: shopper-grade presentation (price wording, header phone masking, image endpoint).
const PriceBasisEnum = z.enum(["drive_away", "excl_govt_charges"]);
export const PresentationSchema = z.object({
  /**
   * Australian single-price wording (decision 173): the basis a price is advertised on when the
   * car's feed does not say (`price_basis`). `default` for every car type, `byCarType` overrides
   * per type (null: `default`). Default: every price 'Drive away'.
   */
  priceBasis: z
    .object({
      default: PriceBasisEnum.default("drive_away"),
      byCarType: z
        .object({ new: PriceBasisEnum.nullable().default(null), demo: PriceBasisEnum.nullable().default(null), used: PriceBasisEnum.nullable().default(null) })
        .default({ new: null, demo: null, used: null }),
    })
    .default({ default: "drive_away", byCarType: { new: null, demo: null, used: null } }),
  /**
   * The header's phone number is masked like the VDP call panel's (spec 2.4: first 5 characters,
   * then asterisks; the tel: link still dials), so the two agree and the panel's reveal count
   * means something. Default true; false shows the header number in full (decision 174).
   */
  maskHeaderPhone: z.boolean().default(true),
  /**
   * Serve local and imported photos through the embedded image endpoint (`/images/...`, resized
   * and cached AVIF/WebP) when `display.imageCdnBaseUrl` is not set. Default true.
   */
  imageEndpoint: z.boolean().default(true),
});

export const SiteConfigSchema = z.object({
  /** Template (look and navigation set): 'standard' multi-brand or 'single-brand'. */
  template: z.enum(["standard", "single-brand", "caravan"]).default("standard"),
  /** Manufacturer slug for a single-brand site; null for multi-brand. */
  brand: z.string().nullable().default(null),
  /** IANA time zone for opening hours and dates (spec 9: Australia/Perth for one dealer). */
  timeZone: z.string().default("Australia/Sydney"),
  /** Canonical public URL, e.g. https://www.example.com.au (used for share links and canonical URLs). */
  url: z.string().nullable().default(null),
  /** Words used for stock items: "car" or, for a caravan dealer, "caravan". */
  itemNoun: z.object({ singular: z.string().default("car"), plural: z.string().default("cars") }).default({ singular: "car", plural: "cars" }),
  /** Car types this site sells; drives navigation and landing routes. */
  carTypes: z.array(z.enum(["new", "demo", "used"])).min(1).default(["new", "demo", "used"]),
  /** Certified pre-owned programme enabled (spec 2.1 /pre-owned?certified=true). */
  certifiedPreOwned: z.boolean().default(false),
  theme: ThemeSchema.default(ThemeSchema.parse({})),
  search: SearchConfigSchema.default(SearchConfigSchema.parse({})),
  display: DisplayConfigSchema.default(DisplayConfigSchema.parse({})),
  features: FeaturesSchema.default(FeaturesSchema.parse({})),
  finance: FinanceConfigSchema.default(FinanceConfigSchema.parse({})),
  phones: PhonesSchema.default(PhonesSchema.parse({})),
  links: LinksSchema.default(LinksSchema.parse({})),
  social: SocialSchema.default(SocialSchema.parse({})),
  leads: LeadsConfigSchema.default(LeadsConfigSchema.parse({})),
  /** Issue 17: price wording, header phone masking, image endpoint. */
  presentation: PresentationSchema.default(PresentationSchema.parse({})),
  /** Complaints contact on the complaints page (spec 2.6). */
  complaintsContact: z
    .object({ name: z.string().nullable().default(null), email: z.string().nullable().default(null) })
    .default({ name: null, email: null }),
  /** Search-index override for the city shown (spec 3 override_city). */
  overrideCity: z.string().nullable().default(null),
  /** Home page hero text. */
  hero: z
    .object({ title: z.string().default("Find your next car"), subtitle: z.string().default("") })
    .default({ title: "Find your next car", subtitle: "" }),
});

/** A site's full configuration, every field present (defaults filled in). */
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
/** What a site record stores: any subset; missing fields take their defaults. */
export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
