/**
 * The synthetic national data set of `npm run bench:scale` and `npm run explain:hot` (issue 54
 * items 6 and "Benchmarks"): 5,000 dealer sites, 1,000,000 cars and 10,000,000 leads by default,
 * made from the real data set and seeded into a scratch PostgreSQL database in bulk with
 * `COPY ... FROM STDIN` (pg-copy-streams).
 *
 * How it is made (decision 362):
 * - the database is migrated and the five demo sites are seeded as `npm start` does, so the
 *   16,733 real listings go through the project's own importer and cleaning;
 * - every synthetic car is a copy of one of those imported cars (all columns as the importer
 *   wrote them) with its own stock number, slug, VIN, rego, a price within +-15 %, kilometres
 *   within +-30 %, a listing date in the last 120 days and one of its site's yards;
 * - sites: `scale-00001` has exactly 200 cars (the "site of 200 cars" measured); the dealer group
 *   `scale-group-national` holds 250 sites of 200 cars (50,000 cars, the largest AU groups' size);
 *   the other sites' sizes are log-normal (a few yards of thousands of cars, many of tens) and sum
 *   to the requested total; the rest are in groups of 1-20 sites; `scale-import` has no cars (the
 *   importer benchmark's target);
 * - each site gets one to three yards at real postcodes (data/au_postcodes.csv), copied from the
 *   demo sites' locations (opening hours, phones);
 * - leads: in time order over the last 365 days (ids rise with time, as in production), each to a
 *   site drawn in proportion to its stock, 70 % about one of its cars; one e-mail delivery each
 *   (the newest 200 due now, one in 100,000 dead, the rest sent);
 * - 1 in 50 cars has had an online reservation (a tenth of them active, ending within 48 hours);
 * - 20 redirects per site.
 * Everything is drawn from a seeded generator: the same sizes give the same data set.
 *
 * Speed: the secondary indexes of cars, leads and lead_deliveries are dropped before the load and
 * built again after it from their own definitions (so the plans see exactly the migrations'
 * indexes), triggers and foreign-key checks are off for the loading session
 * (`session_replication_role = replica`: the version triggers would otherwise collect a million
 * rows into one transition table), and the tables are vacuumed and analysed at the end.
 */
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { prepareDatabase } from "../../server/prepare-database";

/** Sizes of a data set. */
export interface ScaleSize {
  sites: number;
  cars: number;
  leads: number;
}

/** The issue's national deployment. */
export const FULL_SIZE: ScaleSize = { sites: 5_000, cars: 1_000_000, leads: 10_000_000 };

/** Slugs the benchmark and the plan report use. */
export const SCALE_SLUGS = { site200: "scale-00001", nationalGroup: "scale-group-national", importSite: "scale-import" } as const;

/** Sites of the national group and cars on each (at full size: 250 x 200 = 50,000 cars). */
const NATIONAL_SITES = 250;
const NATIONAL_SITE_CARS = 200;

/** A small seeded generator (mulberry32): the same sizes give the same data set. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One synthetic site's plan: slug, group, cars. */
export interface SitePlan {
  slug: string;
  name: string;
  group: string;
  cars: number;
}

/**
 * The sites of a data set: `sites` sites whose cars sum to `cars` (see the module comment), plus
 * the empty import site. Pure and deterministic.
 * @throws RangeError when `cars` is fewer than one car a site
 */
export function planSites(size: ScaleSize): SitePlan[] {
  if (size.sites < 2 || size.cars < size.sites) throw new RangeError(`need at least 2 sites and one car per site (got ${size.sites} sites, ${size.cars} cars)`);
  const next = random(54);
  const plans: SitePlan[] = [];
  const pad = (n: number) => String(n).padStart(5, "0");
  plans.push({ slug: SCALE_SLUGS.site200, name: "Scale Motors 00001", group: "scale-group-00001", cars: Math.min(NATIONAL_SITE_CARS, Math.floor(size.cars / size.sites) * 4) });
  // The national group takes 5 % of the stock at most (50,000 of a million cars).
  const nationalSites = Math.min(NATIONAL_SITES, Math.floor(size.sites / 20));
  const perNational = Math.max(1, Math.min(NATIONAL_SITE_CARS, Math.floor((size.cars * 0.05) / Math.max(1, nationalSites))));
  for (let i = 0; i < nationalSites; i++) plans.push({ slug: `scale-${pad(plans.length + 1)}`, name: `National Auto ${pad(plans.length + 1)}`, group: SCALE_SLUGS.nationalGroup, cars: perNational });
  const rest = size.sites - plans.length;
  const left = size.cars - plans.reduce((n, p) => n + p.cars, 0);
  // Log-normal weights (sigma 1.1): a few large yards, many small ones; at least 5 cars a site.
  const weights = Array.from({ length: rest }, () => {
    const u = Math.max(1e-9, next());
    const v = next();
    return Math.exp(1.1 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
  });
  const floor = Math.min(5, Math.floor(left / Math.max(1, rest)));
  const spare = left - floor * rest;
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => floor + Math.floor((spare * w) / sum));
  let short = left - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; short > 0; i = (i + 1) % rest, short--) counts[i]++;
  let groupNo = 2;
  let inGroup = 0;
  let groupSize = 1;
  for (let i = 0; i < rest; i++) {
    if (inGroup >= groupSize) {
      groupNo++;
      inGroup = 0;
      groupSize = 1 + Math.floor(next() ** 2 * 20);
    }
    inGroup++;
    const n = plans.length + 1;
    plans.push({ slug: `scale-${pad(n)}`, name: `Scale Motors ${pad(n)}`, group: `scale-group-${pad(groupNo)}`, cars: counts[i] });
  }
  plans.push({ slug: SCALE_SLUGS.importSite, name: "Scale Import Yard", group: "scale-group-import", cars: 0 });
  return plans;
}

/** What a seeded database holds, stored as the database's comment so `--reuse` can check it. */
interface Marker extends ScaleSize {
  version: number;
}
const MARKER_VERSION = 1;

/** The database name of a URL (`postgres://.../name`). */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

/** Whether the database at `url` holds a complete data set of `size`. */
export async function holdsDataSet(url: string, size: ScaleSize): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>("select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1", [databaseName(url)]);
    if (!rows[0]?.comment) return false;
    const marker = JSON.parse(rows[0].comment) as Partial<Marker>;
    return marker.version === MARKER_VERSION && marker.sites === size.sites && marker.cars === size.cars && marker.leads === size.leads;
  } catch {
    return false;
  } finally {
    await admin.end();
  }
}

/** COPY text format of one value (tabs, new lines and backslashes escaped; null as \N; objects and arrays as JSON, so a text[] column takes a literal string). */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "boolean") text = value ? "t" : "f";
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/**
 * Streams `rows` (each an array in `columns` order) into `table` with COPY FROM STDIN, in chunks
 * of about 1 MB.
 */
async function copyRows(client: pg.PoolClient | pg.Client, table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(", ")}) FROM STDIN`));
  function* chunks() {
    let chunk = "";
    for (const row of rows) {
      chunk += `${row.map(copyValue).join("\t")}\n`;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(chunks()), stream);
}

/** Secondary indexes of `table` (not those behind a constraint), as name and definition. */
export async function secondaryIndexes(client: pg.Client | pg.Pool, table: string): Promise<{ name: string; def: string }[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename = $1
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  return rows;
}

interface Postcode {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
}

function readPostcodes(): Postcode[] {
  const lines = readFileSync("data/au_postcodes.csv", "utf8").split("\n").slice(1);
  const out: Postcode[] = [];
  for (const line of lines) {
    const [postcode, locality, state, lat, long] = line.split(",");
    if (!postcode || !lat || !long || !/^\d{4}$/.test(postcode) || locality.includes('"')) continue;
    out.push({ postcode, locality: locality.replace(/\b\w+/g, (w) => w[0] + w.slice(1).toLowerCase()), state, lat: Number(lat), long: Number(long) });
  }
  return out;
}

const FORMS = [
  ["enquiry", "Vehicle Enquiry"], ["test-drive", "Book a Test Drive"], ["offer", "Make an Offer"], ["finance", "Finance Enquiry"],
  ["photos", "Request Photos"], ["service", "Service Booking"], ["parts", "Parts Enquiry"], ["general", "General Enquiry"], ["trade-in", "Trade-In Valuation"],
] as const;
const FIRST = ["Olivia", "Jack", "Charlotte", "Noah", "Amelia", "William", "Isla", "Oliver", "Mia", "Thomas", "Grace", "James", "Chloe", "Lucas", "Ava", "Henry"];
const LAST = ["Smith", "Nguyen", "Williams", "Brown", "Jones", "Wilson", "Taylor", "Singh", "White", "Martin", "Anderson", "Thompson", "Kelly", "Walker"];

/**
 * Creates (or, with `reuse`, keeps) the data set in the database at `url`. The database is
 * dropped and created again unless `reuse` is set and it already holds this size.
 * @param log progress lines (stderr)
 * @returns whether it was seeded now (false: reused)
 * @throws when PostgreSQL refuses a step (the database is left as it is, without the marker)
 */
export async function seedScaleDatabase(url: string, size: ScaleSize, options: { reuse: boolean; log: (line: string) => void }): Promise<boolean> {
  const { log } = options;
  if (options.reuse && (await holdsDataSet(url, size))) {
    log(`reusing ${databaseName(url)} (${size.sites} sites, ${size.cars} cars, ${size.leads} leads)`);
    return false;
  }
  const name = databaseName(url);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name ${name} must be lower-case letters, digits and _`);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const started = Date.now();
  const step = (what: string) => log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}`);

  step("migrating and seeding the demo sites (the real listings through the importer)");
  await prepareDatabase({ DATABASE_URL: url, DATA_DIR: "", SEED_DEMO: true });

  // Dates as text: a `date` column read as a JavaScript Date would move by the time zone.
  pg.types.setTypeParser(1082, (v) => v);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set session_replication_role = replica");
    await client.query("set maintenance_work_mem = '512MB'");
    const next = random(2026);
    const plans = planSites(size);
    const postcodes = readPostcodes();

    step(`groups and ${plans.length} sites`);
    const groupSlugs = [...new Set(plans.map((p) => p.group))];
    await copyRows(client, "dealer_groups", ["slug", "name"], groupSlugs.map((g) => [g, g.replace("scale-group-", "Scale Group ")]));
    const groupIds = new Map((await client.query<{ id: number; slug: string }>("select id, slug from dealer_groups where slug like 'scale-group-%'")).rows.map((r) => [r.slug, r.id]));
    await copyRows(client, "sites", ["slug", "name", "dealer_group_id", "config"], plans.map((p) => [p.slug, p.name, groupIds.get(p.group), {}]));
    const siteRows = (await client.query<{ id: number; slug: string; dealer_group_id: number }>("select id, slug, dealer_group_id from sites where slug like 'scale-%'")).rows;
    const siteBySlug = new Map(siteRows.map((r) => [r.slug, r]));

    step("yards");
    const templateLocations = (await client.query("select * from locations where location_type = 'sales' order by id")).rows as Record<string, unknown>[];
    const locationColumns = ["site_id", "dealer_group_id", "name", "slug", "location_type", "manufacturers", "primary", "visible", "street", "city", "state", "postcode", "lat", "long", "phone", "email", "opening_hours", "special_hours", "review_average", "review_count"];
    const locationRows: unknown[][] = [];
    for (const plan of plans) {
      const site = siteBySlug.get(plan.slug)!;
      const yards = plan.cars > 2_000 ? 3 : plan.cars > 100 ? 2 : 1;
      for (let y = 1; y <= yards; y++) {
        const t = templateLocations[Math.floor(next() * templateLocations.length)];
        const p = postcodes[Math.floor(next() * postcodes.length)];
        locationRows.push([site.id, site.dealer_group_id, `${plan.name} ${p.locality}`, `yard-${y}`, "sales", "{}", y === 1, true, t.street, p.locality, p.state, p.postcode, p.lat, p.long, t.phone, t.email, t.opening_hours, t.special_hours, t.review_average, t.review_count]);
      }
    }
    await copyRows(client, "locations", locationColumns, locationRows);
    const yardsBySite = new Map<number, number[]>();
    for (const r of (await client.query<{ id: number; site_id: number }>("select l.id, l.site_id from locations l join sites s on s.id = l.site_id where s.slug like 'scale-%' order by l.id")).rows) {
      const list = yardsBySite.get(r.site_id) ?? [];
      list.push(r.id);
      yardsBySite.set(r.site_id, list);
    }

    step(`${size.cars.toLocaleString("en-AU")} cars (copies of the ${"imported"} real listings)`);
    const templates = (await client.query("select * from cars where item_type = 'car' order by id")).rows as Record<string, unknown>[];
    if (templates.length === 0) throw new Error("the demo seed left no cars to copy");
    const carColumns = Object.keys(templates[0]).filter((c) => c !== "id");
    const carIndexes = await secondaryIndexes(client, "cars");
    for (const index of carIndexes) await client.query(`drop index ${index.name}`);
    const now = Date.now();
    function* carRows() {
      let serial = 0;
      for (const plan of plans) {
        const site = siteBySlug.get(plan.slug)!;
        const yards = yardsBySite.get(site.id)!;
        const start = Math.floor(next() * templates.length);
        for (let i = 0; i < plan.cars; i++) {
          const t = templates[(start + i * 7) % templates.length];
          serial++;
          const stock = `S${site.id.toString(36).toUpperCase()}-${String(i + 1).padStart(5, "0")}`;
          // Digits only: a VIN has no I, O or Q.
          const vin = `6FP${String(serial).padStart(14, "0")}`;
          const price = typeof t.price === "number" ? Math.max(1_000, Math.round((t.price * (0.85 + next() * 0.3)) / 10) * 10) : null;
          const km = typeof t.km === "number" ? Math.round(t.km * (0.7 + next() * 0.6)) : null;
          const listed = new Date(now - next() * 120 * 86_400_000);
          const values: Record<string, unknown> = {
            ...t,
            site_id: site.id,
            location_id: yards[i % yards.length],
            slug: `${String(t.slug).replace(/-[a-z0-9]+$/, "")}-${stock.toLowerCase()}`,
            stock_number: stock,
            vin,
            rego: t.rego ? `${serial.toString(36).toUpperCase().slice(-6)}` : null,
            price,
            km,
            views: 0,
            created_at: listed,
            updated_at: listed,
            source_hash: `scale-${serial}`,
          };
          yield carColumns.map((c) => values[c]);
        }
      }
    }
    await copyRows(client, "cars", carColumns, carRows());
    step("cars: indexes");
    for (const index of carIndexes) await client.query(index.def);

    const ranges = (await client.query<{ site_id: number; lo: number; hi: number }>("select c.site_id, min(c.id)::int as lo, max(c.id)::int as hi from cars c join sites s on s.id = c.site_id where s.slug like 'scale-%' group by c.site_id")).rows;
    const rangeBySite = new Map(ranges.map((r) => [r.site_id, r]));

    step(`${size.leads.toLocaleString("en-AU")} leads`);
    const leadIndexes = await secondaryIndexes(client, "leads");
    for (const index of leadIndexes) await client.query(`drop index ${index.name}`);
    // Leads go to a site in proportion to its stock (cumulative weights, binary search).
    const weighted = plans.filter((p) => p.cars > 0).map((p) => ({ id: siteBySlug.get(p.slug)!.id, cars: p.cars }));
    const cumulative: number[] = [];
    let total = 0;
    for (const w of weighted) cumulative.push((total += w.cars));
    const pickSite = () => {
      const x = next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] > x) hi = mid;
        else lo = mid + 1;
      }
      return weighted[lo].id;
    };
    const leadColumns = ["site_id", "submission_key", "form", "category", "car_id", "location_id", "first_name", "last_name", "email", "phone", "postcode", "payload", "ip", "created_at", "status"];
    const yearMs = 365 * 86_400_000;
    function* leadRows() {
      for (let k = 0; k < size.leads; k++) {
        const siteId = pickSite();
        const range = rangeBySite.get(siteId)!;
        const yards = yardsBySite.get(siteId)!;
        const [form, category] = FORMS[Math.floor(next() * FORMS.length)];
        const carId = next() < 0.7 ? range.lo + Math.floor(next() * (range.hi - range.lo + 1)) : null;
        const at = new Date(now - yearMs + (k / size.leads) * yearMs - 60_000);
        const age = (now - at.getTime()) / 86_400_000;
        const status = age < 3 ? "new" : (["contacted", "appointment", "won", "lost", "contacted"] as const)[k % 5];
        const first = FIRST[k % FIRST.length];
        const last = LAST[(k >> 4) % LAST.length];
        const payload = { source: "website", url: carId ? `/cars/${carId}` : "/contact-us", name: first, last_name: last, comments: "Is this still available?", lead_attributes: { visited_pages: ["/", "/search"] } };
        yield [siteId, `scale-${k}`, form, category, carId, yards[k % yards.length], first, last, `${first}.${last}${k % 1000}@example.com.au`.toLowerCase(), `+614${String(10_000_000 + (k % 89_999_999)).padStart(8, "0")}`, String(2000 + (k % 1999)), payload, "203.0.113.9", at, status];
      }
    }
    await copyRows(client, "leads", leadColumns, leadRows());
    step("leads: indexes");
    for (const index of leadIndexes) await client.query(index.def);

    step("lead deliveries (one e-mail per lead)");
    const deliveryIndexes = await secondaryIndexes(client, "lead_deliveries");
    for (const index of deliveryIndexes) await client.query(`drop index ${index.name}`);
    const { rows: newest } = await client.query<{ id: number }>("select coalesce(max(id), 0)::int - 200 as id from leads");
    await client.query(
      `insert into lead_deliveries (lead_id, site_id, channel, target, status, attempts, next_attempt_at, sent_at, created_at)
       select id, site_id, 'email', 'sales@scale.example.com.au',
         case when id > $1 then 'pending' when id % 100000 = 0 then 'dead' else 'sent' end,
         case when id > $1 then 0 else 1 end, created_at,
         case when id > $1 or id % 100000 = 0 then null else created_at + interval '4 seconds' end, created_at
       from leads`,
      [newest[0].id],
    );
    step("lead deliveries: indexes");
    for (const index of deliveryIndexes) await client.query(index.def);

    step("reservations (1 in 50 cars) and their payments; redirects");
    await client.query(
      `with picked as (
         select c.id as car_id, c.site_id, c.location_id, row_number() over (order by c.id) as n
         from cars c join sites s on s.id = c.site_id where s.slug like 'scale-%' and c.id % 50 = 0
       ), paid as (
         insert into payments (site_id, provider, provider_ref, idempotency_key, purpose, amount_cents, status, car_id, created_at, updated_at)
         select site_id, 'test', 'tpi_scale_' || car_id, 'scale-' || car_id, 'reservation', 20000,
           case when n % 10 = 0 then 'authorised' when n % 3 = 0 then 'captured' else 'released' end, car_id,
           now() - (n % 300) * interval '1 day', now() - (n % 300) * interval '1 day'
         from picked
         returning id, site_id, car_id, status
       )
       insert into reservations (site_id, car_id, location_id, payment_id, status, deposit_cents, first_name, last_name, email, phone, postcode, expires_at, ended_at, end_reason, created_at)
       select p.site_id, p.car_id, k.location_id, p.id,
         case p.status when 'authorised' then 'active' when 'captured' then 'captured' else 'expired' end, 20000,
         'Sam', 'Lee', 'sam.lee@example.com.au', '+61412345678', '2000',
         case when p.status = 'authorised' then now() + (p.car_id % 48) * interval '1 hour' else now() - (p.car_id % 300) * interval '1 day' + interval '48 hours' end,
         case when p.status = 'authorised' then null else now() - (p.car_id % 300) * interval '1 day' + interval '48 hours' end,
         case when p.status = 'released' then 'expired' when p.status = 'captured' then 'captured by dealer' end,
         now() - (p.car_id % 300) * interval '1 day'
       from paid p join picked k on k.car_id = p.car_id`,
    );
    await client.query(
      `insert into site_redirects (site_id, from_path, to_path)
       select s.id, '/old-stock/page-' || n, '/search?page=' || n from sites s cross join generate_series(1, 20) n where s.slug like 'scale-%'`,
    );

    step("vacuum analyze");
    await client.query("set session_replication_role = origin");
    for (const table of ["dealer_groups", "sites", "locations", "cars", "leads", "lead_deliveries", "payments", "reservations", "site_redirects"]) await client.query(`vacuum analyze ${table}`);
    // Sites' versions move once, as after any import, so every node reads the new stock.
    await client.query("update sites set stock_version = stock_version + 1 where slug like 'scale-%'");
    const marker: Marker = { version: MARKER_VERSION, ...size };
    await client.query(`comment on database ${name} is '${JSON.stringify(marker)}'`);
    step("seeded");
  } finally {
    await client.end();
  }
  return true;
}
