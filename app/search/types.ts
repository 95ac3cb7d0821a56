/**
 * Contract of the stock search (spec 2.2, 4, 5 "Search and sliders", 9 "Search").
 * Every engine (the SQL engine over the database and the in-memory read model) takes a
 * {@link SearchQuery} for one site and answers a {@link SearchResult}; they must agree exactly.
 *
 * Units: price in whole dollars, km in kilometres, year as a calendar year.
 */
import type { CarType, CarStatus, FinanceLenderData } from "~/domain/car";

/** Multi-value (disjunctive) facets: values within one facet OR together; facets AND. */
export const LIST_FACETS = [
  "make",
  "model",
  "body",
  "fuel",
  "drive",
  "transmission",
  "colour",
  "seats",
  "city",
  "state",
  "dealership",
  "car_type",
  "item_type",
  "tag",
  "certified",
] as const;
export type ListFacet = (typeof LIST_FACETS)[number];

/** Range filters, written `min:max` in the URL (spec 5). */
export const RANGE_FACETS = ["price", "km", "year"] as const;
export type RangeFacet = (typeof RANGE_FACETS)[number];

/** Spec 2.2 sorts; `subscription_price` and `km` only when the site enables them. */
export const SORTS = ["relevance", "latest", "price_desc", "price_asc", "subscription_price", "km"] as const;
export type SortBy = (typeof SORTS)[number];

export interface NumericRange {
  min: number | null;
  max: number | null;
}

export interface SearchQuery {
  /** Free text, matched against make, model, badge, series, body, colour and stock number. */
  query: string;
  refinements: Partial<Record<ListFacet, string[]>>;
  ranges: Partial<Record<RangeFacet, NumericRange>>;
  sortBy: SortBy;
  /** 1-based page number. */
  page: number;
  /** Spec 9: 21 by default. */
  hitsPerPage: number;
}

/** What search needs of a car: one flat, denormalised document per car. */
export interface SearchDoc {
  id: number;
  slug: string;
  stockNumber: string;
  title: string;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  body: string | null;
  fuel: string | null;
  drive: string | null;
  transmission: string | null;
  colour: string | null;
  seats: number | null;
  city: string | null;
  state: string | null;
  /** Location slug. */
  dealership: string | null;
  dealershipName: string | null;
  carType: CarType;
  itemType: string;
  tag: string | null;
  certified: boolean;
  status: CarStatus;
  /** Epoch milliseconds, null unless sold. */
  soldAt: number | null;
  showOnDealerWebsite: boolean;
  year: number | null;
  km: number | null;
  /** Whole dollars, null when no price. */
  price: number | null;
  subscriptionPrice: number | null;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Higher ranks first under "most relevant". */
  customRank: number;
  /** Display only (not searched): location id, for the finance dealership exclusion (spec 5). */
  locationId?: number | null;
  /** Display only (not searched): the site provider's lender data, keyed by provider (spec 5). */
  financeLenders?: Record<string, FinanceLenderData>;
  /** Reserved by a customer: the card's 'Reserved' tag (spec 4 step 2) and no reserve button. Display only. */
  reserved: boolean;
  /** The card's photo, or null (body illustration). Display only. */
  primaryImageUrl: string | null;
  /** Issue 17, display only: the feed's price basis (null: the site's default) and the number of photos. */
  priceBasis?: "drive_away" | "excl_govt_charges" | null;
  photosCount?: number;
  axleType?: string | null;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export interface SearchResult {
  hits: SearchDoc[];
  facets: Record<ListFacet, FacetValue[]>;
  /** Min and max over the cars matching every refinement except this range's own. */
  rangeStats: Record<RangeFacet, NumericRange>;
  count: number;
  page: number;
  pages: number;
  hitsPerPage: number;
  /** Time the engine took, milliseconds. */
  ms: number;
}

/** Site-level visibility inputs (spec 4), taken from the site config. */
export interface VisibilityOptions {
  /** Cars sold within this many days stay listed (default 3). */
  includeSoldDays: number;
  excludedStockNumbers: string[];
  /** Filter out cars with no price when sorting by lowest price (spec 5, site option). */
  priceAboveZeroOnPriceAsc: boolean;
  /** "Now", epoch ms; injected so tests are deterministic. */
  now: number;
}
