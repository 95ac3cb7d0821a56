/**
 * The site dashboard's figures (issue 48 "/sites/{slug}"; issue 49 item 7, decision 321), counted
 * within the member's reach: sales see their assigned locations only.
 *
 * - Today (from midnight in the site's time zone), the last 7 days and the last 30 days: leads by
 *   form and by source, lead deliveries that failed, reservations made.
 * - Stock in stock by car type, with aged stock (days since the car first came in over 30, 60
 *   and 90), and cars with no photos or no price.
 * - The most viewed cars (the VDP view counter).
 *
 * Each figure is one grouped query with a `count(*) filter (...)` per period, so the page costs
 * nine queries (run in parallel) whatever the number of cars or leads.
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns/startOfDay";
import { and, count, desc, eq, gt, gte, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, leadDeliveries, leads, locations, reservations } from "../../db/schema/index";
import type { PeriodCounts, PeriodKey } from "./dashboard-periods";
import { withinReach } from "./location-scope";
import type { ScopedSite } from "./staff.server";

const DAY_MS = 24 * 60 * 60_000;

export interface StockByType {
  /** new, demo or used. */
  carType: string;
  /** Cars with status in stock. */
  inStock: number;
  /** In stock for more than 30, 60 and 90 days (since the car first came in), cumulative. */
  over30: number;
  over60: number;
  over90: number;
}

export interface SiteDashboard {
  /** When each period starts (ISO instants; `today` is midnight in the site's time zone). */
  since: Record<PeriodKey, string>;
  /** Cars by status (in stock, coming soon, sold, withdrawn). */
  carsByStatus: { status: string; cars: number }[];
  /** Leads received in each period, in all. */
  leads: PeriodCounts;
  /** Leads per form (enquiry, test-drive, finance, trade-in, ...), busiest over 30 days first. */
  leadsByForm: ({ form: string } & PeriodCounts)[];
  /**
   * Leads per source: the visit's `utm_source`, else the ad network its click id names, else
   * "direct or unknown"; busiest first.
   */
  leadsBySource: ({ source: string } & PeriodCounts)[];
  /** Deliveries of the period's leads that failed for good (dead) or are failing and being retried. */
  deliveryFailures: { dead: PeriodCounts; retrying: PeriodCounts };
  /** Reservations made in each period, and of those how many were captured (sold). */
  reservations: { made: PeriodCounts; captured: PeriodCounts };
  /** In-stock cars by car type, with aged stock. */
  stockByType: StockByType[];
  /** In-stock cars shoppers see without a photo, or without a price. */
  noPhotos: number;
  noPrice: number;
  /** The most viewed cars not sold or withdrawn, most views first. */
  mostViewed: { id: number; name: string; stockNumber: string; views: number }[];
  locations: { id: number; name: string }[];
  /** True when the figures cover only the member's assigned locations. */
  limitedToLocations: boolean;
}

/**
 * A site's cars by status (in stock, coming soon, sold, withdrawn), within the member's reach: the
 * dashboard's stock figures, and the feeds page's counts before and after an import.
 * @param scoped the site opened with its reach (sales: their assigned locations)
 */
export async function carsByStatus(db: Database, scoped: ScopedSite): Promise<{ status: string; cars: number }[]> {
  const rows = await db.select({ status: cars.status, cars: count() }).from(cars).where(withinReach(scoped, cars.siteId, cars.locationId)).groupBy(cars.status).orderBy(cars.status);
  return rows.map((r) => ({ status: r.status, cars: Number(r.cars) }));
}

/** Options of {@link siteDashboard}. */
export interface DashboardOptions {
  /** Epoch ms (injected clock). */
  now: number;
  /** The site's IANA time zone (site config `timeZone`), for "today". */
  timeZone: string;
  /** Prices at or below this many dollars count as no price (site config `display.priceThreshold`). */
  priceThreshold: number;
  /** How many most viewed cars (default 10). */
  mostViewed?: number;
}

/** Source of a lead from its linked query parameters (utm_source, else a click id's network). */
const SOURCE = sql<string>`coalesce(
  nullif(substring(${leads.payload}->'lead_attributes'->>'linked_query_params' from '(?:^|&)utm_source=([^&]*)'), ''),
  case
    when ${leads.payload}->'lead_attributes'->>'linked_query_params' ~ '(^|&)(gclid|gbraid|wbraid|dclid)=' then 'google ads'
    when ${leads.payload}->'lead_attributes'->>'linked_query_params' ~ '(^|&)fbclid=' then 'facebook ads'
    when ${leads.payload}->'lead_attributes'->>'linked_query_params' ~ '(^|&)msclkid=' then 'microsoft ads'
    when ${leads.payload}->'lead_attributes'->>'linked_query_params' ~ '(^|&)ttclid=' then 'tiktok ads'
    when ${leads.payload}->'lead_attributes'->>'linked_query_params' ~ '(^|&)li_fat_id=' then 'linkedin ads'
  end,
  'direct or unknown')`;

/**
 * Counts a site's figures for the dashboard.
 * @param scoped the site opened with `site.view` (its reach decides the locations)
 */
export async function siteDashboard(db: Database, scoped: ScopedSite, options: DashboardOptions): Promise<SiteDashboard> {
  const { now } = options;
  const limited = scoped.reach === "assigned-locations";
  const carScope = withinReach(scoped, cars.siteId, cars.locationId);
  const leadScope = withinReach(scoped, leads.siteId, leads.locationId);
  const since: Record<PeriodKey, Date> = {
    today: new Date(startOfDay(new TZDate(now, options.timeZone)).getTime()),
    week: new Date(now - 7 * DAY_MS),
    month: new Date(now - 30 * DAY_MS),
  };
  // The widest period bounds every query; each period is a filter on it.
  const earliest = since.month;
  const per = (at: AnyColumn, extra?: SQL) => ({
    today: sql<number>`count(*) filter (where ${at} >= ${since.today.toISOString()}::timestamptz${extra ? sql` and ${extra}` : sql``})`,
    week: sql<number>`count(*) filter (where ${at} >= ${since.week.toISOString()}::timestamptz${extra ? sql` and ${extra}` : sql``})`,
    month: sql<number>`count(*) filter (where ${at} >= ${since.month.toISOString()}::timestamptz${extra ? sql` and ${extra}` : sql``})`,
  });
  const recentLeads = and(leadScope, gte(leads.createdAt, earliest));
  const inStock = and(carScope, eq(cars.status, "in_stock"), eq(cars.showOnDealerWebsite, true));
  const ageOver = (days: number) => sql<number>`count(*) filter (where ${cars.createdAt} < ${new Date(now - days * DAY_MS).toISOString()}::timestamptz)`;
  const reservationScope = withinReach(scoped, reservations.siteId, sql`coalesce(${reservations.locationId}, ${cars.locationId})`);

  const [byStatus, byForm, bySource, deliveries, reserved, stock, [gaps], viewed, locs] = await Promise.all([
    carsByStatus(db, scoped),
    db.select({ form: leads.form, ...per(leads.createdAt) }).from(leads).where(recentLeads).groupBy(leads.form),
    db.select({ source: SOURCE, ...per(leads.createdAt) }).from(leads).where(recentLeads).groupBy(SOURCE),
    db
      .select({ status: leadDeliveries.status, ...per(leads.createdAt) })
      .from(leadDeliveries)
      .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
      .where(and(recentLeads, sql`(${leadDeliveries.status} = 'dead' or (${leadDeliveries.status} = 'pending' and ${leadDeliveries.attempts} > 0))`))
      .groupBy(leadDeliveries.status),
    db
      .select({ made: per(reservations.createdAt), captured: per(reservations.createdAt, sql`${reservations.status} = 'captured'`) })
      .from(reservations)
      .innerJoin(cars, eq(cars.id, reservations.carId))
      .where(and(reservationScope, gte(reservations.createdAt, earliest))),
    db
      .select({ carType: cars.carType, inStock: count(), over30: ageOver(30), over60: ageOver(60), over90: ageOver(90) })
      .from(cars)
      .where(inStock)
      .groupBy(cars.carType)
      .orderBy(cars.carType),
    db
      .select({
        noPhotos: sql<number>`count(*) filter (where jsonb_array_length(${cars.images}) = 0)`,
        noPrice: sql<number>`count(*) filter (where coalesce(${cars.price}, 0) <= ${options.priceThreshold} and coalesce(${cars.offerPrice}, 0) <= ${options.priceThreshold})`,
      })
      .from(cars)
      .where(inStock),
    db
      .select({ id: cars.id, name: cars.name, stockNumber: cars.stockNumber, views: cars.views })
      .from(cars)
      .where(and(carScope, gt(cars.views, 0), ne(cars.status, "sold"), ne(cars.status, "withdrawn")))
      .orderBy(desc(cars.views), cars.id)
      .limit(options.mostViewed ?? 10),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(withinReach(scoped, locations.siteId, locations.id))
      .orderBy(sql`${locations.name}`),
  ]);

  const counts = (row: { today: number; week: number; month: number } | undefined): PeriodCounts => ({ today: Number(row?.today ?? 0), week: Number(row?.week ?? 0), month: Number(row?.month ?? 0) });
  const sources = new Map<string, PeriodCounts>();
  for (const row of bySource) {
    const name = decodeSource(row.source);
    const sum = sources.get(name) ?? { today: 0, week: 0, month: 0 };
    const add = counts(row);
    sources.set(name, { today: sum.today + add.today, week: sum.week + add.week, month: sum.month + add.month });
  }
  const busiest = <T extends PeriodCounts>(a: T & Record<string, unknown>, b: T & Record<string, unknown>, key: string) => b.month - a.month || b.week - a.week || String(a[key]).localeCompare(String(b[key]));
  const made = reserved[0];
  return {
    since: { today: since.today.toISOString(), week: since.week.toISOString(), month: since.month.toISOString() },
    carsByStatus: byStatus,
    leads: byForm.reduce((sum, r) => ({ today: sum.today + Number(r.today), week: sum.week + Number(r.week), month: sum.month + Number(r.month) }), { today: 0, week: 0, month: 0 }),
    leadsByForm: byForm.map((r) => ({ form: r.form, ...counts(r) })).sort((a, b) => busiest(a, b, "form")),
    leadsBySource: [...sources].map(([source, c]) => ({ source, ...c })).sort((a, b) => busiest(a, b, "source")),
    deliveryFailures: { dead: counts(deliveries.find((d) => d.status === "dead")), retrying: counts(deliveries.find((d) => d.status === "pending")) },
    reservations: { made: counts(made?.made), captured: counts(made?.captured) },
    stockByType: stock.map((r) => ({ carType: r.carType, inStock: Number(r.inStock), over30: Number(r.over30), over60: Number(r.over60), over90: Number(r.over90) })),
    noPhotos: Number(gaps?.noPhotos ?? 0),
    noPrice: Number(gaps?.noPrice ?? 0),
    mostViewed: viewed.map((r) => ({ ...r, views: Number(r.views) })),
    locations: locs,
    limitedToLocations: limited,
  };
}

/** A `utm_source` value as people read it: URL-decoded, lower case, trimmed. */
export function decodeSource(raw: string): string {
  let text = raw.replace(/\+/g, " ");
  try {
    text = decodeURIComponent(text);
  } catch {
    // A malformed escape: show it as sent.
  }
  return text.trim().toLowerCase() || "direct or unknown";
}
