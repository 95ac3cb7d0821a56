/**
 * The demo dealer sites (fictional businesses, real suburbs). Every difference between them is
 * SiteConfig data: this file is where "one dealer does X" from the spec is switched on.
 */
import type { SiteConfigInput } from "../../app/sites/site-config";
import { ACCOUNTS_DEMO_CONFIG, ACCOUNTS_DEMO_FEATURES } from "./accounts-demo";
import { CARAVAN_NAVIGATION, MULTI_BRAND_NAVIGATION, TOYOTA_NAVIGATION } from "./navigation";
import { PERTH_TOYOTA_TRADE_IN, SUNSHINE_STATE_TRADE_IN } from "./trade-in-demo";

export interface DemoLocation {
  name: string;
  slug: string;
  locationType: "sales" | "service" | "parts" | "service-and-parts";
  suburb: string;
  state: string;
  street: string;
  phone: string;
  primary?: boolean;
  manufacturers?: string[];
  dealerLicenseNumber?: string;
  /** Motor vehicle repairer licence (spec 2.6 sub-footer). */
  motorVehicleRepairer?: string;
  /** Weekday hours "HH:mm-HH:mm"; Saturday and Sunday separately; null = closed. */
  hours: { weekdays: string; saturday: string | null; sunday: string | null };
}

export interface DemoSite {
  slug: string;
  name: string;
  group: { slug: string; name: string };
  config: SiteConfigInput;
  locations: DemoLocation[];
}

const SALES_HOURS = { weekdays: "08:30-17:30", saturday: "08:30-16:00", sunday: null };
const SERVICE_HOURS = { weekdays: "07:30-17:00", saturday: "08:00-12:00", sunday: null };

export const DEMO_SITES: DemoSite[] = [
  {
    slug: "perth-toyota",
    name: "Swan River Toyota",
    group: { slug: "swan-river-motors", name: "Swan River Motors" },
    config: {
      tradeIn: PERTH_TOYOTA_TRADE_IN,
      template: "single-brand",
      brand: "toyota",
      timeZone: "Australia/Perth",
      url: "https://www.swanrivertoyota.example",
      carTypes: ["new", "used"],
      certifiedPreOwned: true,
      theme: { primary: "#c8102e", onPrimary: "#ffffff", accent: "#1f2937", tagline: "Perth's Toyota people since 1978" },
      hero: { title: "Toyota new and certified pre-owned in Perth", subtitle: "Osborne Park, Midland and Welshpool" },
      search: { certifiedSwitchLabel: "Only show Toyota Certified Vehicles", popularMakesCount: 5 },
      display: {
        // Issue 52: 'New' (the spec default) read as the car's condition on used cars.
        justArrivedTagName: "Just Arrived",
        certifiedBadge: true,
        certifiedProgrammeName: "Toyota Certified Pre-Owned",
        certifiedLogoUrl: "/brand/toyota-certified.svg",
        fuelTagEnabled: true,
        marketPriceIndicator: true,
        detailsButtonLabel: "Explore Vehicle",
        servicePlan: { enabled: true, makes: ["Toyota"], models: { HiLux: { pricePerService: 295 }, LandCruiser: { pricePerService: 375, intervalKm: 10000, maxKm: 50000 } } },
      },
      finance: {
        provider: "toyota-finance",
        providerType: "G",
        linkPath: "/finance-enquiry",
        calculatorDefaultRate: 8.5,
        // The lender's credit fees: they are what lift its comparison rate above 6.29% (reg 100).
        establishmentFee: 395,
        fixedFees: { establishment: 0, securityRegistration: 0, monthlyAdmin: 10, agency: 0 },
        generatedLenderRates: { new: 6.29, demo: 6.49, used: 7.99 },
      },
      links: { dealerNetworkBaseDomain: "toyota.com.au", externalServiceBookingUrl: "https://www.toyota.com.au/service-booking" },
      phones: { main: "(08) 9201 4400", byCarType: { new: "(08) 9201 4410", used: "(08) 9201 4420", demo: null } },
      // Issue 12: service Saturdays alternate fortnightly from 14 June 2025 (spec 4).
      locationsPage: { alternatingSaturday: { anchorDate: "2025-06-14" } },
      social: { facebook: "https://www.facebook.com/example-swan-river-toyota", instagram: "https://www.instagram.com/example-swan-river-toyota", youtube: "https://www.youtube.com/@example-swan-river-toyota", gmbProfiles: [{ name: "Swan River Toyota Osborne Park", reviewUrl: "https://www.google.com/maps/search/?api=1&query=Swan+River+Toyota+Osborne+Park" }] },
      navigation: TOYOTA_NAVIGATION,
      content: { privacyComplaintResponseDays: 30, communityProgramAmount: 100000 }, // Issue 14
    },
    locations: [
      { name: "Swan River Toyota Osborne Park", slug: "osborne-park", locationType: "sales", suburb: "Osborne Park", state: "WA", street: "400 Scarborough Beach Road", phone: "(08) 9201 4400", primary: true, manufacturers: ["toyota"], dealerLicenseNumber: "DL 12345", hours: SALES_HOURS },
      { name: "Swan River Toyota Midland", slug: "midland", locationType: "sales", suburb: "Midland", state: "WA", street: "12 Great Eastern Highway", phone: "(08) 9250 1100", manufacturers: ["toyota"], dealerLicenseNumber: "DL 12346", hours: SALES_HOURS },
      { name: "Swan River Toyota Service Centre Welshpool", slug: "welshpool-service", locationType: "service", suburb: "Welshpool", state: "WA", street: "88 Kewdale Road", phone: "(08) 9351 7700", motorVehicleRepairer: "MRB 4521", hours: SERVICE_HOURS },
      { name: "Swan River Toyota Parts Cannington", slug: "cannington-parts", locationType: "parts", suburb: "Cannington", state: "WA", street: "5 Sevenoaks Street", phone: "(08) 9358 2200", hours: SERVICE_HOURS },
    ],
  },
  {
    slug: "harbour-auto-group",
    name: "Harbourside Motor Group",
    group: { slug: "harbourside-motor-group", name: "Harbourside Motor Group" },
    config: {
      presentation: { priceBasis: { default: "drive_away", byCarType: { new: "excl_govt_charges", demo: null, used: null } } }, // Issue 17
      template: "standard",
      timeZone: "Australia/Sydney",
      url: "https://www.harbourside.example",
      theme: { primary: "#0b3d91", onPrimary: "#ffffff", accent: "#0e7490", tagline: "Every make, six locations in Sydney and Canberra" },
      hero: { title: "New, demo and used cars across Sydney and Canberra", subtitle: "Sales in Parramatta, Liverpool and Canberra; service and parts in Artarmon, Alexandria and Penrith" },
      features: { checkout: true, onlinePurchase: true, compare: false, chat: true, ...ACCOUNTS_DEMO_FEATURES },
      accounts: ACCOUNTS_DEMO_CONFIG, // Issue 9: sign-in, watchlist, My Garage, spin-to-win.
      display: { makeAnOffer: true, fuelTagEnabled: true, justArrivedTagName: "Just Arrived", callPanelDealerLink: true },
      // Issue 54 item 7: "More from our group" (Southern Cross Used Cars) on the SRP.
      search: { kmsSort: true, priceAboveZeroOnPriceAsc: true, promoCardsStrictCarType: true, groupSearch: "group" },
      finance: {
        provider: "angle",
        providerType: "E",
        linkPath: "/apply-for-finance",
        quoteService: true,
        generatedLenderRates: { new: 7.49, demo: 7.49, used: 8.99 },
      },
      links: { locationDetailPrefix: "contact-us", locationCardStockLink: true },
      // Issue 12: 'View Location' wording and a carousel for the 'all' block (spec 2.5).
      locationsPage: { detailButtonLabel: "View Location", carouselForAll: true },
      phones: { main: "(02) 9630 1000" },
      social: { facebook: "https://www.facebook.com/example-harbourside", linkedin: "https://www.linkedin.com/company/example-harbourside", tiktok: "https://www.tiktok.com/@example-harbourside", gmbProfiles: [{ name: "Harbourside Parramatta", reviewUrl: "https://www.google.com/maps/search/?api=1&query=Harbourside+Parramatta" }, { name: "Harbourside Liverpool", reviewUrl: "https://www.google.com/maps/search/?api=1&query=Harbourside+Liverpool" }] },
      navigation: MULTI_BRAND_NAVIGATION,
      complaintsContact: { name: "Customer Relations Manager", email: "care@harbourside.example" },
      content: { offersLayout: "list", offerEnquireLabel: "Make An Enquiry" }, // Issue 14
      leads: {
        defaultEmail: "leads@harbourside.example",
        routing: [
          { channel: "email", target: "sales@harbourside.example", departments: ["sales"] },
          { channel: "adf", target: "crm@harbourside.example", departments: ["sales"] },
          { channel: "email", target: "service@harbourside.example", departments: ["service", "parts"] },
        ],
      },
    },
    locations: [
      { name: "Harbourside Parramatta", slug: "parramatta", locationType: "sales", suburb: "Parramatta", state: "NSW", street: "200 Church Street", phone: "(02) 9630 1000", primary: true, dealerLicenseNumber: "MD 045678", hours: SALES_HOURS },
      { name: "Harbourside Liverpool", slug: "liverpool", locationType: "sales", suburb: "Liverpool", state: "NSW", street: "321 Hume Highway", phone: "(02) 9600 2000", dealerLicenseNumber: "MD 045679", hours: SALES_HOURS },
      { name: "Harbourside Canberra", slug: "canberra", locationType: "sales", suburb: "Phillip", state: "ACT", street: "15 Botany Street", phone: "(02) 6282 3000", dealerLicenseNumber: "ACT 1021", hours: SALES_HOURS },
      { name: "Harbourside Service Artarmon", slug: "artarmon-service", locationType: "service", suburb: "Artarmon", state: "NSW", street: "9 Frederick Street", phone: "(02) 9438 4000", hours: SERVICE_HOURS },
      { name: "Harbourside Parts Alexandria", slug: "alexandria-parts", locationType: "parts", suburb: "Alexandria", state: "NSW", street: "60 O'Riordan Street", phone: "(02) 9698 5000", hours: SERVICE_HOURS },
      { name: "Harbourside Service & Parts Penrith", slug: "penrith-service-parts", locationType: "service-and-parts", suburb: "Penrith", state: "NSW", street: "77 Mulgoa Road", phone: "(02) 4721 6000", hours: SERVICE_HOURS },
    ],
  },
  {
    slug: "southern-cross-used",
    name: "Southern Cross Used Cars",
    // Issue 54 item 7: a member of the Harbourside group, searching the group's stock with it.
    group: { slug: "harbourside-motor-group", name: "Harbourside Motor Group" },
    config: {
      template: "standard",
      timeZone: "Australia/Melbourne",
      url: "https://www.southerncrossused.example",
      carTypes: ["used"],
      theme: { primary: "#14532d", onPrimary: "#ffffff", accent: "#b45309", tagline: "Independent. Inspected. Honest." },
      hero: { title: "Quality used cars in Melbourne", subtitle: "Every car inspected, every price on the windscreen" },
      search: { includeSoldCarsDays: 7, popularMakesCount: 10, groupSearch: "group" },
      display: { justArrivedTagName: "Just Arrived", detailsButtonLabel: "Explore Vehicle", guaranteeBanner: true, showUnregisteredForExpiredRego: true, minimumReviewRating: 3, marketPriceIndicator: true },
      finance: {
        provider: "manual",
        providerType: "D",
        fixedFees: { establishment: 395, securityRegistration: 6, monthlyAdmin: 8, agency: 912.25 },
        generatedLenderRates: { new: 8.49, demo: 8.49, used: 9.99 },
      },
      leads: { commentsRequired: false },
      // Issue 10: online reservation on the /cars/{slug}/buy-online path variant (spec 2.1).
      features: { checkout: true, checkoutPath: "buy-online" },
      phones: { main: "(03) 9791 5500" },
    },
    locations: [
      { name: "Southern Cross Dandenong", slug: "dandenong", locationType: "sales", suburb: "Dandenong", state: "VIC", street: "150 Princes Highway", phone: "(03) 9791 5500", primary: true, dealerLicenseNumber: "LMCT 11223", hours: SALES_HOURS },
      { name: "Southern Cross Ringwood", slug: "ringwood", locationType: "sales", suburb: "Ringwood", state: "VIC", street: "44 Maroondah Highway", phone: "(03) 9870 3300", dealerLicenseNumber: "LMCT 11224", hours: SALES_HOURS },
    ],
  },
  {
    slug: "sunshine-state-cars",
    name: "Sunshine State Car Co.",
    group: { slug: "sunshine-state-car-co", name: "Sunshine State Car Co." },
    config: {
      tradeIn: SUNSHINE_STATE_TRADE_IN,
      presentation: { maskHeaderPhone: false }, // Issue 17: this dealer shows its header number in full
      leads: { multiStep: true, defaultEmail: "hello@sunshinestatecars.example" },
      template: "standard",
      timeZone: "Australia/Brisbane",
      url: "https://www.sunshinestatecars.example",
      carTypes: ["used"],
      theme: { primary: "#b45309", onPrimary: "#ffffff", accent: "#1e3a8a", tagline: "Brisbane's independent used car yard" },
      hero: { title: "Used cars in Brisbane", subtitle: "Springwood and Windsor" },
      features: { compare: true, favouritesStrict: true },
      // Issue 12: no location map section on the VDP (spec 3 vdp_config.show_map_section);
      // /contact-us shows the primary location alone (map + info, spec 2.5).
      display: { justArrivedTagName: "Just Arrived", vdpShowMapSection: false },
      locationsPage: { contactBlock: { show: "primary" } },
      finance: {
        provider: "powertorque",
        providerType: "F",
        establishmentFee: 1360.5,
        calculatorMinPrice: 5000,
        calculatorRateMin: 7.5,
        calculatorRateMax: 14.5,
        generatedLenderRates: { new: 7.99, demo: 7.99, used: 9.49 },
      },
      phones: { main: "(07) 3290 8800" },
    },
    locations: [
      { name: "Sunshine State Springwood", slug: "springwood", locationType: "sales", suburb: "Springwood", state: "QLD", street: "3350 Pacific Highway", phone: "(07) 3290 8800", primary: true, dealerLicenseNumber: "3456789", hours: SALES_HOURS },
      { name: "Sunshine State Windsor", slug: "windsor", locationType: "sales", suburb: "Windsor", state: "QLD", street: "101 Lutwyche Road", phone: "(07) 3857 4400", dealerLicenseNumber: "3456790", hours: SALES_HOURS },
    ],
  },
  {
    slug: "outback-caravans",
    name: "Outback Caravans & RVs",
    group: { slug: "outback-caravans", name: "Outback Caravans & RVs" },
    config: {
      template: "caravan",
      display: { justArrivedTagName: "Just Arrived" },
      timeZone: "Australia/Melbourne",
      url: "https://www.outbackcaravans.example",
      carTypes: ["new", "used"],
      itemNoun: { singular: "caravan", plural: "caravans" },
      theme: { primary: "#7c2d12", onPrimary: "#ffffff", accent: "#166534", tagline: "Off-road vans built for Australia" },
      hero: { title: "New and used caravans in Bendigo", subtitle: "Off-road, touring and family vans" },
      finance: {
        provider: "manual",
        providerType: "D",
        calculatorRateMin: 4,
        calculatorRateMax: 20,
        quickPickAmounts: [30000, 50000, 70000, 90000, 120000, 150000],
        generatedLenderRates: { new: 8.99, demo: 8.99, used: 9.99 },
      },
      phones: { main: "(03) 5443 2100" },
      // Issue 12: no interactive map tiles; location pages show the map link and address.
      locationsPage: { mapTileUrl: null },
      navigation: CARAVAN_NAVIGATION,
      features: { hideTradeInBannerText: true },
    },
    locations: [
      { name: "Outback Caravans Bendigo", slug: "bendigo", locationType: "sales", suburb: "Bendigo", state: "VIC", street: "220 High Street", phone: "(03) 5443 2100", primary: true, dealerLicenseNumber: "LMCT 99881", hours: { weekdays: "09:00-17:00", saturday: "09:00-15:00", sunday: "10:00-14:00" } },
      { name: "Outback Caravans Service & Parts", slug: "bendigo-service-parts", locationType: "service-and-parts", suburb: "Epsom", state: "VIC", street: "14 Midland Highway", phone: "(03) 5448 3300", hours: SERVICE_HOURS },
    ],
  },
];

/**
 * Which car site a real listing belongs to (docs/decisions/002-demo-stock-distribution.md).
 * Every listing lands on exactly one site:
 * 1. Toyota listed in WA -> perth-toyota
 * 2. listed in NSW or ACT -> harbour-auto-group
 * 3. new or demo Toyota listed elsewhere -> perth-toyota (the single-brand dealer's allocation)
 * 4. used, listed in VIC, TAS or SA -> southern-cross-used
 * 5. used, listed in QLD, NT or WA -> sunshine-state-cars
 * 6. new or demo anywhere else -> harbour-auto-group (the group's interstate allocation)
 * 7. used with no state -> southern-cross-used
 */
export function siteForListing(listing: { make: string; state: string | null; carType: "new" | "demo" | "used" }): string {
  const state = listing.state?.toUpperCase() ?? null;
  if (listing.make.toLowerCase() === "toyota" && state === "WA") return "perth-toyota";
  if (state === "NSW" || state === "ACT") return "harbour-auto-group";
  if (listing.make.toLowerCase() === "toyota" && listing.carType !== "used") return "perth-toyota";
  if (listing.carType === "used") {
    if (state === "VIC" || state === "TAS" || state === "SA") return "southern-cross-used";
    if (state === "QLD" || state === "NT" || state === "WA") return "sunshine-state-cars";
    return "southern-cross-used";
  }
  return "harbour-auto-group";
}
