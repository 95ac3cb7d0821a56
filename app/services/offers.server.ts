/**
 * Special offers (spec 2.1 /special-offers, /offers/{id}, /offers/{manufacturer}/{id}; 2.6 offer
 * cards; 3 "Offer"; 9 truncation). An offer shows on its own site, or on every site when it is a
 * network offer (`siteId` and `dealerGroupId` null) or an offer of its dealer group, never on a site in its `excludedSiteIds`, and only between its
 * start and expiry dates, and only while `published` (issue 50; a staff preview can look ahead).
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { manufacturers, models, offers } from "../../db/schema/index";
import { bannerImage } from "~/domain/content/banners";
import { truncateOfferDescription, truncateOfferDisclaimer, type TruncatedText } from "~/domain/content/truncate";
import type { Site } from "~/sites/site";
import { markdownToPlainText } from "./content.server";
import { ownedForSite } from "./content-owner.server";
import { financeOfferView, type FinanceOfferView } from "~/domain/finance/finance-offer";
import { lenderAssumptionsFor } from "~/sites/finance-options";

/** An offer as cards and the offer page show it (plain text only; serialisable). */
export interface OfferView {
  id: number;
  name: string;
  category: string | null;
  /** Plain text (any Markdown or HTML in the data is stripped). */
  description: TruncatedText;
  disclaimer: TruncatedText;
  manufacturer: { name: string; slug: string } | null;
  model: { name: string; slug: string; overrideUrl: string | null } | null;
  /** Spec 3 image_or_model_image, else the site's offers banner (spec 9). */
  imageUrl: string;
  /** Canonical path: /offers/{manufacturer}/{id} when the offer has a manufacturer, else /offers/{id}. */
  path: string;
  /** 'Explore {model}' target; null without a model. */
  exploreUrl: string | null;
  startsAt: string | null;
  expiresAt: string | null;
  /**
   * Issue 50: a finance offer's rate, comparison rate and the reg 100 warning (worked out from its
   * `finance` source, never typed); null without one.
   */
  finance: FinanceOfferView | null;
}

/**
 * The instant an offer query is judged at: the request's, or in a staff preview "as of" a moment
 * (issue 50 item 7), that moment.
 */
export function offerMoment(site: Site, now: Date): Date {
  return site.preview?.asOf !== undefined ? new Date(site.preview.asOf) : now;
}

/**
 * Issue 50: the publishing status condition. Shoppers see `published` offers. A staff preview
 * "as of" a moment sees the status the offer will have then (its latest pending scheduled change
 * due by that moment, else its status now), and a drafts preview sees drafts too.
 */
export function offerStatusVisible(site: Site, at: Date) {
  const preview = site.preview;
  if (preview?.asOf === undefined && !preview?.drafts) return eq(offers.status, "published");
  const asOf = at.toISOString();
  const scheduled = sql`coalesce((select sc.action from scheduled_changes sc where sc.entity = 'offer' and sc.entity_id = ${offers.id} and sc.status = 'pending' and sc.run_at <= ${asOf}::timestamptz order by sc.run_at desc, sc.id desc limit 1), case when ${offers.status} = 'published' then 'publish' else 'unpublish' end) = 'publish'`;
  return preview.drafts ? or(eq(offers.status, "draft"), scheduled) : scheduled;
}

/**
 * Offers and promo cards a site shows (before status and dates): its own, its dealer group's and
 * the whole network's, except those that exclude it.
 */
export function offerShownOn(site: Pick<Site, "id" | "dealerGroup">) {
  return and(
    ownedForSite(offers, site),
    sql`not (${site.id} = any(${offers.excludedSiteIds}))`,
  );
}

function visibleTo(site: Site, now: Date) {
  return and(
    eq(offers.kind, "offer"),
    offerStatusVisible(site, now),
    offerShownOn(site),
    or(isNull(offers.startsAt), lte(offers.startsAt, now)),
    or(isNull(offers.expiresAt), gt(offers.expiresAt, now)),
  );
}

const SELECT = {
  offer: offers,
  manufacturerName: manufacturers.name,
  manufacturerSlug: manufacturers.slug,
  modelName: models.name,
  modelSlug: models.slug,
  modelImage: models.imageUrl,
  modelOverrideUrl: models.overrideUrl,
};

type Row = { offer: typeof offers.$inferSelect; manufacturerName: string | null; manufacturerSlug: string | null; modelName: string | null; modelSlug: string | null; modelImage: string | null; modelOverrideUrl: string | null };

function toView(site: Site, r: Row): OfferView {
  const o = r.offer;
  const manufacturer = r.manufacturerSlug ? { name: r.manufacturerName!, slug: r.manufacturerSlug } : null;
  const model = r.modelSlug ? { name: r.modelName!, slug: r.modelSlug, overrideUrl: r.modelOverrideUrl } : null;
  return {
    id: o.id,
    name: o.name,
    category: o.category,
    description: truncateOfferDescription(markdownToPlainText(o.description)),
    disclaimer: truncateOfferDisclaimer(markdownToPlainText(o.disclaimer)),
    manufacturer,
    model,
    imageUrl: o.imageUrl ?? r.modelImage ?? bannerImage("offers", site.config.content.banners),
    path: manufacturer ? `/offers/${manufacturer.slug}/${o.id}` : `/offers/${o.id}`,
    exploreUrl: model ? (model.overrideUrl ?? (manufacturer ? `/search/${manufacturer.slug}/${model.slug}` : null)) : null,
    startsAt: o.startsAt?.toISOString() ?? null,
    expiresAt: o.expiresAt?.toISOString() ?? null,
    finance: o.finance == null ? null : financeOfferView(o.finance, (carType) => lenderAssumptionsFor(site.config, carType)),
  };
}

/**
 * The site's live offers, soonest-expiring first.
 * @param now the instant deciding the date window
 */
export async function listOffers(db: Database, site: Site, now: Date): Promise<OfferView[]> {
  const rows = await db
    .select(SELECT)
    .from(offers)
    .leftJoin(manufacturers, eq(manufacturers.id, offers.manufacturerId))
    .leftJoin(models, eq(models.id, offers.modelId))
    .where(visibleTo(site, offerMoment(site, now)))
    .orderBy(sql`${offers.expiresAt} asc nulls last`, asc(offers.id));
  return rows.map((r) => toView(site, r));
}

/**
 * One live offer of the site by id; with `manufacturerSlug`, only when the offer's manufacturer
 * has that slug.
 * @returns the offer, or null (the route answers 404): unknown id, another site's, excluded, out of date
 */
export async function getOffer(db: Database, site: Site, id: number, now: Date, manufacturerSlug?: string): Promise<OfferView | null> {
  const [row] = await db
    .select(SELECT)
    .from(offers)
    .leftJoin(manufacturers, eq(manufacturers.id, offers.manufacturerId))
    .leftJoin(models, eq(models.id, offers.modelId))
    .where(and(eq(offers.id, id), visibleTo(site, offerMoment(site, now))));
  if (!row) return null;
  if (manufacturerSlug !== undefined && row.manufacturerSlug !== manufacturerSlug) return null;
  return toView(site, row);
}
