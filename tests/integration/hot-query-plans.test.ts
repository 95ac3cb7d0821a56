/**
 * Issue 54 item 6: no hot query reads a large table whole. A database of its own is seeded with
 * 300 sites, about 155,000 cars, 150,000 leads and their deliveries (generate_series, then
 * ANALYZE, so the planner has real statistics and a site's rows are a small share of a table),
 * and the statements the services send (scripts/bench/hot-queries.ts records them through
 * Drizzle's logger) are explained with `EXPLAIN (FORMAT JSON)`: no plan of a request path or a
 * worker's loop may hold a Seq Scan node on cars, leads or lead_deliveries. The assertion is on
 * node types, never on timings; `npm run explain:hot` does the same at national scale.
 *
 * PostgreSQL only: PGlite's planner is PostgreSQL's, but the point is the plans of the production
 * engine at a size PGlite in a test worker is not meant to hold.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { getSiteBySlug } from "../../app/services/sites.server";
import { captureHotQueries, type HotQuery } from "../../scripts/bench/hot-queries";
import { seqScanTables } from "../../scripts/bench/plans";

const url = process.env.DATABASE_URL;
interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const LARGE_TABLES = ["cars", "leads", "lead_deliveries"];

describe.skipIf(!url)(`hot query plans on PostgreSQL ${url ? "" : "-- skipped: needs PostgreSQL (DATABASE_URL); the plans checked are the production engine's"}`, () => {
  const name = `h54scale_plans_${process.pid}`;
  let admin: pg.Client;
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let queries: HotQuery[];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const own = new URL(url!);
    own.pathname = `/${name}`;
    handle = await openDatabase({ url: own.toString(), poolSize: 2 });
    await migrateDatabase(handle);
    pool = new pg.Pool({ connectionString: own.toString(), max: 2 });
    // The database is dropped at the end; a pooled connection closing then is expected.
    pool.on("error", () => {});
    await pool.query(`
      insert into dealer_groups (slug, name) values ('plans-group', 'Plans group');
      insert into sites (slug, name, dealer_group_id, config)
        select 'plans-' || n, 'Plans site ' || n, (select id from dealer_groups where slug = 'plans-group'), '{}' from generate_series(1, 300) n;
      insert into locations (site_id, name, slug, city, state, postcode, location_type, "primary")
        select id, name || ' yard', 'yard', 'Parramatta', 'NSW', '2150', 'sales', true from sites where slug like 'plans-%';
      -- plans-1 is the large site (6,000 cars, about 6,000 leads); the other 299 have 500 cars each.
      insert into cars (site_id, location_id, slug, name, stock_number, car_type, make, model, year, price, km, status, source_hash, created_at)
        select s.id, l.id, 'car-' || n, 'Car ' || n, 'S' || lpad(n::text, 6, '0'), (array['new', 'used', 'demo'])[1 + n % 3],
          (array['Toyota', 'Mazda', 'Ford', 'Kia'])[1 + n % 4], 'Model ' || (n % 9), 2015 + n % 10, 10000 + (n * 37) % 50000, (n * 101) % 150000,
          case when n % 25 = 0 then 'sold' else 'in_stock' end, 'h' || n, now() - (n % 120) * interval '1 day'
        from sites s join locations l on l.site_id = s.id
        cross join lateral generate_series(1, case when s.slug = 'plans-1' then 6000 else 500 end) n
        where s.slug like 'plans-%';
      insert into leads (site_id, submission_key, form, category, car_id, location_id, first_name, email, payload, created_at, status)
        select c.site_id, 'k' || c.id || '-' || k, 'enquiry', 'Vehicle Enquiry', c.id, c.location_id, 'Sam', 'sam@example.com.au', '{"source": "website"}',
          now() - ((c.id * 7 + k * 13) % 365) * interval '1 day', (array['new', 'contacted', 'won', 'lost'])[1 + (c.id + k) % 4]
        from cars c cross join generate_series(1, 1) k where c.id % 100 < 96;
      insert into lead_deliveries (lead_id, site_id, channel, target, status, attempts, next_attempt_at, created_at)
        select id, site_id, 'email', 'sales@example.com.au', case when id % 5000 = 0 then 'pending' when id % 500 = 7 then 'dead' else 'sent' end, 1, created_at, created_at from leads;
      -- One lead in 200 also has a webhook delivery that gave up (the inbox counts them per lead).
      insert into lead_deliveries (lead_id, site_id, channel, target, status, attempts, next_attempt_at, created_at)
        select id, site_id, 'webhook', 'http://127.0.0.1:9/hook', 'dead', 8, created_at, created_at from leads where id % 200 = 3;
      -- plans-2's leads older than 90 days were anonymised by an earlier run of the retention job.
      update leads set first_name = '(anonymised)', email = null, anonymised_at = now()
        where site_id = (select id from sites where slug = 'plans-2') and created_at < now() - interval '90 days';
      insert into site_redirects (site_id, from_path, to_path) select s.id, '/old/' || n, '/search' from sites s cross join generate_series(1, 20) n where s.slug like 'plans-%';
      analyze;
    `);
    const small = await getSiteBySlug(handle.db, "plans-2");
    const large = await getSiteBySlug(handle.db, "plans-1");
    queries = await captureHotQueries(pool, { small: small!, large: large! });
  }, 600_000);

  afterAll(async () => {
    await pool?.end();
    await handle?.close();
    // Closed connections leave the server a moment later: wait for them before dropping.
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  /** A statement's plan (EXPLAIN FORMAT JSON, not run; inside a transaction that is rolled back). */
  async function planOf(statement: { sql: string; params: unknown[] }): Promise<PlanNode> {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const { rows } = await client.query(`explain (format json) ${statement.sql}`, statement.params as unknown[]);
      await client.query("rollback");
      return rows[0]["QUERY PLAN"][0].Plan as PlanNode;
    } finally {
      client.release();
    }
  }
  const seqScans = async (statement: { sql: string; params: unknown[] }) => seqScanTables(await planOf(statement));
  const indexesOf = (node: PlanNode): string[] => [...(node["Index Name"] ? [node["Index Name"]] : []), ...(node.Plans ?? []).flatMap(indexesOf)];

  it("the seeded tables are large enough for the planner to prefer an index for one site", async () => {
    const { rows } = await pool.query<{ relname: string; n: number }>("select relname, reltuples::int as n from pg_class where relname = any($1)", [LARGE_TABLES]);
    for (const row of rows) expect(row.n, row.relname).toBeGreaterThan(100_000);
  });

  it("records every hot query of issue 54 item 6 from the services", () => {
    const names = queries.map((q) => q.name).join("\n");
    for (const part of ["VDP", "SRP: read-model load, first batch", "SRP: read-model load, next batch", "SRP: read-model change read, the site's car count", "SRP: read-model change read, the cars the last read did not see", "Sitemap", "Leads inbox", "Leads CSV export: keyset", "Deliveries due", "Reservations due", "Lead retention", "Site list", "Redirect"]) expect(names).toContain(part);
  });

  it("no plan on a request path or in a worker reads cars, leads or lead_deliveries with a Seq Scan", async () => {
    const found: string[] = [];
    for (const q of queries.filter((q) => q.path !== "operational")) {
      for (const statement of q.statements) {
        const big = (await seqScans(statement)).filter((t) => LARGE_TABLES.includes(t));
        if (big.length) found.push(`${q.name}: ${big.join(", ")}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the inbox and the export count a page's dead deliveries in one grouped statement over the page's ids, not one per lead, and their pages read no deliveries", async () => {
    for (const name of ["Leads inbox: dead deliveries", "Leads CSV export: dead deliveries"]) {
      const counts = queries.find((q) => q.name.startsWith(name))!;
      expect(counts.statements, name).toHaveLength(1);
      expect(counts.statements[0].sql).toMatch(/from "lead_deliveries" where .*"lead_deliveries"\."lead_id" = any\(\$1::text::int\[\]\).* group by "lead_deliveries"\."lead_id"$/);
      expect(await seqScans(counts.statements[0])).toEqual([]);
    }
    for (const q of queries.filter((q) => q.name.startsWith("Leads inbox: newest") || q.name.startsWith("Leads CSV export: a later page"))) expect(q.statements[0].sql).not.toContain("lead_deliveries");
  });

  it("the retention job reads only the leads not yet anonymised (migration 0043's partial index)", async () => {
    const retention = queries.find((q) => q.name.startsWith("Lead retention"))!;
    expect(indexesOf(await planOf(retention.statements[0]))).toContain("leads_site_created_not_anonymised");
  });

  it("the metrics scrape counts the unsent deliveries through the index; the check sees a Seq Scan where there is one (counting every delivery, as the scrape once did)", async () => {
    const scrape = queries.find((q) => q.path === "operational" && q.name.startsWith("Metrics scrape"))!;
    expect(await seqScans(scrape.statements[0])).toEqual([]);
    const everyDelivery = { sql: "select channel, status, count(*)::int from lead_deliveries group by 1, 2", params: [] };
    expect(await seqScans(everyDelivery)).toContain("lead_deliveries");
  });
});
