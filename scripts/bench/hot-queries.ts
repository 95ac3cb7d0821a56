/**
 * The hot queries of issue 54 item 6, taken from the services themselves: each entry calls the
 * real service function (VDP, SRP read-model load, sitemap, leads inbox and export, deliveries
 * due, reservations due, retention, site list, redirects) on a Drizzle handle whose logger records
 * the SQL and parameters it sends, so the plans checked are those of the statements the code
 * issues today, not hand-copied SQL. A statement that writes (claiming deliveries, expiring
 * reservations, anonymising leads) is recorded and not sent: the logger stops the service there,
 * and the plan is taken inside a transaction that is rolled back.
 *
 * Used by `npm run explain:hot` (scripts/explain-hot.ts) on the scale database and by
 * tests/integration/hot-query-plans.test.ts on a smaller seeded set.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as schema from "../../db/schema/index";
import type { Database } from "../../db/client";
import { exportLeads, listLeads, type LeadViewer } from "../../app/console/leads.server";
import { anonymiseExpiredLeads } from "../../app/console/leads.server";
import { getCarBySlug } from "../../app/services/cars.server";
import { claimDueJobs } from "../../app/services/lead-delivery.server";
import { findRedirect } from "../../app/services/redirects.server";
import { expireReservations, reservedCarIds } from "../../app/services/reservations.server";
import { loadSearchDocs, loadSiteSearchDocs } from "../../app/services/search.server";
import { listSites } from "../../app/services/sites.server";
import { countSitemapCars, sitemapCars } from "../../app/services/sitemap.server";
import type { Site } from "../../app/sites/site";
import type { PaymentsAdapter } from "../../app/adapters/payments/types";
import { SiteVersionReader } from "../../server/page-cache";

/** One SQL statement as a service sent it. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
}

/** Where a query runs: a shopper's or staff member's request, a background worker's loop, or operations (a scrape, a CLI). */
export type QueryPath = "request" | "worker" | "operational";

/** A hot query: what it is, where it runs, and its statements as the service sent them. */
export interface HotQuery {
  name: string;
  path: QueryPath;
  /** The service function (file: function) that sends it. */
  source: string;
  statements: CapturedStatement[];
  /** Whether the statement writes (its plan is taken inside a rolled-back transaction). */
  writes: boolean;
}

class StopCapture extends Error {}

/** The sites the queries are asked about: a small site, the largest (most cars, most leads). */
export interface HotQuerySites {
  small: Site;
  large: Site;
}

/**
 * Records the hot queries' statements by calling the services on `pool` (PostgreSQL).
 * @param sites the sites to ask about (their ids scope every query)
 * @throws what a service throws (other than the stop after a recorded write)
 */
export async function captureHotQueries(pool: pg.Pool, sites: HotQuerySites, now = Date.now()): Promise<HotQuery[]> {
  let recording: { pick: (sql: string) => boolean; stop: boolean; into: CapturedStatement[]; max: number } | null = null;
  const logger = {
    logQuery(query: string, params: unknown[]) {
      if (!recording || !recording.pick(query) || recording.into.length >= recording.max) return;
      recording.into.push({ sql: query, params });
      if (recording.stop) throw new StopCapture();
    },
  };
  const db = drizzle(pool, { schema, logger }) as unknown as Database;
  const out: HotQuery[] = [];
  const capture = async (q: Omit<HotQuery, "statements" | "writes">, run: () => Promise<unknown>, opts: { pick?: RegExp; writes?: boolean; max?: number } = {}) => {
    const into: CapturedStatement[] = [];
    recording = { pick: (s) => (opts.pick ? opts.pick.test(s) : true), stop: opts.writes ?? false, into, max: opts.max ?? 1 };
    try {
      await run();
    } catch (error) {
      if (!(error instanceof StopCapture)) throw error;
    } finally {
      recording = null;
    }
    if (!into.length) throw new Error(`${q.name}: the service sent no statement matching ${opts.pick}`);
    out.push({ ...q, statements: into, writes: opts.writes ?? false });
  };
  const { small, large } = sites;
  const consoleViewer = (site: Site): LeadViewer => ({ scoped: { site: { id: site.id, slug: site.slug, name: site.name, hosts: site.hosts, dealerGroupId: site.dealerGroup?.id ?? null }, reach: "all", locationIds: [] }, personal: true });
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  // Services that write are stopped before they send anything; they never reach the adapter.
  const noPayments = {} as PaymentsAdapter;

  await capture({ name: "VDP: car by slug", path: "request", source: "app/services/cars.server.ts getCarBySlug" }, async () => {
    const [row] = await pool.query<{ slug: string }>("select slug from cars where site_id = $1 order by id limit 1", [small.id]).then((r) => r.rows);
    await getCarBySlug(db, small, row.slug);
  });
  await capture({ name: "SRP: read-model load, first batch (largest site)", path: "request", source: "app/services/search.server.ts loadSearchDocs" }, () => loadSearchDocs(db, large), { pick: /from "cars"/, max: 1 });
  await capture({ name: "SRP: read-model load, next batch (largest site)", path: "request", source: "app/services/search.server.ts loadSearchDocs" }, async () => {
    await loadSearchDocs(db, large);
  }, { pick: /"cars"\."stock_number" > \$/, max: 1 });
  await capture({ name: "SRP: read-model change read, the site's car count and snapshot (largest site)", path: "request", source: "app/services/search.server.ts loadSiteSearchDocs" }, () => loadSiteSearchDocs(db, large), { pick: /pg_current_snapshot\(\)/, max: 1 });
  await capture({ name: "SRP: read-model change read, the cars the last read did not see (largest site)", path: "request", source: "app/services/search.server.ts loadSiteSearchDocs" }, async () => {
    const first = await loadSiteSearchDocs(db, large);
    await loadSiteSearchDocs(db, large, first);
  }, { pick: /"changed_xid" >= /, max: 1 });
  await capture({ name: "SRP: cars held by online reservations", path: "request", source: "app/services/reservations.server.ts reservedCarIds" }, () => reservedCarIds(db, large.id));
  await capture({ name: "Sitemap: count of listed cars (largest site)", path: "request", source: "app/services/sitemap.server.ts countSitemapCars" }, () => countSitemapCars(db, large));
  await capture({ name: "Sitemap: one page of 5,000 car URLs (largest site, page 2)", path: "request", source: "app/services/sitemap.server.ts sitemapCars" }, () => sitemapCars(db, large, 2, 5_000));
  await capture({ name: "Leads inbox: newest first (busiest site)", path: "request", source: "app/console/leads.server.ts listLeads" }, () => listLeads(db, consoleViewer(large), {}, "Australia/Sydney"));
  await capture({ name: "Leads inbox: one month, page 3 (busiest site)", path: "request", source: "app/console/leads.server.ts listLeads" }, () => listLeads(db, consoleViewer(large), { from: day(now - 60 * 86_400_000), to: day(now - 30 * 86_400_000), page: 3 }, "Australia/Sydney"));
  await capture({ name: "Leads inbox: status 'new' (busiest site)", path: "request", source: "app/console/leads.server.ts listLeads" }, () => listLeads(db, consoleViewer(large), { status: "new" }, "Australia/Sydney"));
  // The page's dead deliveries: one grouped statement over the page's lead ids (max 2: a second would be a query per lead).
  await capture({ name: "Leads inbox: dead deliveries of the page's 50 leads", path: "request", source: "app/console/leads.server.ts deadDeliveriesOf" }, () => listLeads(db, consoleViewer(large), {}, "Australia/Sydney"), { pick: /lead_deliveries/, max: 2 });
  await capture({ name: "Leads CSV export: a later page of 1,000 (busiest site, one year)", path: "request", source: "app/console/leads.server.ts exportLeads" }, async () => {
    for await (const _page of exportLeads(db, consoleViewer(large), { from: day(now - 365 * 86_400_000) }, "Australia/Sydney")) break;
  }, { pick: /from "leads"/, max: 1 });
  // The export's second statement is its keyset continuation (created_at and id after the last row).
  await capture({ name: "Leads CSV export: keyset continuation", path: "request", source: "app/console/leads.server.ts exportLeads" }, async () => {
    let pages = 0;
    for await (const _page of exportLeads(db, consoleViewer(large), { from: day(now - 365 * 86_400_000) }, "Australia/Sydney")) if (++pages >= 2) break;
  }, { pick: /"leads"\."created_at" <= \$/, max: 1 });
  await capture({ name: "Leads CSV export: dead deliveries of a page of 1,000", path: "request", source: "app/console/leads.server.ts deadDeliveriesOf" }, async () => {
    for await (const _page of exportLeads(db, consoleViewer(large), { from: day(now - 365 * 86_400_000) }, "Australia/Sydney")) break;
  }, { pick: /lead_deliveries/, max: 2 });
  await capture({ name: "Deliveries due: claim (lead delivery worker, every few seconds)", path: "worker", source: "app/services/lead-delivery.server.ts claimDueJobs" }, () => claimDueJobs(db, now), { pick: /lead_deliveries/, writes: true });
  await capture({ name: "Reservations due: expire (reservation worker, every 30 s)", path: "worker", source: "app/services/reservations.server.ts expireReservations" }, () => expireReservations(db, noPayments, now), { pick: /reservations/, writes: true });
  // The retention job visits only sites with a retention period (site config
  // leads.retentionDays, unset by default): the small site is given 90 days inside a transaction
  // that is rolled back, and the job's statement is recorded on that transaction's connection.
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query(`update sites set config = jsonb_set(config, '{leads}', coalesce(config -> 'leads', '{}') || '{"retentionDays": 90}') where id = $1`, [small.id]);
    const inTransaction = drizzle(client, { schema, logger }) as unknown as Database;
    await capture({ name: "Lead retention: anonymise a site's old leads (hourly, sites with a retention period)", path: "worker", source: "app/console/leads.server.ts anonymiseExpiredLeads" }, () => anonymiseExpiredLeads(inTransaction, now), { pick: /^update "leads"/, writes: true });
  } finally {
    await client.query("rollback").catch(() => undefined);
    client.release();
  }
  await capture({ name: "Site list (every node, every 5 s)", path: "request", source: "app/services/sites.server.ts listSites" }, () => listSites(db));
  await capture({ name: "Site reload (page cache, after the site's versions moved)", path: "request", source: "app/services/sites.server.ts SiteResolver.reloadSites" }, () => listSites(db, [small.id]));
  await capture({ name: "Site versions (page cache, each page request: the site and its group's sharing sites)", path: "request", source: "server/page-cache.ts SiteVersionReader" }, () => new SiteVersionReader(db).read([small.id, large.id]));
  // A statement the server sends through its own handle, written here as it sends it.
  const literal = (q: Omit<HotQuery, "statements" | "writes">, text: string) => out.push({ ...q, statements: [{ sql: text, params: [] }], writes: false });
  await capture({ name: "Redirect of an old URL (on a 404)", path: "request", source: "app/services/redirects.server.ts findRedirect" }, () => findRedirect(db, small, "/old-stock/page-7"));
  literal({ name: "Metrics scrape: deliveries by state", path: "operational", source: "server/metrics.ts databaseFigures" }, "select channel, case when status = 'pending' and next_attempt_at <= now() then 'due' when status = 'pending' then 'failed' else status end as status, count(*)::int as count from lead_deliveries where status in ('pending', 'dead') group by 1, 2");
  return out;
}
