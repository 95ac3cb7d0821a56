/**
 * `npm run explain:hot` (issue 54 item 6): `EXPLAIN (ANALYZE, BUFFERS)` of every hot query, as
 * the services send it (scripts/bench/hot-queries.ts), against the scale database that
 * `npm run bench:scale -- --only seed` made (SCALE_DATABASE_URL, default h54scale_bench on the
 * local PostgreSQL). Writes docs/operations/query-plans.md (EXPLAIN_OUT overrides) with each plan,
 * its rows, buffers and time, and its verdict, and exits 1 when a query on a request path or in a
 * worker's loop reads a table of over 100,000 rows with a sequential scan.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import { getSiteBySlug } from "../app/services/sites.server";
import { openDatabase } from "../db/client";
import { scaleDatabaseUrl } from "./bench/scale-args";
import { captureHotQueries } from "./bench/hot-queries";
import { judgeHotQueries, SEQ_SCAN_LIMIT_ROWS, tableRows, type QueryVerdict } from "./bench/plans";
import { databaseName, SCALE_SLUGS } from "./bench/scale-seed";

const url = scaleDatabaseUrl();
const out = process.env.EXPLAIN_OUT ?? "docs/operations/query-plans.md";
const pool = new pg.Pool({ connectionString: url, max: 2 });
const handle = await openDatabase({ url, poolSize: 1 });
try {
  const { rows: largest } = await pool.query<{ slug: string }>("select s.slug from sites s join cars c on c.site_id = s.id where s.slug like 'scale-%' group by s.slug order by count(*) desc limit 1");
  const small = (await getSiteBySlug(handle.db, SCALE_SLUGS.site200)) ?? (await getSiteBySlug(handle.db, "perth-toyota"));
  const large = await getSiteBySlug(handle.db, largest[0].slug);
  if (!small || !large) throw new Error(`${databaseName(url)} has no ${SCALE_SLUGS.site200} (run npm run bench:scale -- --only seed)`);
  const sizes = await tableRows(pool);
  const verdicts = await judgeHotQueries(pool, await captureHotQueries(pool, { small, large }));
  const { rows: version } = await pool.query<{ v: string }>("select current_setting('server_version') as v");
  const counted = (t: string) => Math.round(sizes.get(t) ?? 0).toLocaleString("en-AU");
  const cars = Number((await pool.query("select count(*)::int as n from cars where site_id = $1", [large.id])).rows[0].n);
  writeFileSync(out, report(verdicts, { version: version[0].v, sizes: ["sites", "cars", "leads", "lead_deliveries", "reservations", "site_redirects", "locations"].map((t) => `${t} ${counted(t)}`).join(", "), small: small.slug, large: `${large.slug} (${cars.toLocaleString("en-AU")} cars)` }));
  for (const v of verdicts) console.log(`${v.ok ? "ok  " : "FAIL"} ${v.query.name}: ${v.verdict} (${v.plans.map((p) => `${p.executionMs.toFixed(2)} ms`).join(", ")})`);
  console.log(`wrote ${out}`);
  if (verdicts.some((v) => !v.ok)) {
    console.error(`FAIL: a hot query reads a table of over ${SEQ_SCAN_LIMIT_ROWS.toLocaleString("en-AU")} rows whole`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
  await pool.end();
}

/** Plan text without the long per-node detail lines that say nothing about access paths. */
function trimmed(text: string): string {
  const lines = text.split("\n").filter((l) => !/^\s*(Output|Sort Key|Presorted Key|Hash Cond|Filter|Rows Removed|Index Cond|Recheck Cond|Heap Blocks|Join Filter|Sort Method|Group Key|Planning:|Buffers|Worker|I\/O Timings)/.test(l.trim()) || /Index Cond|Filter|Buffers: shared/.test(l));
  const cut = lines.map((l) => (l.length > 180 ? `${l.slice(0, 177)}...` : l));
  return cut.length > 45 ? [...cut.slice(0, 45), `... (${cut.length - 45} more lines)`].join("\n") : cut.join("\n");
}

function report(verdicts: QueryVerdict[], about: { version: string; sizes: string; small: string; large: string }): string {
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const lines = [
    "# Query plans of the hot queries at national scale",
    "",
    `Written by \`npm run explain:hot\` (scripts/explain-hot.ts) on ${when} UTC, PostgreSQL ${about.version}, database \`${databaseName(url)}\` seeded by`,
    "`npm run bench:scale -- --only seed` (decision 362): " + about.sizes + ".",
    `The small site is \`${about.small}\`; the large site (most cars, most leads) is \`${about.large}\`. Load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} (a shared 2-core machine: times are indicative).`,
    "",
    "Each statement is the one the service sends (recorded through Drizzle's logger while the service runs; see",
    "scripts/bench/hot-queries.ts), explained with `EXPLAIN (ANALYZE, BUFFERS)` after one warm-up run; statements that write",
    "are explained inside a transaction that is rolled back. A query on a request path or in a worker's loop that reads a table of",
    `over ${SEQ_SCAN_LIMIT_ROWS.toLocaleString("en-AU")} rows with a sequential scan fails the script (exit 1). Plans below leave out`,
    "sort keys, join conditions and similar detail lines; index conditions, filters and buffers stay.",
    "",
    "| query | path | rows | buffers hit / read | time ms | verdict |",
    "|---|---|---|---|---|---|",
    ...verdicts.map((v) => `| ${v.query.name} | ${v.query.path} | ${v.plans.map((p) => p.rows).join(", ")} | ${v.plans.map((p) => `${p.hit} / ${p.read}`).join(", ")} | ${v.plans.map((p) => p.executionMs.toFixed(2)).join(", ")} | ${v.verdict} |`),
    "",
  ];
  for (const v of verdicts) {
    lines.push(`## ${v.query.name}`, "", `${v.query.source} (${v.query.path}${v.query.writes ? ", writes: explained and rolled back" : ""}). ${v.verdict}.`, "");
    for (const [i, p] of v.plans.entries()) {
      const statement = v.query.statements[i];
      const sql = statement.sql.length > 700 ? `${statement.sql.slice(0, 700)}...` : statement.sql;
      lines.push("```sql", sql, "```", "", `Planning ${p.planningMs.toFixed(2)} ms, execution ${p.executionMs.toFixed(2)} ms, ${p.rows} rows, shared buffers ${p.hit} hit / ${p.read} read.`, "", "```", trimmed(p.text), "```", "");
    }
  }
  return lines.join("\n");
}
