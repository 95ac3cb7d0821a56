/**
 * Locations of a site (spec 2.5, 3, 4, 5, 9): the directory, detail pages, location blocks,
 * opening hours in the site's time zone, reviews and the nearest location.
 */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { locations, reviews } from "../../db/schema/index";
import { getGeocoder } from "~/adapters/geocoder/postcodes";
import { blockLayout, gridColumnsClass, selectBlockLocations } from "~/domain/locations/location-block";
import { lookupPostcode, orderByDistance } from "~/domain/locations/nearest";
import { averageText, dateInWords, reviewProfileFor, reviewsAtOrAbove, showStarRating, starFills } from "~/domain/locations/reviews";
import { groupOpeningHours, localClock, openingStatus, upcomingSpecialHours, type HoursRow, type LocationSchedule } from "~/domain/opening-hours";
import type { Site } from "~/sites/site";
import type { LocationBlock } from "~/sites/site-config";
import { memoByConfigVersion, memoBySiteVersion } from "./site-memo.server";
import { withScheduledLocation } from "~/domain/content/scheduled-overlay";
import { formatPhone, phoneHref } from "~/domain/display/phone";
import { isCalendarDate } from "~/domain/text/calendar-date";

export type Location = typeof locations.$inferSelect;

/** Visible locations of the site, sorted by name (spec 2.5: "Cards are sorted by name. Only locations with visible set are shown."). */
export async function listLocations(db: Database, site: Site): Promise<Location[]> {
  const changes = site.preview?.locationChanges;
  if (!changes?.length) {
    return db
      .select()
      .from(locations)
      .where(and(eq(locations.siteId, site.id), eq(locations.visible, true)))
      .orderBy(asc(locations.name));
  }
  // A staff preview "as of" a moment shows the locations as the changes scheduled by then leave
  // them: a hidden one scheduled to be shown is read too, and a renamed one moves in the order.
  const rows = await db.select().from(locations).where(eq(locations.siteId, site.id)).orderBy(asc(locations.name));
  const shown = rows.map((row) => withScheduledLocation(row, changes)).filter((l) => l.visible);
  return changes.some((c) => c.action === "details" && "name" in c.payload) ? shown.sort((a, b) => a.name.localeCompare(b.name, "en-AU")) : shown;
}

/**
 * {@link listLocations} computed once per site version and process (issue 15): every page's
 * header and footer and every lead form's location picker read it. Database triggers move the
 * site's config version when a location changes (migration 0018). Do not mutate the rows.
 * @returns the site's visible locations by name
 */
export function siteLocations(db: Database, site: Site): Promise<Location[]> {
  // Locations are config (their changes move the config version, not the stock version): a
  // price change keeps the same rows, and the objects derived from them stay cached (Call Now's plan).
  return memoByConfigVersion("locations", site, () => listLocations(db, site));
}

/**
 * One visible location of the site by slug, from {@link siteLocations} (no query of its own:
 * issue 15, decision 189). Do not mutate the row.
 * @returns the row, or null when the slug is unknown or the location hidden
 */
export async function getLocationBySlug(db: Database, site: Site, slug: string): Promise<Location | null> {
  return (await siteLocations(db, site)).find((l) => l.slug === slug) ?? null;
}

/** The canonical path of a location page (spec 2.1: /contact-us/{slug} or /our-location/{slug} per site). */
export function locationPath(site: Site, slug: string): string {
  return `/${site.config.links.locationDetailPrefix}/${slug}`;
}

/**
 * The location's hours with its alternating-Saturday rule (spec 4): the location's own rule when
 * the console set one (issue 50: on from an anchor Saturday, or off), else the site's rule when it
 * applies to the location's type.
 */
export function locationSchedule(site: Site, location: Pick<Location, "openingHours" | "specialHours" | "locationType"> & { alternatingSaturday?: Location["alternatingSaturday"] }): LocationSchedule {
  const own = location.alternatingSaturday ?? null;
  if (own) return { weekly: location.openingHours, special: location.specialHours, alternatingSaturday: own.mode === "on" ? { anchorDate: own.anchorDate, appointmentText: own.appointmentText } : null };
  const rule = site.config.locationsPage.alternatingSaturday;
  const applies = rule !== null && location.locationType !== null && rule.locationTypes.includes(location.locationType);
  return {
    weekly: location.openingHours,
    special: location.specialHours,
    alternatingSaturday: applies ? { anchorDate: rule.anchorDate, appointmentText: rule.appointmentText } : null,
  };
}

const TYPE_LABEL: Record<string, string> = { sales: "Sales", service: "Service", parts: "Parts", "service-and-parts": "Service & Parts" };

/** Everything a location card shows (spec 2.5); serialisable. */
export interface LocationCardView {
  id: number;
  name: string;
  slug: string;
  href: string;
  typeLabel: string | null;
  address: string;
  mapUrl: string | null;
  phone: string | null;
  /** tel: href, from the formatted number (phoneHref, spec 2.5). */
  tel: string | null;
  imageUrl: string | null;
  rating: { average: string; fills: number[]; count: number; showStars: boolean } | null;
  hours: HoursRow[];
  status: { open: boolean; text: string };
  stockHref: string | null;
  lat: number | null;
  long: number | null;
  /** km from the shopper's postcode when ordered by distance. */
  distanceKm: number | null;
}

/**
 * Builds a card view of a location for the site at `now` (opening status in the site's zone).
 * @param now epoch ms
 */
export function locationCardView(site: Site, l: Location, now: number, distanceKm: number | null = null): LocationCardView {
  const schedule = locationSchedule(site, l);
  const status = openingStatus(schedule, new Date(now), site.config.timeZone);
  const sellsStock = l.locationType === "sales" || l.locationType === null;
  return {
    id: l.id,
    name: l.name,
    slug: l.slug,
    href: locationPath(site, l.slug),
    typeLabel: l.locationType ? (TYPE_LABEL[l.locationType] ?? l.locationType) : null,
    address: [l.street, `${l.city} ${l.state} ${l.postcode}`].filter(Boolean).join(", "),
    mapUrl: l.placeUrl,
    phone: l.phone ? formatPhone(l.phone) : null,
    tel: l.phone ? phoneHref(l.phone) : null,
    imageUrl: l.imageUrl,
    rating:
      l.reviewAverage !== null && l.reviewCount > 0
        ? { average: averageText(l.reviewAverage)!, fills: starFills(l.reviewAverage), count: l.reviewCount, showStars: showStarRating(l.reviewAverage, site.config.locationsPage.starRatingMinimum) }
        : null,
    hours: groupOpeningHours(l.openingHours, { alternatingSaturday: schedule.alternatingSaturday }),
    status: { open: status.open, text: status.text },
    stockHref: site.config.links.locationCardStockLink && sellsStock ? `/search/${l.slug}` : null,
    lat: l.lat,
    long: l.long,
    distanceKm,
  };
}

/** Result of ordering a site's locations by a shopper's postcode. */
export interface NearestResult<L> {
  locations: (L & { distanceKm: number | null })[];
  postcode: string | null;
  /** 'Invalid postcode' or the field message; null when fine or no postcode given. */
  error: string | null;
}

/**
 * Spec 5/9: orders locations by distance from a postcode the shopper entered (embedded
 * postcode data, haversine km). No or invalid postcode keeps the given order.
 * @param raw the `postcode` URL parameter (null when absent)
 */
export function orderByPostcode<L extends { name: string; lat: number | null; long: number | null }>(list: L[], raw: string | null): NearestResult<L> {
  if (raw === null || raw.trim() === "") return { locations: list.map((l) => ({ ...l, distanceKm: null })), postcode: null, error: null };
  const hit = lookupPostcode(getGeocoder(), raw);
  if (!hit.ok) return { locations: list.map((l) => ({ ...l, distanceKm: null })), postcode: raw.trim(), error: hit.error };
  return { locations: orderByDistance(list, hit.point), postcode: hit.postcode, error: null };
}

/** A listed review (spec 3 "Review"); serialisable. */
export interface ReviewView {
  id: number;
  customerName: string;
  text: string;
  rating: number;
  /** The review's rating as five glyphs, "★★★★☆" (a star per full point; spec 9's fills). */
  stars: string;
  /** The review's local date in the site's time zone, YYYY-MM-DD (the page's `<time dateTime>`). */
  reviewDate: string;
  reviewDateInWords: string;
  replyText: string | null;
  replyDateInWords: string | null;
}

/**
 * Spec 3/5: a location's sample reviews (not hidden by staff, issue 50 item 8) at or above the site's minimum rating
 * (`display.minimumReviewRating`), newest first, at most `locationsPage.reviewsListed`.
 * @param now epoch ms, for the "in words" dates: only its local date in the site's time zone
 *   counts (dateInWords), so the list is the same all day (issue 15)
 */
export async function listLocationReviews(db: Database, site: Site, locationId: number, now: number): Promise<ReviewView[]> {
  // Reviews move the site's config version (migration 0018): read once per version (decision 189).
  const rows = await memoBySiteVersion(`location-reviews:${locationId}`, site, async () =>
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.siteId, site.id), eq(reviews.locationId, locationId), isNull(reviews.hiddenAt)))
      .orderBy(desc(reviews.reviewDate), asc(reviews.id)),
  );
  const at = new Date(now);
  // The list depends on the rows (one array per site version) and the site's local date only, so
  // it is made once per local day: the words' time-zone arithmetic cost about 1 ms per page.
  const { minimumReviewRating } = site.config.display;
  const key = `${localClock(at, site.config.timeZone).date} ${site.config.timeZone} ${minimumReviewRating} ${site.config.locationsPage.reviewsListed}`;
  const made = reviewViews.get(rows);
  if (made?.key === key) return made.views;
  const views = reviewsAtOrAbove(rows, minimumReviewRating).slice(0, site.config.locationsPage.reviewsListed).map((r) => ({
    id: r.id,
    customerName: r.customerName,
    text: r.text,
    rating: r.rating,
    stars: starFills(r.rating)
      .map((f) => (f >= 1 ? "★" : "☆"))
      .join(""),
    // The review's date on the site's calendar (a review at 7 am Perth is on that day, not UTC's day before).
    reviewDate: localClock(r.reviewDate, site.config.timeZone).date,
    reviewDateInWords: dateInWords(r.reviewDate, at, site.config.timeZone),
    replyText: r.replyText,
    replyDateInWords: r.replyDate ? dateInWords(r.replyDate, at, site.config.timeZone) : null,
  }));
  reviewViews.set(rows, { key, views });
  return views;
}

/** Listed reviews per stored rows array (memoised per site version), with the local date and settings they were made for. */
const reviewViews = new WeakMap<object, { key: string; views: ReviewView[] }>();

/** The review link of a location from the site's `gmb_profiles` (spec 3); null when none. */
export function reviewLinkFor(site: Site, locationName: string): string | null {
  return reviewProfileFor(site.config.social.gmbProfiles, locationName)?.reviewUrl ?? null;
}

/** Upcoming special hours of a location (next 60 days, site time) for its page. */
export function upcomingSpecials(site: Site, l: Location, now: number) {
  // A day that does not exist (stored before the editor refused them) is left out, not rendered as "Invalid Date".
  return upcomingSpecialHours(l.specialHours.filter((s) => isCalendarDate(s.date, true)), new Date(now), site.config.timeZone);
}

/**
 * A location block's view (spec 2.5): the selected locations as cards, with layout and grid
 * widths. Serialisable; rendered by <LocationBlock>.
 * @param now epoch ms
 */
export function locationBlockView(site: Site, all: Location[], block: LocationBlock, now: number) {
  const chosen = selectBlockLocations(all, block);
  return {
    layout: blockLayout(chosen.length, block, site.config.locationsPage.carouselForAll),
    gridClass: gridColumnsClass(chosen.length),
    locations: chosen.map((l) => locationCardView(site, l, now)),
    detailLabel: site.config.locationsPage.detailButtonLabel,
    map: { tileUrl: site.config.locationsPage.mapTileUrl, attribution: site.config.locationsPage.mapAttribution },
  };
}

/** What the header and footer show of a location (root loader `chrome.locations`). */
export interface ChromeLocation {
  name: string;
  slug: string;
  street: string | null;
  suburb: string;
  state: string;
  postcode: string | null;
  phone: string | null;
  licence: string | null;
  /** The location's motor vehicle repairer licence (spec 2.6 sub-footer), null when none. */
  repairerLicence: string | null;
}

const chromeLocationsMemo = new WeakMap<readonly Location[], ChromeLocation[]>();

/**
 * The header and footer's view of the site's locations, the same array for the same
 * {@link siteLocations} result (issue 15, decision 189: the footer's markup is cached by it).
 * @param list the site's visible locations, as {@link siteLocations} returns them
 */
export function chromeLocations(list: readonly Location[]): ChromeLocation[] {
  let view = chromeLocationsMemo.get(list);
  if (!view) {
    view = list.map((l) => ({ name: l.name, slug: l.slug, street: l.street, suburb: l.city, state: l.state, postcode: l.postcode, phone: l.phone ? formatPhone(l.phone) : null, licence: l.dealerLicenseNumber, repairerLicence: l.motorVehicleRepairer }));
    chromeLocationsMemo.set(list, view);
  }
  return view;
}
