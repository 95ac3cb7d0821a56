/**
 * Seeds the demo dealer sites on first run: dealer groups, sites, locations (real suburbs and
 * coordinates from the embedded geocoder), opening hours, reviews, offers, and stock through the
 * stock importer: the real listings (data/australian_vehicle_prices.csv) split by
 * `siteForListing`, and the generated caravans (data/demo-caravans.json).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "../client";
import { projectFile } from "../project-file";
import { cars, dealerGroups, locations, manufacturers, offers, sites } from "../schema/index";
import { getGeocoder } from "../../app/adapters/geocoder/postcodes";
import { slugify } from "../../app/import/normalise";
import { loadKnownModels, parseFeedText, type FeedRow } from "../../app/import/parse-feed";
import type { StockRecord } from "../../app/import/stock-record";
import { importStock, type ImportSummary } from "../../app/services/stock-import.server";
import { getSiteBySlug } from "../../app/services/sites.server";
import { seedMenuModels } from "./navigation";
import { DEMO_SITES, siteForListing, type DemoLocation } from "./demo-sites";
import { seedLocationDemo } from "./locations-demo";
import { DEMO_CAR_MAX_KM, LOW_KMS_MAX, NEW_CAR_MAX_KM, PLACEHOLDER_PRICE_BELOW } from "./demo-consistency";
import { seedSiteContent } from "./content";
import { FULL_SPEC_FIXTURE_STOCK_NUMBER, seedFullSpecFixture } from "./full-spec-fixture";
import { demoDealerComments, demoListedDate, GALLERY_FIXTURE_STOCK_NUMBER, seedGalleryFixture } from "./presentation";

const DATA = (name: string) => projectFile(`data/${name}`, import.meta.url);
const DAY = 86_400_000;

/** Deterministic number in [0, 1) from a key: demo enrichment must be repeatable. */
function unit(key: string): number {
  return parseInt(createHash("md5").update(key).digest("hex").slice(0, 8), 16) / 0x100000000;
}

function openingHours(hours: DemoLocation["hours"]) {
  const span = (h: string | null) => (h ? { status: "Open" as const, open: h.split("-")[0], close: h.split("-")[1] } : { status: "Closed" as const, open: null, close: null });
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    ...span(weekday === 0 ? hours.sunday : weekday === 6 ? hours.saturday : hours.weekdays),
  }));
}

/**
 * Demo-only enrichment of a real listing (deterministic by stock number): certified pre-owned
 * Toyotas on the certified site, a few sold / reserved / tagged cars, dealer comments, listed dates
 * and rego expiry, so every car state of the spec appears on the demo sites.
 */
function enrich(record: StockRecord, certifiedProgramme: boolean, now: number): StockRecord {
  const r = unit(record.stock_number);
  const r2 = unit(`${record.stock_number}:2`);
  const out: StockRecord = { ...record };
  out.listed_date = demoListedDate(record.stock_number, now);
  if (certifiedProgramme && record.car_type === "used" && (record.year ?? 0) >= new Date(now).getFullYear() - 5 && (record.km ?? Infinity) <= 100_000) out.certified = true;
  if (r < 0.015) {
    out.status = "sold";
    out.sold_date = new Date(now - Math.floor(r2 * 6) * DAY).toISOString().slice(0, 10);
  } else if (r < 0.025) out.reserved = true;
  else if (r < 0.035 && record.car_type === "demo") out.tag = "Test Drive Only";
  else if (r < 0.05) out.tag = r < 0.042 || (record.km ?? Infinity) > LOW_KMS_MAX ? "Price Drop" : "Low Kms";
  // A few used cars carry a history report file (spec 5: the history-report button needs one).
  if (record.car_type === "used" && r2 < 0.03) out.file = `https://reports.example/history/${encodeURIComponent(record.stock_number)}.pdf`;
  if (record.car_type === "used") {
    out.rego_expiry = new Date(now + Math.floor((r2 - 0.15) * 365) * DAY).toISOString().slice(0, 10);
  }
  out.dealer_comments = demoDealerComments(out);
  return out;
}

/**
 * Issue 52: a real listing made believable before enrichment. The data set labels some cars NEW
 * or DEMO with used-car odometers (a 'new' RAV4 with 195,040 km): the odometer is the fact, so
 * such a car is listed as used. A price under $500 is a placeholder (an $88 Alfa Romeo topped the
 * lowest-price sort): the car is kept and shows the site's no-price text (decision 240).
 * @returns the record and what was changed, for the seed's report
 */
export function believableListing(record: StockRecord): { record: StockRecord; change: string | null } {
  const km = record.km ?? 0;
  if ((record.car_type === "new" && km > NEW_CAR_MAX_KM) || (record.car_type === "demo" && km > DEMO_CAR_MAX_KM)) {
    return { record: { ...record, car_type: "used" }, change: `${record.car_type} with used-car km listed as used` };
  }
  if (record.price !== null && record.price < PLACEHOLDER_PRICE_BELOW) {
    return { record: { ...record, price: null }, change: `price under $${PLACEHOLDER_PRICE_BELOW} shown as no price` };
  }
  return { record, change: null };
}

/**
 * Issue 52: a generated caravan made consistent: the axle its name states ('20ft Single Axle'),
 * and a sales yard chosen by the importer instead of the service-and-parts centre.
 */
export function believableCaravan(record: StockRecord): StockRecord {
  const name = `${record.model} ${record.badge ?? ""}`.toLowerCase();
  const axle = name.includes("single axle") ? "Single" : name.includes("tandem") ? "Tandem" : record.axle_type;
  return { ...record, axle_type: axle, location_slug: null };
}

function believableCaravanListing(record: StockRecord, now: number): StockRecord {
  const caravan = believableCaravan(record);
  return { ...caravan, listed_date: demoListedDate(record.stock_number, now), dealer_comments: demoDealerComments(caravan) };
}

export interface SeedReport {
  skipped: boolean;
  sites: { slug: string; summary: ImportSummary }[];
}

/**
 * Whether the demo sites' stock is in the database: every demo site exists and there is at least
 * one car (then {@link seedDemoSites} only tops up their content). Needs a migrated database.
 * @throws the database's error when the tables do not exist yet
 */
export async function demoSitesSeeded(handle: DatabaseHandle): Promise<boolean> {
  const slugs = DEMO_SITES.map((s) => s.slug);
  const present = await handle.db.select({ slug: sites.slug }).from(sites).where(inArray(sites.slug, slugs));
  if (present.length !== slugs.length) return false;
  return (await handle.db.select({ id: cars.id }).from(cars).limit(1)).length > 0;
}

/**
 * Seeds the demo sites unless they already exist.
 * @param log progress lines (default: silent)
 * @param force seed even when the demo sites exist (re-import is idempotent)
 */
export async function seedDemoSites(handle: DatabaseHandle, opts: { log?: (line: string) => void; force?: boolean; now?: number } = {}): Promise<SeedReport> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now();
  const { db } = handle;
  if (!opts.force && (await demoSitesSeeded(handle))) return (await seedSiteContent(db, now), { skipped: true, sites: [] }); // Issue 14: content tops up existing databases
  const geocoder = getGeocoder();

  // Manufacturers from the reference list.
  const knownModels = loadKnownModels(readFileSync(DATA("au_make_model_reference.csv"), "utf8"));
  const makeNames = new Map<string, string>();
  for (const brand of readFileSync(DATA("au_make_model_reference.csv"), "utf8").split("\n").slice(1)) {
    const name = brand.split(",")[0];
    if (name) makeNames.set(slugify(name), name);
  }
  for (const extra of ["Jayco", "New Age", "Lotus", "Zone", "Avan", "Coronet RV"]) makeNames.set(slugify(extra), extra);
  await db
    .insert(manufacturers)
    .values([...makeNames].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing();
  await seedMenuModels(handle); // Issue 13: the single brand's mega-menu models.

  for (const demo of DEMO_SITES) {
    const [group] = await db
      .insert(dealerGroups)
      .values({ slug: demo.group.slug, name: demo.group.name })
      .onConflictDoUpdate({ target: dealerGroups.slug, set: { name: demo.group.name } })
      .returning();
    const [site] = await db
      .insert(sites)
      .values({ slug: demo.slug, name: demo.name, dealerGroupId: group.id, config: demo.config, hosts: [] })
      .onConflictDoUpdate({ target: sites.slug, set: { name: demo.name, config: demo.config, dealerGroupId: group.id } })
      .returning();
    for (const loc of demo.locations) {
      const point = geocoder.bySuburb(loc.suburb, loc.state);
      if (!point) throw new Error(`demo location suburb not in the postcode data: ${loc.suburb} ${loc.state}`);
      const mapQuery = encodeURIComponent(`${loc.street}, ${loc.suburb} ${loc.state} ${point.postcode}`);
      const values = {
        siteId: site.id,
        dealerGroupId: group.id,
        name: loc.name,
        slug: loc.slug,
        locationType: loc.locationType,
        manufacturers: loc.manufacturers ?? [],
        primary: loc.primary ?? false,
        visible: true,
        dealerLicenseNumber: loc.dealerLicenseNumber ?? null,
        motorVehicleRepairer: loc.motorVehicleRepairer ?? null,
        street: loc.street,
        city: loc.suburb,
        state: loc.state,
        postcode: point.postcode,
        lat: point.lat,
        long: point.long,
        placeUrl: `https://www.google.com/maps/search/?api=1&query=${mapQuery}`,
        phone: loc.phone,
        email: `${loc.slug}@${demo.slug}.example`,
        openingHours: openingHours(loc.hours),
      };
      const [row] = await db
        .insert(locations)
        .values(values)
        .onConflictDoUpdate({ target: [locations.siteId, locations.slug], set: values })
        .returning();
      // Issue 12: per-location reviews, figures, special hours and image.
      await seedLocationDemo(db, demo.slug, row, now);
    }
    const existingOffers = await db.select({ id: offers.id }).from(offers).where(eq(offers.siteId, site.id)).limit(1);
    if (!existingOffers.length) {
      // Issue 52: the cards speak of the site's own stock (its item noun) and keep the promises
      // its config keeps (no 'instant offer' where the trade-in banner hides that text).
      const noun = (demo.config.itemNoun?.singular ?? "car").toLowerCase();
      const instantOffer = !demo.config.features?.hideTradeInBannerText;
      await db.insert(offers).values([
        { siteId: site.id, kind: "offer", name: "Free first service", description: `Buy any ${noun} this month and your first scheduled service is on us.`, disclaimer: "Offer ends at the end of the month. Excludes fleet and government buyers.", category: "Service offer", startsAt: new Date(now - 10 * DAY), expiresAt: new Date(now + 40 * DAY) },
        instantOffer
          ? { siteId: site.id, kind: "promo_card" as const, name: "Trade-in valuation in 2 minutes", description: "Get an instant offer on your current car.", linkUrl: "/trade-in", carType: null, startsAt: new Date(now - 5 * DAY), expiresAt: new Date(now + 60 * DAY) }
          : { siteId: site.id, kind: "promo_card" as const, name: "Trade-in valuations", description: "Tell us about your current vehicle and we will value it.", linkUrl: "/trade-in", carType: null, startsAt: new Date(now - 5 * DAY), expiresAt: new Date(now + 60 * DAY) },
        // Issue 51: the card's rates are this site's own lender data, worked out when it is shown.
        { siteId: site.id, kind: "promo_card", name: `Used ${noun} finance`, description: "", linkUrl: "/finance", carType: "used", finance: { source: "lender-data", carType: "used" }, startsAt: new Date(now - 5 * DAY), expiresAt: new Date(now + 60 * DAY) },
      ]);
    }
  }

  // Stock: the real listings split by rule, then the generated caravans, all through the importer.
  const report: SeedReport = { skipped: false, sites: [] };
  const parsed = parseFeedText(readFileSync(DATA("australian_vehicle_prices.csv"), "utf8"), "australian_vehicle_prices.csv", knownModels);
  const bySite = new Map<string, FeedRow[]>();
  const rejected: FeedRow[] = [];
  const believableChanges = new Map<string, number>();
  for (const row of parsed.rows) {
    if (!row.ok) {
      rejected.push(row);
      continue;
    }
    const slug = siteForListing({ make: row.record.make, state: row.record.listing_state, carType: row.record.car_type });
    const demo = DEMO_SITES.find((d) => d.slug === slug)!;
    const list = bySite.get(slug) ?? [];
    const believable = believableListing(row.record);
    if (believable.change) believableChanges.set(believable.change, (believableChanges.get(believable.change) ?? 0) + 1);
    list.push({ ...row, record: enrich(believable.record, demo.config.certifiedPreOwned === true, now) });
    bySite.set(slug, list);
  }
  log(`demo corrections: ${[...believableChanges].map(([change, n]) => `${n} ${change}`).join(", ") || "none"}`);
  log(`real listings: ${parsed.rows.length} read, ${rejected.length} rejected before distribution (${rejected.map((r) => (r.ok ? "" : r.reason)).join(", ")})`);
  for (const [slug, rows] of bySite) {
    const site = (await getSiteBySlug(db, slug))!;
    const summary = await importStock(db, site, rows, { geocoder });
    report.sites.push({ slug, summary });
    log(`${slug}: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.rejected} rejected`);
  }
  const caravanSite = DEMO_SITES.find((d) => d.config.template === "caravan");
  if (caravanSite) {
    const site = (await getSiteBySlug(db, caravanSite.slug))!;
    const caravans = parseFeedText(readFileSync(DATA("demo-caravans.json"), "utf8"), "demo-caravans.json", knownModels);
    const rows = caravans.rows.map((row) => (row.ok ? { ...row, record: believableCaravanListing(row.record, now) } : row));
    const summary = await importStock(db, site, rows, { geocoder });
    report.sites.push({ slug: site.slug, summary });
    log(`${site.slug}: ${summary.created} created (generated caravans), ${summary.rejected} rejected`);
  }
  await seedSiteContent(db, now); // Issue 14: pages, offers, parts
  const fixture = await seedGalleryFixture(db, geocoder, now);
  if (fixture) log(`gallery fixture (${GALLERY_FIXTURE_STOCK_NUMBER}): ${fixture.created} created, ${fixture.rejected} rejected`);
  const fullSpec = await seedFullSpecFixture(db, geocoder, now);
  if (fullSpec) log(`full-spec fixture (${FULL_SPEC_FIXTURE_STOCK_NUMBER}): ${fullSpec.created} created, ${fullSpec.rejected} rejected`);
  return report;
}
