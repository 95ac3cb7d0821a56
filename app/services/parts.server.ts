/**
 * Parts and accessories (spec 2.1 parts row, 2.6 "accessories landing copy and model pages with
 * 'View Accessories'", spec 3 "a third [search] works on categories and price within a
 * dealership"): the site's parts catalogue, searched on /parts/search and listed per model on
 * /{model slug}/accessories.
 */
import { and, asc, eq, gte, ilike, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { cars, parts } from "../../db/schema/index";
import { parseDbId } from "~/domain/db-id";
import { slugify } from "~/import/normalise";
import type { Site } from "~/sites/site";

/** A part as pages show it. `price` whole dollars incl. GST (null: price on request). */
export interface PartView {
  id: number;
  partNumber: string;
  name: string;
  category: string;
  description: string;
  price: number | null;
  modelName: string | null;
}

const dollars = z
  .string()
  .trim()
  .regex(/^\d{0,7}$/, "Prices are whole dollars, e.g. 50.")
  .transform((v) => (v === "" ? null : Number(v)));

/**
 * Spec 3 parts search parameters (URL query of /parts/search): `query` free text over name, part
 * number, category and description; `category` exact; `location` a dealership (location id);
 * `min_price` / `max_price` whole dollars, either optional.
 */
export const PartsSearchSchema = z.object({
  query: z.string().trim().max(100, "Please use at most 100 characters.").default(""),
  category: z.string().trim().max(100).default(""),
  location: z
    .string()
    .trim()
    .refine((v) => v === "" || parseDbId(v) !== null, "dealership must be a location id")
    .transform((v) => (v === "" ? null : parseDbId(v)))
    .prefault(""),
  /** Lowest price, whole dollars. */
  min_price: dollars.prefault(""),
  /** Highest price, whole dollars. */
  max_price: dollars.prefault(""),
});
export type PartsSearch = z.output<typeof PartsSearchSchema>;

function toView(r: typeof parts.$inferSelect): PartView {
  return { id: r.id, partNumber: r.partNumber, name: r.name, category: r.category, description: r.description, price: r.price, modelName: r.modelName };
}

/**
 * Searches the site's parts (spec 3): parts held at the chosen dealership (or at every one of the
 * site's dealerships: `locationId` null), in the category, inside the price range, matching the text.
 * @returns at most 100 parts, by category then name
 */
export async function searchParts(db: Database, site: Site, search: PartsSearch): Promise<PartView[]> {
  const conditions = [eq(parts.siteId, site.id)];
  if (search.query) {
    const pattern = `%${search.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(parts.name, pattern), ilike(parts.partNumber, pattern), ilike(parts.category, pattern), ilike(parts.description, pattern), ilike(sql`coalesce(${parts.modelName}, '')`, pattern))!);
  }
  if (search.category) conditions.push(eq(parts.category, search.category));
  if (search.location !== null) conditions.push(or(eq(parts.locationId, search.location), isNull(parts.locationId))!);
  if (search.min_price !== null) conditions.push(gte(parts.price, search.min_price));
  if (search.max_price !== null) conditions.push(lte(parts.price, search.max_price));
  const rows = await db.select().from(parts).where(and(...conditions)).orderBy(asc(parts.category), asc(parts.name)).limit(100);
  return rows.map(toView);
}

/** The site's part categories, alphabetically. */
export async function listPartCategories(db: Database, site: Site): Promise<string[]> {
  const rows = await db.selectDistinct({ category: parts.category }).from(parts).where(eq(parts.siteId, site.id)).orderBy(asc(parts.category));
  return rows.map((r) => r.category);
}

/** Models with accessories on the site (the accessories landing's 'View Accessories' list). */
export async function listAccessoryModels(db: Database, site: Site): Promise<{ slug: string; name: string; count: number }[]> {
  const rows = await db
    .select({ slug: parts.modelSlug, name: sql<string>`min(${parts.modelName})`, count: sql<number>`count(*)::int` })
    .from(parts)
    .where(and(eq(parts.siteId, site.id), sql`${parts.modelSlug} is not null`))
    .groupBy(parts.modelSlug)
    .orderBy(asc(parts.modelSlug));
  return rows.map((r) => ({ slug: r.slug!, name: r.name, count: Number(r.count) }));
}

/**
 * The model page of /{model slug}/accessories: the model's name and its accessories. A model is
 * known when the site has accessories for it or it is in the site's listed stock.
 * @returns null for a model slug the site does not know (the route answers 404)
 */
export async function getModelAccessories(db: Database, site: Site, modelSlug: string): Promise<{ name: string; slug: string; accessories: PartView[] } | null> {
  const accessories = await db.select().from(parts).where(and(eq(parts.siteId, site.id), eq(parts.modelSlug, modelSlug))).orderBy(asc(parts.category), asc(parts.name));
  if (accessories.length) return { name: accessories[0].modelName ?? modelSlug, slug: modelSlug, accessories: accessories.map(toView) };
  const stock = await db
    .selectDistinct({ model: cars.model })
    .from(cars)
    .where(and(eq(cars.siteId, site.id), eq(cars.showOnDealerWebsite, true), inArray(cars.status, ["in_stock", "coming_soon"])));
  const match = stock.find((r) => slugify(r.model) === modelSlug);
  return match ? { name: match.model, slug: modelSlug, accessories: [] } : null;
}
