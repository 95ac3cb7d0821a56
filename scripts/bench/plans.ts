/**
 * EXPLAIN of the hot queries (issue 54 item 6): runs `EXPLAIN (ANALYZE, BUFFERS)` of a recorded
 * statement (a write inside a transaction that is rolled back), and judges it: a sequential scan
 * of a table over {@link SEQ_SCAN_LIMIT_ROWS} rows on a request path or in a worker's loop fails.
 */
import type pg from "pg";
import type { CapturedStatement, HotQuery } from "./hot-queries";

/** Tables above this many rows (pg_class.reltuples) must not be read whole by a hot query (issue 54). */
export const SEQ_SCAN_LIMIT_ROWS = 100_000;

/** One statement's plan and what it shows. */
export interface PlanReport {
  text: string;
  /** Tables read by a Seq Scan node (any kind: parallel too). */
  seqScans: string[];
  executionMs: number;
  planningMs: number;
  /** Rows the top node returned. */
  rows: number;
  /** Shared buffers hit and read (8 KB pages), of the whole statement. */
  hit: number;
  read: number;
}

/** A hot query's verdict. */
export interface QueryVerdict {
  query: HotQuery;
  plans: PlanReport[];
  /** Tables over the limit that a plan reads whole. */
  bigSeqScans: string[];
  ok: boolean;
  verdict: string;
}

/** Tables read by a Seq Scan in an EXPLAIN (FORMAT JSON) plan tree. */
export function seqScanTables(node: { "Node Type"?: unknown; "Relation Name"?: unknown; Plans?: unknown }): string[] {
  const own = node["Node Type"] === "Seq Scan" && typeof node["Relation Name"] === "string" ? [node["Relation Name"]] : [];
  return [...own, ...((node.Plans ?? []) as (typeof node)[]).flatMap(seqScanTables)];
}

/**
 * Runs EXPLAIN of `statement` on a connection of `pool`, twice (the first warms the cache; the
 * second is reported), inside a transaction that is rolled back.
 */
export async function explainStatement(pool: pg.Pool, statement: CapturedStatement): Promise<PlanReport> {
  const client = await pool.connect();
  try {
    const run = async (format: "text" | "json") => {
      await client.query("begin");
      try {
        const { rows } = await client.query(`explain (analyze, buffers, format ${format}) ${statement.sql}`, statement.params as unknown[]);
        return rows;
      } finally {
        await client.query("rollback");
      }
    };
    await run("text");
    const json = (await run("json"))[0]["QUERY PLAN"][0] as { Plan: Record<string, unknown> & { "Actual Rows": number; "Shared Hit Blocks": number; "Shared Read Blocks": number }; "Execution Time": number; "Planning Time": number };
    const text = (await run("text")).map((r) => r["QUERY PLAN"] as string).join("\n");
    return {
      text,
      seqScans: [...new Set(seqScanTables(json.Plan as Parameters<typeof seqScanTables>[0]))],
      executionMs: json["Execution Time"],
      planningMs: json["Planning Time"],
      rows: json.Plan["Actual Rows"],
      hit: json.Plan["Shared Hit Blocks"],
      read: json.Plan["Shared Read Blocks"],
    };
  } finally {
    client.release();
  }
}

/** Estimated rows of each table (pg_class.reltuples, as of the last ANALYZE). */
export async function tableRows(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ name: string; rows: number }>("select relname as name, greatest(reltuples, 0)::float8 as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace");
  return new Map(rows.map((r) => [r.name, Number(r.rows)]));
}

/** EXPLAINs every statement of every query and gives each its verdict. */
export async function judgeHotQueries(pool: pg.Pool, queries: HotQuery[]): Promise<QueryVerdict[]> {
  const sizes = await tableRows(pool);
  const out: QueryVerdict[] = [];
  for (const query of queries) {
    const plans: PlanReport[] = [];
    for (const statement of query.statements) plans.push(await explainStatement(pool, statement));
    const big = [...new Set(plans.flatMap((p) => p.seqScans).filter((t) => (sizes.get(t) ?? 0) > SEQ_SCAN_LIMIT_ROWS))];
    const small = [...new Set(plans.flatMap((p) => p.seqScans).filter((t) => (sizes.get(t) ?? 0) <= SEQ_SCAN_LIMIT_ROWS))];
    const fails = big.length > 0 && query.path !== "operational";
    const size = (t: string) => `${t} (${Math.round(sizes.get(t) ?? 0).toLocaleString("en-AU")} rows)`;
    const verdict = big.length
      ? `${fails ? "FAIL" : "note"}: seq scan of ${big.map(size).join(", ")}${fails ? "" : " (operations, not a request path)"}`
      : small.length ? `OK: no large table read whole (seq scan only of small ${small.map(size).join(", ")})` : "OK: index access only";
    out.push({ query, plans, bigSeqScans: big, ok: !fails, verdict });
  }
  return out;
}
