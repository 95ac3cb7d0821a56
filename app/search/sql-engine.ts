/**
 * The SQL search engine: the same {@link SearchQuery} -> {@link SearchResult} contract as the
 * read model (spec 2.2, 4, 5 "Search and sliders", 9 "Search"), answered by plain SQL over one
 * flat table of search documents in PostgreSQL or PGlite. It exists to measure the read model
 * against (`npm run bench:search`, decision 040) and to check that both give identical answers;
 * the site's pages use the read model.
 *
 * Disjunctive facets as SQL: one `WITH base AS MATERIALIZED (...)` over the rules every count
 * obeys (visibility, exclusions, text, price > 0 option), then one `GROUP BY` per facet that
 * applies every refinement except the facet's own, all in one `UNION ALL` statement; the hits
 * are a second statement with `ORDER BY ... LIMIT ... OFFSET`.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  assertValidSearchQuery,
  compareFacetValues,
  facetLabel,
  facetValueOf,
  fieldTokens,
  isActiveRange,
  normaliseStockNumber,
  parseTextQuery,
  refinedValues,
  requiresPositivePrice,
  searchableFields,
  soldCutoff,
} from "./semantics.ts";
import {
  LIST_FACETS,
  RANGE_FACETS,
  type FacetValue,
  type ListFacet,
  type NumericRange,
  type RangeFacet,
  type SearchDoc,
  type SearchQuery,
  type SearchResult,
  type SortBy,
  type VisibilityOptions,
} from "./types.ts";

/** An engine whose answers arrive asynchronously (the database is another process or a WASM heap). */
export interface AsyncSearchEngine {
  /** Same contract as SearchEngine.search in semantics.ts. */
  search(query: SearchQuery, visibility: VisibilityOptions): Promise<SearchResult>;
}

const col = (facet: ListFacet) => sql.identifier(`f_${facet}`);
const RANGE_COLUMN: Record<RangeFacet, string> = { price: "price", km: "km", year: "year" };

const ORDER_BY: Record<SortBy, string> = {
  relevance: "custom_rank DESC NULLS LAST, created_at DESC NULLS LAST, id ASC",
  latest: "created_at DESC NULLS LAST, id ASC",
  price_desc: "price DESC NULLS LAST, id ASC",
  price_asc: "price ASC NULLS LAST, id ASC",
  subscription_price: "subscription_price ASC NULLS LAST, id ASC",
  km: "km ASC NULLS LAST, id ASC",
};

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return (result as { rows: Record<string, unknown>[] }).rows;
}

function num(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Plain SQL over a flat `search_docs`-shaped table; see the module header. */
export class SqlSearchEngine implements AsyncSearchEngine {
  private constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly dealershipNames: Map<string, string>,
  ) {}

  /**
   * Creates (or replaces) the table `table` and loads `docs` into it, 1,000 rows per INSERT.
   * @param table an unquoted SQL identifier, e.g. "bench_search_docs".
   * @returns the engine over that table.
   */
  static async build(db: Database, table: string, docs: readonly SearchDoc[]): Promise<SqlSearchEngine> {
    const t = sql.identifier(table);
    await db.execute(sql`DROP TABLE IF EXISTS ${t}`);
    await db.execute(sql`CREATE TABLE ${t} (
      ord integer NOT NULL, id integer NOT NULL, doc jsonb NOT NULL, stock_norm text NOT NULL,
      show boolean NOT NULL, status text NOT NULL, sold_at double precision, tokens text[] NOT NULL,
      f_make text, f_model text, f_body text, f_fuel text, f_drive text, f_transmission text, f_colour text,
      f_seats text, f_city text, f_state text, f_dealership text, f_car_type text, f_item_type text, f_tag text,
      f_certified text, price double precision, km double precision, year double precision,
      subscription_price double precision, created_at double precision, custom_rank double precision)`);
    for (let start = 0; start < docs.length; start += 1000) {
      const rows = docs.slice(start, start + 1000).map((d, i) => {
        const tokens = [...new Set(searchableFields(d).flatMap((f) => (f ? fieldTokens(f) : [])))].join(" ");
        const facets = LIST_FACETS.map((f) => sql`${facetValueOf(d, f)}`);
        return sql`(${start + i}, ${d.id}, ${JSON.stringify(d)}::jsonb, ${normaliseStockNumber(d.stockNumber)}, ${d.showOnDealerWebsite},
          ${d.status}, ${d.soldAt}::double precision, string_to_array(${tokens}, ' '), ${sql.join(facets, sql`, `)},
          ${d.price}::double precision, ${d.km}::double precision, ${d.year}::double precision, ${d.subscriptionPrice}::double precision,
          ${d.createdAt}::double precision, ${d.customRank}::double precision)`;
      });
      const columns = sql.raw(
        ["ord", "id", "doc", "stock_norm", "show", "status", "sold_at", "tokens", ...LIST_FACETS.map((f) => `f_${f}`), "price", "km", "year", "subscription_price", "created_at", "custom_rank"].join(", "),
      );
      await db.execute(sql`INSERT INTO ${t} (${columns}) VALUES ${sql.join(rows, sql`, `)}`);
    }
    await db.execute(sql`ANALYZE ${t}`);
    const names = rowsOf(
      await db.execute(sql`SELECT DISTINCT ON (f_dealership) f_dealership AS slug, doc->>'dealershipName' AS name FROM ${t}
        WHERE f_dealership IS NOT NULL AND coalesce(doc->>'dealershipName', '') <> '' ORDER BY f_dealership, ord`),
    );
    return new SqlSearchEngine(db, table, new Map(names.map((r) => [String(r.slug), String(r.name)])));
  }

  /** See SearchEngine.search (semantics.ts); `ms` is wall time including the round trips. */
  async search(query: SearchQuery, visibility: VisibilityOptions): Promise<SearchResult> {
    const started = performance.now();
    assertValidSearchQuery(query, visibility);
    const t = sql.identifier(this.table);
    const text = parseTextQuery(query.query);
    const excluded = visibility.excludedStockNumbers.map(normaliseStockNumber);

    const base: SQL[] = [
      sql`show`,
      sql`(status IN ('in_stock', 'coming_soon') OR (status = 'sold' AND sold_at IS NOT NULL AND sold_at >= ${soldCutoff(visibility)}::double precision))`,
    ];
    if (excluded.length) base.push(sql`NOT (stock_norm IN (${sql.join(excluded.map((e) => sql`${e}`), sql`, `)}))`);
    if (text.prefix !== null) {
      for (const token of text.exact) base.push(sql`${token} = ANY(tokens)`);
      base.push(sql`EXISTS (SELECT 1 FROM unnest(tokens) AS tok WHERE starts_with(tok, ${text.prefix}))`);
    }
    if (requiresPositivePrice(query, visibility)) base.push(sql`(f_car_type IS DISTINCT FROM 'used' OR price > 0)`);

    const conditions: { facet: ListFacet | RangeFacet; cond: SQL }[] = [];
    for (const facet of LIST_FACETS) {
      const values = refinedValues(query, facet);
      if (values.length) conditions.push({ facet, cond: sql`${col(facet)} IN (${sql.join(values.map((v) => sql`${v}`), sql`, `)})` });
    }
    for (const facet of RANGE_FACETS) {
      const range = query.ranges[facet];
      if (!isActiveRange(range)) continue;
      const c = sql.identifier(RANGE_COLUMN[facet]);
      const parts = [sql`${c} IS NOT NULL`];
      if (range.min !== null) parts.push(sql`${c} >= ${range.min}::double precision`);
      if (range.max !== null) parts.push(sql`${c} <= ${range.max}::double precision`);
      conditions.push({ facet, cond: sql.join(parts, sql` AND `) });
    }
    const allBut = (skip: ListFacet | RangeFacet | null): SQL => {
      const parts = conditions.filter((c) => c.facet !== skip).map((c) => c.cond);
      return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
    };

    const selects: SQL[] = [sql`SELECT 'count' AS f, NULL::text AS v, count(*) AS c, NULL::double precision AS mn, NULL::double precision AS mx FROM base WHERE ${allBut(null)}`];
    for (const facet of LIST_FACETS) {
      selects.push(sql`SELECT ${facet}, ${col(facet)}, count(*), NULL, NULL FROM base WHERE ${col(facet)} IS NOT NULL AND ${allBut(facet)} GROUP BY ${col(facet)}`);
    }
    for (const facet of RANGE_FACETS) {
      const c = sql.identifier(RANGE_COLUMN[facet]);
      selects.push(sql`SELECT ${`range:${facet}`}, NULL, NULL, min(${c}), max(${c}) FROM base WHERE ${allBut(facet)}`);
    }
    const baseWhere = sql.join(base, sql` AND `);
    const columns = sql.raw(["id", ...LIST_FACETS.map((f) => `f_${f}`), "price", "km", "year"].join(", "));
    const baseCte = sql`WITH base AS MATERIALIZED (SELECT ${columns} FROM ${t} WHERE ${baseWhere})`;
    const offset = (query.page - 1) * query.hitsPerPage;
    const [facetRows, hitRows] = await Promise.all([
      this.db.execute(sql`${baseCte} ${sql.join(selects, sql` UNION ALL `)}`).then(rowsOf),
      this.db
        .execute(sql`SELECT doc FROM ${t} WHERE ${baseWhere} AND ${allBut(null)} ORDER BY ${sql.raw(ORDER_BY[query.sortBy])} LIMIT ${query.hitsPerPage} OFFSET ${offset}`)
        .then(rowsOf),
    ]);

    let count = 0;
    const facets = Object.fromEntries(LIST_FACETS.map((f) => [f, [] as FacetValue[]])) as Record<ListFacet, FacetValue[]>;
    const rangeStats = {} as Record<RangeFacet, NumericRange>;
    for (const row of facetRows) {
      const f = String(row.f);
      if (f === "count") count = Number(row.c);
      else if (f.startsWith("range:")) rangeStats[f.slice(6) as RangeFacet] = { min: num(row.mn), max: num(row.mx) };
      else {
        const facet = f as ListFacet;
        const value = String(row.v);
        facets[facet].push({ value, label: facetLabel(facet, value, this.dealershipNames.get(value)), count: Number(row.c) });
      }
    }
    for (const facet of LIST_FACETS) {
      for (const value of refinedValues(query, facet)) {
        if (!facets[facet].some((v) => v.value === value)) facets[facet].push({ value, label: facetLabel(facet, value, this.dealershipNames.get(value)), count: 0 });
      }
      facets[facet].sort((a, b) => compareFacetValues(facet, a, b));
    }
    const hits = hitRows.map((r) => (typeof r.doc === "string" ? JSON.parse(r.doc) : r.doc) as SearchDoc);
    return {
      hits,
      facets,
      rangeStats,
      count,
      page: query.page,
      pages: Math.ceil(count / query.hitsPerPage),
      hitsPerPage: query.hitsPerPage,
      ms: performance.now() - started,
    };
  }
}
