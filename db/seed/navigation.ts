/**
 * Issue 13 demo data: each demo site's navigation (spec 2.7), promotions (spec 2.6) and the
 * single brand's model line-up for the model mega menu. The single-brand set of spec 2.7 is the
 * Toyota demo site's header, item for item; the other sites show a multi-brand, a used-only and
 * a caravan set. All of it is SiteConfig data (`navigation`), read by app code without branching
 * on the dealer.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client";
import { manufacturers, models } from "../schema/index";
import type { NavigationConfig, NavItem } from "../../app/sites/site-config";

/** The calendar day (YYYY-MM-DD, UTC) `offset` days from when the seed runs. */
function seedDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

type NavigationInput = Partial<NavigationConfig>;
const TOYOTA = "https://www.toyota.com.au";

const toyotaService: NavItem[] = [
  { name: "Book a Service", url: `${TOYOTA}/owners/service-booking` },
  { name: "Service Enquiries", url: "/enquiries/service-enquiry" },
  { name: "Recalls", url: "/pages/toyota-recalls" },
  { name: "Express Maintenance", url: "/pages/toyota-express-maintenance", optional: true },
];

/** Spec 2.7, item for item: the single-brand (Toyota) site's header and footer. */
export const TOYOTA_NAVIGATION: NavigationInput = {
  header: [
    { name: "Home", url: "/", mandatory: true },
    { name: "New Vehicles", url: `${TOYOTA}/new-vehicles`, dynamicDropdown: "models" },
    {
      name: "Pre-Owned Vehicles",
      url: "/pre-owned",
      dropdownItems: [
        { name: "Pre-Owned Vehicles", url: "/pre-owned" },
        { name: "Demo Vehicles", url: `${TOYOTA}/demo-vehicles` },
        { name: "Certified Pre-Owned Vehicles", url: "/pre-owned?certified=true" },
        { name: "About Certified Pre-Owned", url: "/pages/about-toyota-certified-pre-owned" },
        { name: "Sell My Car", url: `${TOYOTA}/sell-my-car`, optional: true },
      ],
    },
    {
      name: "Special Offers",
      url: "/special-offers",
      dropdownItems: [
        { name: "Toyota Offers", url: "/special-offers" },
        { name: "Local Special Offers", url: `${TOYOTA}/offers` },
      ],
    },
    { name: "Service", url: "/service", dropdownItems: toyotaService },
    {
      name: "Parts & Accessories",
      url: "/parts-and-accessories",
      dropdownItems: [
        { name: "About", url: "/parts-and-accessories" },
        { name: "Genuine Parts & Accessories", url: "/pages/toyota-genuine-parts-accessories" },
        { name: "Accessorise", url: `${TOYOTA}/accessories` },
        { name: "Parts Enquiries", url: "/enquiries/parts-enquiry" },
      ],
    },
    {
      name: "Finance & Insurance",
      url: "/finance-enquiry",
      dropdownItems: [
        { name: "About Finance", url: "/car-finance" },
        { name: "Personalised Repayments", url: `${TOYOTA}/finance/personalised-repayments` },
        { name: "Full-Service Lease", url: `${TOYOTA}/finance/full-service-lease` },
        { name: "Used Car Finance", url: `${TOYOTA}/finance/used-car-finance` },
        { name: "Car Insurance Quote", url: `${TOYOTA}/insurance` },
        { name: "Finance For Farmers", url: `${TOYOTA}/finance/farmers` },
        { name: "Access loan", url: "/pages/toyota-access-loan" },
      ],
    },
    {
      name: "Fleet",
      url: "/fleet",
      dropdownItems: [
        { name: "Fleet", url: "/fleet" },
        { name: "Fleet Enquiry", url: "/enquiries/fleet-enquiry" },
      ],
    },
    { name: "Personalise", url: `${TOYOTA}/vehicle-selector` },
    {
      name: "Discover",
      url: "/about-us",
      align: "right",
      dropdownItems: [
        { name: "KINTO", url: "https://www.kinto.com.au/", optional: true },
        { name: "myToyota Connect app", url: "/pages/mytoyota-connect" },
        { name: "Toyota Connected Services", url: "/pages/toyota-connected" },
        { name: "Toyota Safety Sense", url: "/pages/toyota-safety-sense" },
        { name: "Hybrid Electric", url: "/pages/toyota-hybrids" },
        { name: "Careers", url: "/careers" },
      ],
    },
    {
      name: "Contact",
      url: "/contact",
      align: "right",
      mandatory: true,
      dropdownItems: [
        { name: "Contact Us", url: "/contact" },
        { name: "Our Location", url: "/contact" },
        { name: "General Enquiries", url: "/enquiries/general-enquiry" },
        { name: "About Us", url: "/about-us" },
        { name: "Complaint Handling Process", url: "/pages/complaint-handling-process" },
        { name: "Feedback", url: "/enquiries/feedback" },
      ],
    },
  ],
  footerSections: [
    {
      title: "Pre-Owned",
      items: [
        { name: "Browse Pre-Owned", url: "/pre-owned" },
        { name: "Browse Demonstrators", url: `${TOYOTA}/demo-vehicles` },
        { name: "Instant Valuation Tool", url: "/trade-in" },
        { name: "Quote Request", url: "/contact" },
        { name: "Certified Pre-Owned", url: "/pre-owned?certified=true" },
      ],
    },
    { title: "Service", items: toyotaService },
    {
      title: "Contact",
      items: [
        { name: "Our Location", url: "/contact" },
        { name: "General Enquiry", url: "/enquiries/general-enquiry" },
      ],
    },
  ],
  // The dealer's overrides: this dealer runs Express Maintenance and offers KINTO.
  overrides: [
    { area: "header", target: "Service/Express Maintenance", enable: true },
    { area: "footer", target: "Service/Express Maintenance", enable: true },
    { area: "header", target: "Discover/KINTO", enable: true },
  ],
  abn: "12 345 678 901",
  popup: {
    id: "summer-service-2026",
    imageUrl: "/banners/service.svg",
    imageAlt: "Illustration: a car ready for its service check",
    title: "Summer road-trip service check",
    description: "Free 20-point safety check with any logbook service booked before the end of summer.",
    button: { label: "Book a service", url: "/service" },
    // Relative to the seed, so that a fresh demo always shows a current popup (a fixed date
    // would have it end, and the demo lose a feature, a few months after it was written).
    startsAt: seedDay(-30),
    expiresAt: seedDay(120),
  },
  banners: [
    {
      title: "Toyota Certified Pre-Owned",
      subtitle: "90-point inspection, 1 year roadside assist, full service history and an independent background check.",
      buttons: [
        { label: "Browse certified cars", url: "/pre-owned?certified=true" },
        { label: "Finance enquiry", url: "/finance-enquiry" },
      ],
      startsAt: "2026-01-01",
      expiresAt: null,
    },
  ],
};

/** A multi-brand dealer group's menus. */
export const MULTI_BRAND_NAVIGATION: NavigationInput = {
  header: [
    { name: "Home", url: "/", mandatory: true },
    {
      name: "Cars",
      url: "/search/new-used-and-demo-cars",
      dropdownItems: [
        { name: "New Cars", url: "/search/new-cars" },
        { name: "Demo Cars", url: "/search/demo-cars" },
        { name: "Used Cars", url: "/search/used-cars" },
        { name: "Models by body type", url: "/models" },
        { name: "Favourites", url: "/favourites" },
      ],
    },
    { name: "Special Offers", url: "/special-offers" },
    {
      name: "Finance",
      url: "/apply-for-finance",
      dropdownItems: [
        { name: "Apply for Finance", url: "/apply-for-finance" },
        { name: "About Car Finance", url: "/car-finance" },
      ],
    },
    {
      name: "Service & Parts",
      url: "/service",
      dropdownItems: [
        { name: "Book a Service", url: "/service" },
        { name: "Service Enquiry", url: "/enquiries/service-enquiry" },
        { name: "Parts & Accessories", url: "/parts-and-accessories" },
        { name: "Parts Enquiry", url: "/enquiries/parts-enquiry" },
      ],
    },
    { name: "Fleet", url: "/fleet" },
    {
      name: "Contact",
      url: "/contact-us",
      align: "right",
      mandatory: true,
      dropdownItems: [
        { name: "Our Locations", url: "/our-location" },
        { name: "General Enquiry", url: "/enquiries/general-enquiry" },
        { name: "Book a Test Drive", url: "/book-test-drive" },
        { name: "Feedback", url: "/enquiries/feedback" },
      ],
    },
  ],
  footerSections: [
    {
      title: "Shop",
      items: [
        { name: "New Cars", url: "/search/new-cars" },
        { name: "Demo Cars", url: "/search/demo-cars" },
        { name: "Used Cars", url: "/search/used-cars" },
        { name: "Sell Your Car", url: "/sell-my-car" },
        // Issue 52: the site's spin-to-win promotion (features.spinToWin) needs a way in.
        { name: "Spin to Win", url: "/spin-to-win" },
      ],
    },
    {
      title: "Contact",
      items: [
        { name: "Our Locations", url: "/our-location" },
        { name: "General Enquiry", url: "/enquiries/general-enquiry" },
      ],
    },
  ],
  abn: "98 765 432 109",
  banners: [],
};

/** A caravan dealer's menus. */
export const CARAVAN_NAVIGATION: NavigationInput = {
  header: [
    { name: "Home", url: "/", mandatory: true },
    {
      name: "Caravans",
      url: "/search",
      dropdownItems: [
        { name: "New Caravans", url: "/search/new-cars" },
        { name: "Used Caravans", url: "/search/used-cars" },
        { name: "Favourites", url: "/favourites" },
      ],
    },
    { name: "Finance", url: "/finance" },
    {
      name: "Service & Parts",
      url: "/service",
      dropdownItems: [
        { name: "Book a Service", url: "/service" },
        { name: "Parts & Accessories", url: "/parts-and-accessories" },
      ],
    },
    { name: "Trade-In", url: "/trade-in" },
    { name: "Contact", url: "/our-location", align: "right", mandatory: true },
  ],
  footerSections: [
    {
      title: "Caravans",
      items: [
        { name: "New Caravans", url: "/search/new-cars" },
        { name: "Used Caravans", url: "/search/used-cars" },
        { name: "Book a Test Tow", url: "/book-test-drive" },
      ],
    },
  ],
  abn: "55 111 222 333",
  banners: [
    {
      title: "Off-road ready",
      subtitle: "Every new van is delivered with a full pre-trip handover and a 12-month check.",
      buttons: [{ label: "See new caravans", url: "/search/new-cars" }],
      startsAt: null,
      expiresAt: null,
    },
  ],
};

/** Toyota's line-up for the mega menu: categories and statuses of spec 2.7. */
export const TOYOTA_MODELS: { name: string; slug: string; body: string; status: string; categories: string[] }[] = [
  { name: "Yaris", slug: "yaris", body: "Hatch", status: "current", categories: ["cars", "hatch-sedans", "electrified"] },
  { name: "Corolla", slug: "corolla", body: "Hatch", status: "current", categories: ["cars", "hatch-sedans", "electrified"] },
  { name: "Camry", slug: "camry", body: "Sedan", status: "current", categories: ["cars", "hatch-sedans", "electrified"] },
  { name: "86", slug: "86", body: "Coupe", status: "current", categories: ["cars", "gr-performance"] },
  { name: "Supra", slug: "supra", body: "Coupe", status: "current", categories: ["cars", "gr-performance"] },
  { name: "GR Yaris", slug: "gr-yaris", body: "Hatch", status: "current", categories: ["gr-performance"] },
  { name: "C-HR", slug: "c-hr", body: "SUV", status: "current", categories: ["suvs-4wds", "electrified"] },
  { name: "RAV4", slug: "rav4", body: "SUV", status: "all_new", categories: ["suvs-4wds", "electrified"] },
  { name: "Kluger", slug: "kluger", body: "SUV", status: "current", categories: ["suvs-4wds", "electrified"] },
  { name: "Fortuner", slug: "fortuner", body: "SUV", status: "current", categories: ["suvs-4wds"] },
  { name: "LandCruiser", slug: "landcruiser", body: "SUV", status: "current", categories: ["suvs-4wds"] },
  { name: "HiLux", slug: "hilux", body: "Ute", status: "all_new", categories: ["utes-vans"] },
  { name: "HiAce", slug: "hiace", body: "Van", status: "current", categories: ["utes-vans"] },
  { name: "Urban Cruiser", slug: "urban-cruiser", body: "SUV", status: "coming_soon", categories: ["suvs-4wds", "electrified"] },
  { name: "Prius", slug: "prius", body: "Hatch", status: "discontinued", categories: ["hatch-sedans"] },
  { name: "Tarago", slug: "tarago", body: "People Mover", status: "discontinued", categories: ["cars"] },
];

/** Mega-menu line-ups by manufacturer slug. */
export const MENU_MODELS: Record<string, typeof TOYOTA_MODELS> = { toyota: TOYOTA_MODELS };

/**
 * Upserts each brand's models with their mega-menu categories and statuses (idempotent).
 * @returns the number of models stored for the last brand (0 when its manufacturer is missing)
 */
export async function seedMenuModels(handle: DatabaseHandle): Promise<number> {
  let count = 0;
  for (const [brandSlug, list] of Object.entries(MENU_MODELS)) count = await seedBrandModels(handle, brandSlug, list);
  return count;
}

async function seedBrandModels(handle: DatabaseHandle, brandSlug: string, list: typeof TOYOTA_MODELS): Promise<number> {
  const { db } = handle;
  const [maker] = await db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.slug, brandSlug));
  if (!maker) return 0;
  for (const m of list) {
    const values = { manufacturerId: maker.id, name: m.name, slug: m.slug, body: m.body, status: m.status, categories: m.categories };
    await db
      .insert(models)
      .values(values)
      .onConflictDoUpdate({ target: [models.manufacturerId, models.slug], set: { name: m.name, body: m.body, status: m.status, categories: m.categories } });
  }
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(models).where(and(eq(models.manufacturerId, maker.id)));
  return n;
}
