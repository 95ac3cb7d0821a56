/**
 * Issue 14 demo content: shared page templates (every site), each demo site's own pages and
 * overrides, special offers (site, network and out-of-date ones), the parts catalogue and
 * accessories. Idempotent: rows that exist are left alone.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { contentPages, locations, manufacturers, models, offers, parts, sites } from "../schema/index";
import { DEFAULT_CERTIFIED_BENEFITS } from "../../app/domain/display/certified";

const DAY = 86_400_000;

type PageSeed = { slug: string; title: string; description: string; body: string; kind?: "page" | "article" | "landing"; enabled?: boolean; publishedAt?: Date };

const PRIVACY = `{{site_name}} respects your privacy and is committed to protecting the personal information you share with us, as required by the Privacy Act 1988 (Cth) and the Australian Privacy Principles.

## Why we collect personal information
We collect personal information to answer your enquiries, arrange test drives, sell, finance, insure and service vehicles, and to meet our legal obligations.

## The kinds of personal information we collect
Your name, contact details, postcode, driver licence details, the vehicles you own or are interested in, trade-in details and, when you apply for finance, financial information.

## Our brand network
We may share your details with the manufacturers and distributors of the brands we sell, and with their finance and roadside partners, so they can honour warranties, recalls and programmes for your vehicle.

## Marketing
With your consent we may send you offers and news. Every message tells you how to stop them.

## Cookies
Our website uses cookies and browser storage to remember your favourites and searches and to measure how the site is used. You can clear or block them in your browser.

## Disclosure of your information
We disclose personal information only for the purposes above, to our service providers under confidentiality obligations, or where the law requires it. We do not sell personal information.

## How we collect information
Mostly from you: in person, by phone, by email and through the forms on this website. Sometimes from third parties such as credit reporting bodies when you apply for finance.

## Security
We keep personal information on secure systems with access limited to staff who need it, and destroy or de-identify it when it is no longer needed.

## Access to your information
You can ask for access to, or correction of, the personal information we hold about you. Please [contact us](/contact) and we will answer within a reasonable time.

## Opting out
You can opt out of marketing at any time by using the unsubscribe link in our emails, on our [unsubscribe page](/pages/unsubscribe) or by telling us.

## Contact details
Privacy Officer, {{site_name}}, {{address}}. Phone {{phone}}. Email {{email}}.

## Complaints
If you believe we have breached your privacy, please write to our Privacy Officer. {{privacy_complaint_response_md}} If you are not satisfied you can contact the Office of the Australian Information Commissioner at [www.oaic.gov.au](https://www.oaic.gov.au/).

## Changes to this policy
We may update this policy from time to time. The current version is always on this page.
`;

const SHARED: PageSeed[] = [
  { slug: "privacy-policy", title: "Privacy Policy", description: "How {{site_name}} collects, uses and protects your personal information.", body: PRIVACY },
  {
    slug: "terms-and-conditions",
    title: "Terms and Conditions",
    description: "The terms of use of the {{site_name}} website.",
    body: `By using this website you agree to these terms.

## Vehicle information and prices
We take care to keep vehicle details, photos and prices accurate, but errors can happen. Prices are drive-away unless stated and may change without notice. Please confirm the details with us before you buy.

## Finance estimates
Repayment estimates are a guide only and are not an offer of finance. Finance is subject to the lender's approval, terms and conditions.

## Enquiries
When you send an enquiry you agree that we may contact you about it, as set out in our [privacy policy](/privacy-policy).

## Offers
Special offers are available for a limited time, while stocks last, and are subject to the conditions shown with each offer.

## Liability
To the extent the law allows, we are not liable for any loss arising from the use of this website. Nothing in these terms limits your rights under the Australian Consumer Law.

## Contact
{{site_name}}, {{address}}. Phone {{phone}}.
`,
  },
  {
    slug: "about-us",
    title: "About {{site_name}}",
    description: "Who we are: the team at {{site_name}}, serving {{suburbs}}.",
    body: `{{site_name}} is a locally owned dealership serving {{suburbs}}. Our sales, finance, service and parts teams have helped thousands of local drivers into the right vehicle.

## Our community
We are proud to support the community we live and work in. {{community_program_md}}

## Work with us
We are always looking for people who love cars and customers. See our [careers page](/careers).
`,
  },
  {
    slug: "careers",
    title: "Careers",
    description: "Jobs in sales, service and parts at {{site_name}}.",
    body: `Join the team at {{site_name}}. We train and support our people, and promote from within.

## Roles we hire for
- Sales consultants
- Qualified technicians and apprentices
- Parts interpreters
- Customer service and administration

Send your resume and a short note through our [general enquiry form](/enquiries/general-enquiry) and choose "Other".
`,
  },
  {
    slug: "buying",
    title: "Buying a Car with Us",
    description: "How buying a car at {{site_name}} works, step by step.",
    body: `## 1. Find your car
Browse our [stock](/search) and save favourites as you go.

## 2. Test drive
[Book a test drive](/book-test-drive) at a time that suits you.

## 3. Trade-in and finance
We value your trade-in on the spot and can arrange [finance](/car-finance).

## 4. Drive away
We prepare your car, explain its features and hand over the keys.
`,
  },
  {
    slug: "warranty",
    title: "Warranty",
    description: "Warranty cover on new and used vehicles from {{site_name}}.",
    body: `## New vehicles
New vehicles carry the manufacturer's warranty, honoured at any authorised dealer.

## Used vehicles
Used vehicles sold by a licensed dealer carry the statutory warranty where it applies, on top of your rights under the Australian Consumer Law.

## Extended warranty
Ask us about extended warranty cover when you buy. Call {{phone}}.
`,
  },
  {
    slug: "pages/visit-us",
    title: "Visit Us",
    description: "Where to find {{site_name}}: {{suburbs}}.",
    body: `We would love to see you. Our main showroom is at {{address}}.

See [all our locations and opening hours](/our-location), or call {{phone}}.
`,
  },
  { slug: "service", kind: "landing", title: "Service", description: "Book a service at {{site_name}}: factory-trained technicians and capped price servicing.", body: "Our factory-trained technicians use genuine parts and follow the manufacturer's schedule, so your warranty stays intact. Book online below, or [send a service enquiry](/enquiries/service-enquiry)." },
  { slug: "genuine-service", kind: "landing", title: "Genuine Service", description: "Genuine servicing at {{site_name}}.", body: "Genuine servicing keeps your vehicle safe, reliable and worth more at trade-in time." },
  { slug: "parts-and-accessories", kind: "landing", title: "Parts & Accessories", description: "Genuine parts and accessories at {{site_name}}.", body: "Genuine parts are made to fit and backed by warranty. Accessorise your vehicle for work, touring or family life, fitted by our technicians. [Search our parts](/parts/search) or send us an enquiry below." },
  { slug: "fleet", kind: "landing", title: "Fleet", description: "Fleet vehicles, pricing and support from {{site_name}}.", body: "From one work ute to a national fleet: dedicated fleet managers, fleet pricing, and servicing that keeps your vehicles on the road." },
  { slug: "customer-feedback-survey", kind: "landing", title: "Customer Feedback Survey", description: "Tell {{site_name}} about a bad experience.", body: "Your feedback goes straight to our dealer principal. We read every message and will contact you within two business days." },
  {
    slug: "blog/vehicle-reviews/ford-ranger-xlt-review",
    kind: "article",
    title: "Ford Ranger XLT review: the all-rounder ute",
    description: "Our take on the Ford Ranger XLT as a work and family vehicle.",
    publishedAt: new Date("2026-09-14T00:00:00Z"),
    body: `The Ranger XLT balances work-site toughness with family comfort.

## What we like
- Refined 2.0-litre bi-turbo diesel and 10-speed automatic
- Roomy cabin with a large touchscreen
- 3,500 kg braked towing

## What to consider
The XLT's ride is firm when the tray is empty. Test drive one with a load if you can.

[See our Ford Ranger stock](/search?query=Ranger).
`,
  },
  {
    slug: "blog/vehicle-reviews/mazda-cx-5-review",
    kind: "article",
    title: "Mazda CX-5 review: still the benchmark mid-size SUV",
    description: "Why the Mazda CX-5 remains one of the best mid-size SUVs to buy used.",
    publishedAt: new Date("2026-08-02T00:00:00Z"),
    body: `The CX-5 drives better than most rivals and is well built.

## Buying used
Look for a full service history and check the infotainment screen works properly. The 2.5-litre petrol suits most buyers.
`,
  },
];

const certifiedBody = (benefitsSingleBrand: string[]) => `Every {{certified_programme}} vehicle is hand-picked and prepared to a higher standard.

## What you get
${benefitsSingleBrand.map((b) => `- ${b}`).join("\n")}

Plus an **${DEFAULT_CERTIFIED_BENEFITS[0].toLowerCase()}** on top of the remaining factory warranty.

[Browse certified pre-owned vehicles](/pre-owned?certified=true).
`;

/** Spec 9: the single-brand benefits list. */
const SINGLE_BRAND_CERTIFIED_BENEFITS = ["90-point inspection", "1 year roadside assist", "Full service history", "Independent background check"];

const BY_SITE: Record<string, PageSeed[]> = {
  "perth-toyota": [
    { slug: "pages/about-toyota-certified-pre-owned", title: "About Toyota Certified Pre-Owned", description: "What makes a Toyota Certified Pre-Owned vehicle: inspection, roadside assist, service history and more.", body: certifiedBody(SINGLE_BRAND_CERTIFIED_BENEFITS) },
    { slug: "pages/toyota-recalls", title: "Toyota Recalls", description: "Check whether your Toyota is affected by a safety recall.", body: "Safety recalls are repaired free of charge at any Toyota dealer.\n\n## Check your vehicle\nHave your VIN ready (it is on your registration papers) and check the [Australian Government recalls site](https://www.productsafety.gov.au/recalls), or [send us a service enquiry](/enquiries/service-enquiry)." },
    { slug: "pages/toyota-express-maintenance", title: "Toyota Express Maintenance", description: "Scheduled servicing in about an hour with Toyota Express Maintenance.", body: "Two technicians work on your car at once, so a standard scheduled service takes about an hour. Wait in our lounge with free Wi-Fi.\n\n[Book a service](/service)." },
    { slug: "pages/toyota-genuine-parts-accessories", title: "Toyota Genuine Parts & Accessories", description: "Toyota Genuine Parts and Accessories, made to fit and backed by warranty.", body: "Toyota Genuine Parts are designed for your Toyota and backed by a warranty when fitted by a Toyota dealer.\n\n[Search parts](/parts/search) or [view accessories by model](/parts-and-accessories)." },
    { slug: "pages/toyota-access-loan", title: "Toyota Access Loan", description: "Toyota Access: a loan with a guaranteed future value.", body: "Toyota Access sets a Guaranteed Future Value at the start of your loan, so you can trade in, keep or return your car at the end of the term, subject to conditions.\n\n[Make a finance enquiry](/finance-enquiry)." },
    { slug: "pages/mytoyota-connect", title: "myToyota Connect", description: "The myToyota Connect app: your Toyota on your phone.", body: "Check fuel level, find your parked car, book a service and get trip insights from the myToyota Connect app." },
    { slug: "pages/toyota-connected", title: "Toyota Connected Services", description: "Toyota Connected Services: automatic collision notification and SOS call.", body: "Connected Services can call emergency services automatically after a collision, and connect you to help with the SOS button." },
    { slug: "pages/toyota-safety-sense", title: "Toyota Safety Sense", description: "Toyota Safety Sense driver assistance features explained.", body: "## Features\n- Pre-collision safety system\n- Lane trace assist\n- Active cruise control\n- Road sign assist" },
    { slug: "pages/toyota-hybrids", title: "Toyota Hybrid Electric", description: "Toyota hybrid electric vehicles: no plugging in, lower fuel bills.", body: "Toyota hybrids charge themselves as you drive, using less fuel in town. [See our hybrid stock](/search?fuel=Hybrid)." },
    { slug: "blog/vehicle-reviews/ford-ranger-xlt-review", kind: "article", title: "(hidden)", description: "", body: "", enabled: false },
    { slug: "blog/vehicle-reviews/mazda-cx-5-review", kind: "article", title: "(hidden)", description: "", body: "", enabled: false },
    { slug: "blog/vehicle-reviews/toyota-hilux-sr5-review", kind: "article", title: "Toyota HiLux SR5 review", description: "The HiLux SR5 on and off the road around Perth.", publishedAt: new Date("2026-10-01T00:00:00Z"), body: "Australia's favourite ute earns its reputation.\n\n## Verdict\nTough, reliable and holds its value. [See HiLux stock](/search/toyota/hilux)." },
    { slug: "blog/vehicle-reviews/toyota-rav4-hybrid-review", kind: "article", title: "Toyota RAV4 Hybrid review", description: "Why the RAV4 Hybrid has a waiting list.", publishedAt: new Date("2026-09-20T00:00:00Z"), body: "Frugal, roomy and easy to drive. Around 4.8 L/100km in our week with it." },
  ],
  "harbour-auto-group": [
    { slug: "diamond-advantage", title: "Diamond Advantage", description: "Harbourside Diamond Advantage: benefits for every customer who buys from us.", body: "## Every car bought from us includes\n- 12 months roadside assistance\n- A free 1,000 km check\n- Loan cars when we service your vehicle\n- Priority service bookings" },
  ],
  "southern-cross-used": [
    { slug: "warranty", title: "Our Warranty", description: "Every Southern Cross used car comes with a 3-month, 5,000 km warranty.", body: "Every car we sell is inspected and comes with our **3-month or 5,000 km warranty** (whichever comes first), on top of the statutory warranty and your rights under the Australian Consumer Law.\n\nCall {{phone}} with any question." },
  ],
  "outback-caravans": [
    { slug: "blog/vehicle-reviews/ford-ranger-xlt-review", kind: "article", title: "(hidden)", description: "", body: "", enabled: false },
    { slug: "blog/vehicle-reviews/mazda-cx-5-review", kind: "article", title: "(hidden)", description: "", body: "", enabled: false },
    { slug: "blog/vehicle-reviews/off-road-van-buying-guide", kind: "article", title: "Buying an off-road caravan: what matters", description: "Suspension, ATM and water capacity: our off-road caravan buying guide.", publishedAt: new Date("2026-10-10T00:00:00Z"), body: "## Check the ATM\nMake sure your tow vehicle can legally tow the van fully loaded.\n\n## Suspension\nIndependent coil suspension rides better on corrugations." },
  ],
};

const TOYOTA_MODELS = [
  { name: "HiLux", slug: "hilux", body: "Ute" },
  { name: "RAV4", slug: "rav4", body: "SUV" },
  { name: "Corolla", slug: "corolla", body: "Hatch" },
  { name: "LandCruiser", slug: "landcruiser", body: "SUV" },
];

const LONG_DESCRIPTION =
  "Drive away a new Toyota HiLux SR5 double cab with a 5-year capped price servicing plan, a full tank of fuel, tinted windows and genuine floor mats included. Offer available on vehicles ordered and delivered this month at participating Perth dealers while stocks last.";
const LONG_DISCLAIMER =
  "Offer valid on new HiLux SR5 4x4 double cab pick-up automatic models ordered and delivered between the dates shown, while stocks last. Excludes fleet, government and rental buyers. Capped price servicing covers standard scheduled servicing only. Dealer may vary the offer.";

/**
 * Seeds (or tops up) issue 14's demo content.
 * @param now epoch ms deciding offer dates
 */
export async function seedSiteContent(db: Database, now: number): Promise<void> {
  const all = await db.select({ id: sites.id, slug: sites.slug }).from(sites);
  const siteId = (slug: string) => all.find((s) => s.slug === slug)?.id ?? null;

  await db.insert(contentPages).values(SHARED.map((p) => ({ ...p, siteId: null, kind: p.kind ?? "page" }))).onConflictDoNothing();
  for (const [slug, pages] of Object.entries(BY_SITE)) {
    const id = siteId(slug);
    if (id === null) continue;
    await db.insert(contentPages).values(pages.map((p) => ({ ...p, siteId: id, kind: p.kind ?? "page", enabled: p.enabled ?? true }))).onConflictDoNothing();
  }

  // Toyota models for offers ('Explore {model}') and accessories.
  const [toyota] = await db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.slug, "toyota"));
  if (!toyota) return;
  await db.insert(models).values(TOYOTA_MODELS.map((m) => ({ ...m, manufacturerId: toyota.id }))).onConflictDoNothing();
  const modelRows = await db.select().from(models).where(eq(models.manufacturerId, toyota.id));
  const modelId = (slug: string) => modelRows.find((m) => m.slug === slug)?.id ?? null;

  const addOffer = async (values: typeof offers.$inferInsert) => {
    const [exists] = await db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.name, values.name), values.siteId ? eq(offers.siteId, values.siteId) : isNull(offers.siteId)));
    if (!exists) await db.insert(offers).values(values);
  };
  const perth = siteId("perth-toyota");
  const harbour = siteId("harbour-auto-group");
  const caravans = siteId("outback-caravans");
  if (perth) {
    await addOffer({ siteId: perth, name: "HiLux SR5 drive-away bonus pack", category: "New vehicle offer", description: LONG_DESCRIPTION, disclaimer: LONG_DISCLAIMER, manufacturerId: toyota.id, modelId: modelId("hilux"), startsAt: new Date(now - 5 * DAY), expiresAt: new Date(now + 30 * DAY) });
    await addOffer({ siteId: perth, name: "RAV4 Hybrid finance from 4.99% p.a.", category: "Finance offer", description: "Finance a new RAV4 Hybrid from 4.99% p.a. (comparison rate 5.87% p.a.) with Toyota Finance.", disclaimer: "Comparison rate based on a secured loan of $30,000 over 5 years. WARNING: this comparison rate is true only for the example given and may not include all fees and charges.", manufacturerId: toyota.id, modelId: modelId("rav4"), startsAt: new Date(now - 5 * DAY), expiresAt: new Date(now + 45 * DAY) });
  }
  if (harbour) {
    await addOffer({ siteId: harbour, name: "End of financial year clearance", category: "Sales event", description: "Expired: should never show.", startsAt: new Date(now - 200 * DAY), expiresAt: new Date(now - 100 * DAY) });
    await addOffer({ siteId: harbour, name: "Summer service special", category: "Service offer", description: "Not started yet: should never show.", startsAt: new Date(now + 100 * DAY), expiresAt: new Date(now + 150 * DAY) });
  }
  await addOffer({ siteId: null, name: "12 months roadside assistance", category: "Network offer", description: "Every vehicle bought from our network comes with 12 months roadside assistance, Australia-wide.", disclaimer: "Roadside assistance is provided by a third party. Conditions apply.", excludedSiteIds: caravans ? [caravans] : [], startsAt: new Date(now - 30 * DAY), expiresAt: new Date(now + 300 * DAY) });

  // Parts catalogue and accessories.
  const partsFor = async (slug: string, rows: Omit<typeof parts.$inferInsert, "siteId">[]) => {
    const id = siteId(slug);
    if (id === null) return;
    await db.insert(parts).values(rows.map((r) => ({ ...r, siteId: id }))).onConflictDoNothing();
  };
  const location = async (site: string, slug: string) => {
    const id = siteId(site);
    if (id === null) return null;
    const [row] = await db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, id), eq(locations.slug, slug)));
    return row?.id ?? null;
  };
  const cannington = await location("perth-toyota", "cannington-parts");
  await partsFor("perth-toyota", [
    { partNumber: "04152-YZZA1", name: "Oil filter", category: "Filters", price: 24, locationId: cannington },
    { partNumber: "17801-0L040", name: "Air filter element", category: "Filters", price: 58, locationId: cannington },
    { partNumber: "04465-0K390", name: "Front brake pads", category: "Brakes", price: 189, locationId: cannington },
    { partNumber: "85214-0K010", name: "Wiper blade, driver side", category: "Wipers", price: 39, locationId: null },
    { partNumber: "PZQ15-89100", name: "Nudge bar", category: "Exterior", price: 1450, modelSlug: "hilux", modelName: "HiLux", description: "Steel nudge bar with light mounts." },
    { partNumber: "PZQ31-89100", name: "Towbar kit", category: "Towing", price: 1290, modelSlug: "hilux", modelName: "HiLux", description: "3,500 kg rated towbar with wiring." },
    { partNumber: "PZQ60-89010", name: "Tub liner", category: "Tray & tub", price: 455, modelSlug: "hilux", modelName: "HiLux" },
    { partNumber: "PZQ11-42010", name: "Roof racks", category: "Roof", price: 695, modelSlug: "rav4", modelName: "RAV4" },
    { partNumber: "PZQ24-42010", name: "Cargo liner", category: "Interior", price: 175, modelSlug: "rav4", modelName: "RAV4" },
    { partNumber: "PZQ20-12010", name: "Rubber floor mats", category: "Interior", price: 149, modelSlug: "corolla", modelName: "Corolla" },
  ]);
  const alexandria = await location("harbour-auto-group", "alexandria-parts");
  const penrith = await location("harbour-auto-group", "penrith-service-parts");
  await partsFor("harbour-auto-group", [
    { partNumber: "HMG-BAT-55", name: "Battery 55D23L", category: "Batteries", price: 245, locationId: alexandria },
    { partNumber: "HMG-BAT-70", name: "Battery N70ZZ", category: "Batteries", price: 299, locationId: penrith },
    { partNumber: "HMG-TYR-2656517", name: "All-terrain tyre 265/65R17", category: "Tyres", price: 329, locationId: penrith },
    { partNumber: "HMG-OIL-5W30", name: "Engine oil 5W-30, 5 L", category: "Oils & fluids", price: 72, locationId: null },
    { partNumber: "HMG-WIP-22", name: "Wiper blade 22 in", category: "Wipers", price: 29, locationId: null },
  ]);
  const epsom = await location("outback-caravans", "bendigo-service-parts");
  await partsFor("outback-caravans", [
    { partNumber: "OC-JOCKEY-10", name: "Jockey wheel 10 in", category: "Chassis", price: 119, locationId: epsom },
    { partNumber: "OC-WATER-95", name: "Water tank 95 L", category: "Water", price: 389, locationId: epsom },
    { partNumber: "OC-AWN-18", name: "Roll-out awning 18 ft", category: "Awnings", price: 1290, locationId: null },
  ]);
}
