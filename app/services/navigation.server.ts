/**
 * Loads what the header, footer, sticky footer and popup need for one site (issue 13): the
 * merged navigation (spec 2.7), the model mega menu from model data, the footer facts and the
 * promotions (spec 2.6). Called by the root loader on every page.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { manufacturers, models } from "../../db/schema/index";
import { baseNavigation, serviceBookingUrl } from "~/domain/navigation/defaults";
import { callNowShownAt, groupModels, isWithinDates, type CallNowPlan, mergeNavigation, type MenuModelGroup, type NavigationTree } from "~/domain/navigation/navigation";
import { CALL_NOW_PLAN_DAYS, callNowPlan, type CallNowData } from "~/domain/navigation/call-now";
import { addCalendarDays, instantOfWallClock, type AlternatingSaturdayRule, type SpecialHours, type WeeklyHoursEntry } from "~/domain/opening-hours";
import type { Banner, NavItem, Popup } from "~/sites/site-config";
import type { Site } from "~/sites/site";
import { locationSchedule, type Location } from "./locations.server";
import { searchStock } from "./search.server";
import { emptySearchQuery, slugify } from "~/search/params";
import { memoByConfigVersion, memoBySiteVersion } from "./site-memo.server";

/** Serialisable navigation data of one site (part of the root loader's data). */
export interface SiteNavigation extends NavigationTree {
  /** Model mega menu groups, or null when no header item has `dynamicDropdown: "models"`. */
  modelGroups: MenuModelGroup[] | null;
  /** Feature banner links (spec 2.6); null when switched off. */
  featureBanner: { offersUrl: string; serviceUrl: string; tradeInUrl: string; showTradeInText: boolean } | null;
  /** Popup with its dates; the browser decides visibility with its own clock (spec 4). */
  popup: Popup | null;
  /** Banners current at the request time. */
  banners: Banner[];
  abn: string | null;
  acceptedPayments: string[];
  social: { network: "facebook" | "instagram" | "youtube" | "linkedin" | "tiktok"; url: string }[];
  /** Mobile sticky footer: the main location's hours and zone, and whether it is open at the request time. */
  stickyFooter: { phone: string | null; openNow: boolean; callNow: CallNowPlan; timeZone: string; weekly: WeeklyHoursEntry[]; special: SpecialHours[]; alternatingSaturday: AlternatingSaturdayRule | null; enquireUrl: string; searchUrl: string };
}

function hasModelsDropdown(items: NavItem[]): boolean {
  return items.some((i) => i.dynamicDropdown === "models" || (i.dropdownItems ? hasModelsDropdown(i.dropdownItems) : false));
}

/**
 * The mega menu's model groups for the site's brand (spec 2.7), from the models table.
 * A model links to its override URL, else the dealer network's model page
 * (https://www.{dealerNetworkBaseDomain}/{slug}), else this site's stock of it; Our Stock links
 * to /search/{brand}/{model} only when the site has that model in stock.
 */
export async function loadModelGroups(db: Database, site: Site, now: number): Promise<MenuModelGroup[]> {
  const brand = site.config.brand;
  if (!brand) return [];
  const rows = await db
    .select({ make: manufacturers.name, name: models.name, slug: models.slug, status: models.status, categories: models.categories, overrideUrl: models.overrideUrl, imageUrl: models.imageUrl })
    .from(models)
    .innerJoin(manufacturers, eq(models.manufacturerId, manufacturers.id))
    .where(eq(manufacturers.slug, brand))
    .orderBy(asc(models.name));
  if (!rows.length) return [];
  // Our Stock only for models this site has in stock (its search entry point answers 404 otherwise).
  const stock = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1, refinements: { make: [rows[0].make] } }, now);
  const inStock = new Set(stock.facets.model.map((m) => slugify(m.value)));
  const base = site.config.links.dealerNetworkBaseDomain;
  return groupModels(
    rows.map((r) => {
      const stockUrl = `/search/${brand}/${r.slug}`;
      const ours = inStock.has(r.slug) ? stockUrl : null;
      // The site's own status for a model (issue 50 navigation editor) wins over the platform's.
      return { ...r, status: site.config.navigation.modelStatuses[r.slug] ?? r.status, stockUrl: ours, url: r.overrideUrl ?? (base ? `https://www.${base}/${r.slug}` : (ours ?? `/search/${brand}`)) };
    }),
  );
}

/** The Call Now plan per weekly-hours array (memoised per site version by siteLocations). */
const callNowPlans = new WeakMap<WeeklyHoursEntry[], { phone: string | null; timeZone: string; plan: CallNowPlan }>();

/** How long one Call Now plan serves requests before a new one is made, in ms (a plan covers {@link CALL_NOW_PLAN_DAYS} days). */
export const CALL_NOW_PLAN_REUSE_MS = 86_400_000;

/**
 * The sticky footer's Call Now plan (spec 2.7, decision 194) for a site's main location, made once
 * a day per weekly-hours array (issue 15: the open-now check ran on every page request), so every
 * page of a site carries the same plan object until the next day or site version.
 * @param phone the number Call Now dials, or null
 * @param weekly the main location's weekly hours (the same array while the site version holds)
 * @param timeZone the site's IANA time zone
 * @param now epoch ms
 * @param dated the same location's special hours and alternating-Saturday rule (they change with
 *   its row, so with its `weekly` array)
 * @returns a plan whose `from` is at most {@link CALL_NOW_PLAN_REUSE_MS} before `now`
 * @throws RangeError for an unknown time zone (from callNowPlan)
 */
export function callNowPlanFor(phone: string | null, weekly: WeeklyHoursEntry[], timeZone: string, now: number, dated: Pick<CallNowData, "special" | "alternatingSaturday"> = {}): CallNowPlan {
  const hit = callNowPlans.get(weekly);
  if (hit && hit.phone === phone && hit.timeZone === timeZone && now >= hit.plan.from && now < hit.plan.from + CALL_NOW_PLAN_REUSE_MS) return hit.plan;
  const plan = callNowPlan({ phone, weekly, timeZone, ...dated }, new Date(now));
  callNowPlans.set(weekly, { phone, timeZone, plan });
  return plan;
}

/**
 * isCallNowShown (spec 2.7) read off the day's {@link callNowPlanFor} plan.
 * @param now epoch ms
 * @returns whether the sticky footer shows Call Now
 * @throws RangeError for an unknown time zone
 */
export function callNowShown(phone: string | null, weekly: WeeklyHoursEntry[], timeZone: string, now: number, dated: Pick<CallNowData, "special" | "alternatingSaturday"> = {}): boolean {
  // callNowPlanFor's plan always covers `now` (it starts at most a day before it and lasts a week).
  return callNowShownAt(callNowPlanFor(phone, weekly, timeZone, now, dated), now) === true;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A popup's or banner's dates as exact instants (spec 2.6, 4): a date-only start ("2026-12-26")
 * begins at midnight of that day on the site's calendar and a date-only expiry runs to the end of
 * its day there, as the dealer who typed them counts days; a date-time is already exact and kept.
 * The browser, which judges the popup by its own clock, gets the instants.
 * @param item anything with `startsAt` / `expiresAt` (ISO dates or date-times, or null)
 * @param timeZone the site's IANA zone, e.g. "Australia/Perth"
 * @returns a copy with ISO date-times in UTC ("2026-12-25T13:00:00.000Z") for date-only values
 * @throws RangeError for an unknown time zone
 */
export function promotionDatesIn<T extends { startsAt: string | null; expiresAt: string | null }>(item: T, timeZone: string): T {
  const start = item.startsAt && DATE_ONLY.test(item.startsAt) ? new Date(instantOfWallClock(item.startsAt, "00:00", timeZone)).toISOString() : item.startsAt;
  const end = item.expiresAt && DATE_ONLY.test(item.expiresAt) ? new Date(instantOfWallClock(addCalendarDays(item.expiresAt, 1), "00:00", timeZone) - 1).toISOString() : item.expiresAt;
  return start === item.startsAt && end === item.expiresAt ? item : { ...item, startsAt: start, expiresAt: end };
}

/**
 * Everything the site chrome needs (see SiteNavigation).
 * @param locations the site's visible locations (already loaded by the root loader)
 * @param now request time, epoch ms
 */
export async function loadSiteNavigation(db: Database, site: Site, locations: Location[], now: number): Promise<SiteNavigation> {
  const c = site.config;
  const nav = c.navigation;
  // Once per site version (issue 15): the same header and footer objects serve every request, so
  // the phone menu's no-JavaScript list renders once per version (NoScriptNav's cacheKeys, decision 188).
  // The tree is config alone, so it is kept across stock changes (a constant stock version).
  const tree = await memoByConfigVersion("navigation-tree", site, async () => mergeNavigation(baseNavigation(c), { header: nav.header, footer: nav.footerSections }, nav.overrides));
  // A promotion's days become instants once per site version: the site's zone and dates are config alone.
  const promotions = await memoByConfigVersion("promotion-dates", site, async () => ({
    popup: nav.popup ? promotionDatesIn(nav.popup, c.timeZone) : null,
    banners: nav.banners.map((b) => promotionDatesIn(b, c.timeZone)),
  }));
  // Issue 15: the model menu runs a stock search; once per site version, not per request.
  const modelGroups = hasModelsDropdown(tree.header) ? await memoBySiteVersion("model-groups", site, () => loadModelGroups(db, site, now)) : null;
  const main = locations.find((l) => l.primary) ?? locations.find((l) => l.locationType === "sales") ?? locations[0] ?? null;
  const weekly = main?.openingHours ?? [];
  const schedule = main ? locationSchedule(site, main) : null;
  const dated = { special: schedule?.special ?? [], alternatingSaturday: schedule?.alternatingSaturday ?? null };
  const phone = c.phones.main ?? main?.phone ?? null;
  const networks = ["facebook", "instagram", "youtube", "linkedin", "tiktok"] as const;
  return {
    ...tree,
    modelGroups,
    featureBanner: nav.featureBanner.enabled
      ? { offersUrl: nav.featureBanner.offersUrl, serviceUrl: serviceBookingUrl(c), tradeInUrl: nav.featureBanner.tradeInUrl, showTradeInText: !c.features.hideTradeInBannerText }
      : null,
    popup: promotions.popup,
    banners: promotions.banners.filter((b) => isWithinDates(b, now)),
    abn: nav.abn,
    acceptedPayments: nav.acceptedPayments,
    social: networks.flatMap((network) => (c.social[network] ? [{ network, url: c.social[network]! }] : [])),
    stickyFooter: {
      phone,
      openNow: callNowShown(phone, weekly, c.timeZone, now, dated),
      callNow: callNowPlanFor(phone, weekly, c.timeZone, now, dated),
      timeZone: c.timeZone,
      weekly,
      ...dated,
      enquireUrl: "/enquiries/general-enquiry",
      searchUrl: "/search",
    },
  };
}
