/**
 * `npm run bench:scale-reads` (issue 54; decisions 370 and 371): what two per-request reads cost
 * at a national deployment's size, before and after, on PostgreSQL (DATABASE_URL is required).
 *
 * Makes its own database on DATABASE_URL's server (BENCH_DB, default h54_scale_reads_{dead every}; kept for a
 * re-run, `--fresh` drops it first) with BENCH_SITES sites (default 5,000) and BENCH_LEADS leads
 * (default 1,000,000; a quarter on the busiest site, the rest spread over the others), each lead
 * with an e-mail delivery, and one in BENCH_DEAD_EVERY (default 100,000, as the national set)
 * with a dead e-mail and another one with a dead webhook, by `INSERT … SELECT generate_series`
 * (secondary indexes made after the load) and ANALYZE. Then, BENCH_RUNS (3) rounds of BENCH_REPEAT
 * (30) executions each, it prints min / median / max of the rounds' medians (ms, client time):
 * - leads export page of 1,000 and inbox page of 50 (busiest site): the page's query with the
 *   per-row count of dead deliveries it had before, against the page's query plus the grouped
 *   count of decision 370 (the statements the services send, recorded through Drizzle's logger);
 * - the page cache's version read: every site's rows, against the page's own site's (and a
 *   25-site group's) by id (decision 371);
 * - the site list: every site read and validated (`listSites`), against one site (`reloadSites`).
 * A benchmark, not a test: nothing fails on timings.
 */
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { loadavg } from "node:os";
import * as schema from "../db/schema/index";
import { openDatabase, type Database } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { exportLeads, listLeads, type LeadViewer } from "../app/console/leads.server";
import { listSites } from "../app/services/sites.server";
import { SiteVersionReader } from "../server/page-cache";
import { formatSpread, spread } from "./bench/lib";
import { secondaryIndexes } from "./bench/scale-seed";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("bench:scale-reads needs PostgreSQL: set DATABASE_URL");
  process.exit(1);
}
/** One lead in this many has a dead e-mail delivery, and one a dead webhook (the national set: 100,000). */
const DEAD_EVERY = Number(process.env.BENCH_DEAD_EVERY ?? 100_000);
const NAME = process.env.BENCH_DB ?? `h54_scale_reads_${DEAD_EVERY}`;
const SITES = Number(process.env.BENCH_SITES ?? 5_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
if (process.argv.includes("--fresh")) await admin.query(`drop database if exists ${NAME} with (force)`);
const exists = (await admin.query("select 1 from pg_database where datname = $1", [NAME])).rowCount;
if (!exists) await admin.query(`create database ${NAME}`);
await admin.end();
const own = new URL(url);
own.pathname = `/${NAME}`;
const handle = await openDatabase({ url: own.toString(), poolSize: 2 });
const pool = new pg.Pool({ connectionString: own.toString(), max: 2 });
try {
  if (!exists) {
    await migrateDatabase(handle);
    console.error(`seeding ${SITES} sites and ${LEADS} leads into ${NAME}`);
    await pool.query(`
      insert into dealer_groups (slug, name) select 'reads-g' || g, 'Reads group ' || g from generate_series(1, ${Math.ceil(SITES / 25)}) g;
      insert into sites (slug, name, dealer_group_id, config)
        select 'reads-' || n, 'Reads site ' || n, (select id from dealer_groups where slug = 'reads-g' || (1 + (n - 1) / 25)), '{"search": {"groupSearch": "group"}}'
        from generate_series(1, ${SITES}) n;
    `);
    // As the national seed does: secondary indexes dropped for the load and made again after.
    const indexes = [...(await secondaryIndexes(pool, "leads")), ...(await secondaryIndexes(pool, "lead_deliveries"))];
    for (const index of indexes) await pool.query(`drop index ${index.name}`);
    await pool.query(`
      insert into leads (site_id, submission_key, form, category, first_name, email, payload, created_at, status)
        select case when g % 4 = 0 then (select id from sites where slug = 'reads-1') else (select min(id) from sites) + (g % ${SITES}) end,
          'k' || g, 'enquiry', 'Vehicle Enquiry', 'Sam', 'sam@example.com.au', '{"source": "website"}',
          now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second', (array['new', 'contacted', 'won', 'lost'])[1 + g % 4]
        from generate_series(1, ${LEADS}) g;
      insert into lead_deliveries (lead_id, site_id, channel, target, status, attempts, next_attempt_at, created_at)
        select id, site_id, 'email', 'sales@example.com.au', case when id % ${DEAD_EVERY} = 0 then 'dead' else 'sent' end, 1, created_at, created_at from leads;
      insert into lead_deliveries (lead_id, site_id, channel, target, status, attempts, next_attempt_at, created_at)
        select id, site_id, 'webhook', 'http://127.0.0.1:9/hook', 'dead', 8, created_at, created_at from leads where id % ${DEAD_EVERY} = 7;
    `);
    for (const index of indexes) await pool.query(index.def);
    for (const table of ["leads", "lead_deliveries", "sites"]) await pool.query(`vacuum analyze ${table}`);
  }
  const sites = await listSites(handle.db);
  const busiest = sites.find((s) => s.slug === "reads-1")!;
  const viewer: LeadViewer = { scoped: { site: { id: busiest.id, slug: busiest.slug, name: busiest.name, hosts: busiest.hosts, dealerGroupId: busiest.dealerGroup?.id ?? null }, reach: "all", locationIds: [] }, personal: true };
  const { rows: size } = await pool.query<{ leads: number; deliveries: number; site: number }>("select (select count(*)::int from leads) as leads, (select count(*)::int from lead_deliveries) as deliveries, (select count(*)::int from leads where site_id = $1) as site", [busiest.id]);

  // The statements the services send now, and the page's statement with the per-row count it had.
  let into: { sql: string; params: unknown[] }[] | null = null;
  const logged = drizzle(pool, { schema, logger: { logQuery: (sql, params) => into?.push({ sql, params }) } }) as unknown as Database;
  const record = async (run: () => Promise<unknown>) => {
    const out: { sql: string; params: unknown[] }[] = [];
    into = out;
    await run();
    into = null;
    return out;
  };
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const exportNow = await record(async () => {
    for await (const _page of exportLeads(logged, viewer, { from: yearAgo }, "Australia/Sydney")) break;
  });
  const inboxNow = await record(() => listLeads(logged, viewer, {}, "Australia/Sydney"));
  const before = (statement: { sql: string; params: unknown[] }) => ({
    sql: statement.sql.replace(/^select /, `select (select count(*)::int from "lead_deliveries" where "lead_deliveries"."lead_id" = "leads"."id" and "lead_deliveries"."status" = 'dead'), `),
    params: statement.params,
  });
  const run = (statements: { sql: string; params: unknown[] }[]) => async () => {
    for (const s of statements) await pool.query(s.sql, s.params as unknown[]);
  };
  const group = sites.filter((s) => s.dealerGroup?.id === busiest.dealerGroup?.id).map((s) => s.id);
  const reader = new SiteVersionReader(handle.db);
  const cases: { name: string; run: () => Promise<unknown> }[] = [
    { name: `export page of 1,000 leads: page + per-row count (before)`, run: run([before(exportNow[0])]) },
    { name: `export page of 1,000 leads: page, then one grouped count (now)`, run: run(exportNow) },
    { name: `inbox page of 50 leads: page + per-row count (before)`, run: run([before(inboxNow[0])]) },
    { name: `inbox page of 50 leads: page, then one grouped count (now)`, run: run(inboxNow) },
    { name: `site versions: every site's (before, each page)`, run: () => reader.read() },
    { name: `site versions: the page's site (now)`, run: () => reader.read([busiest.id]) },
    { name: `site versions: a group member and its ${group.length - 1} sisters (now)`, run: () => reader.read(group) },
    { name: `site list: every site read and validated (before, each version change)`, run: () => listSites(handle.db) },
    { name: `site list: the changed site only (now, reloadSites)`, run: () => listSites(handle.db, [busiest.id]) },
  ];
  if (exportNow.length !== 2 || inboxNow.length !== 2) throw new Error(`expected two statements a page, got ${exportNow.length} and ${inboxNow.length}`);
  const medians = cases.map(() => [] as number[]);
  for (const c of cases) for (let i = 0; i < 3; i++) await c.run(); // warm the cache and the plans
  for (let round = 0; round < RUNS; round++) {
    for (const [i, c] of cases.entries()) {
      const times: number[] = [];
      for (let r = 0; r < REPEAT; r++) {
        const started = performance.now();
        await c.run();
        times.push(performance.now() - started);
      }
      medians[i].push(spread(times).median);
    }
  }
  console.log(`\nbench:scale-reads: ${sites.length.toLocaleString("en-AU")} sites, ${size[0].leads.toLocaleString("en-AU")} leads (${size[0].site.toLocaleString("en-AU")} on the busiest site), ${size[0].deliveries.toLocaleString("en-AU")} deliveries; ${RUNS} rounds x ${REPEAT}; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  console.log("| read | ms (min / median / max of the rounds' medians) |");
  console.log("|---|---|");
  for (const [i, c] of cases.entries()) console.log(`| ${c.name} | ${formatSpread(spread(medians[i]), 2)} |`);
} finally {
  await pool.end();
  await handle.close();
}
