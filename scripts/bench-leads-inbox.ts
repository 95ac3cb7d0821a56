/**
 * `npm run bench:leads-inbox` (issue 49 "Benchmarks", decision 315): the console's leads inbox
 * with 100,000 leads on one site (perth-toyota), filtered and paged, at 10 connections, on
 * PostgreSQL (DATABASE_URL is required: the goal is stated for it). Signed in as a site manager.
 *
 * The production server is started (scripts/bench/server.ts; it migrates and seeds the demo
 * sites), then the site is topped up to BENCH_LEADS leads (default 100,000) spread over 400 days,
 * its locations, its cars (a third carry none), the five statuses and eight forms, by one
 * `INSERT … SELECT generate_series` and a VACUUM ANALYZE. The shoppers' names, e-mails and
 * phones vary as an inbox's do (60 first names by 80 surnames, about 1,250 leads a surname) unless
 * BENCH_NAMES=alike, which names every lead "Shopper N Bench": every lead then shares the
 * trigrams of "shopper" and "bench", the worst case for the free-text search's trigram index.
 * The free-text pages search one seeded lead's surname, full name and e-mail; BENCH_BROAD=1 adds
 * the make most of the leads' cars share (a word most leads match). Each page gets a
 * 2 s warm-up, then BENCH_RUNS (3) runs of BENCH_SECONDS (5) with autocannon, or with wrk when
 * BENCH_LOAD=wrk (scripts/bench/load.ts); the table prints, per page, the latency of the runs (ms): min, median
 * and max of the per-run medians, and min / median / max of the per-run p99, requests/s, the
 * server's CPU time per request (ms; on a busy shared machine the figure to compare builds by),
 * PostgreSQL's and the load generator's, the load average, and the server's RSS (VmRSS, MB, sampled
 * every 250 ms of the measured runs). Other environment: BENCH_PORT
 * (default 3299), BENCH_CONNECTIONS (10), BENCH_OUT (default .data/bench-leads-inbox.json). About
 * 4 minutes with the defaults. The server inherits the environment, so `DATABASE_PARALLEL_WORKERS=0`
 * measures the setting the operations guide gives for a 2-4 core database host (decision 379).
 * A benchmark, not a test: nothing fails on timings.
 * @throws (exits non-zero) without DATABASE_URL, or when a page does not answer 200
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { formatSpread, spread } from "./bench/lib";
import { loadGenerator, runLoad } from "./bench/load";
import { appDir, benchPort, BROWSER_HEADERS, CONSOLE_HOST, consoleSession, ensureBuild, get, startServer, withRssSamples } from "./bench/server";

const SITE = "perth-toyota";
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OUT = process.env.BENCH_OUT ?? ".data/bench-leads-inbox.json";
const BROAD = process.env.BENCH_BROAD === "1";
const PORT = benchPort(3299);
const FORMS = ["enquiry", "test-drive", "finance", "service", "parts", "general", "offer", "trade-in"];
const NAMES = process.env.BENCH_NAMES === "alike" ? "alike" : "varied";
/** Common first names and surnames in Australia: each combination about 21 times in 100,000 leads. */
const FIRST_NAMES = ["Olivia", "Jack", "Charlotte", "Oliver", "Amelia", "William", "Isla", "Noah", "Mia", "Thomas", "Ava", "James", "Grace", "Lucas", "Chloe", "Henry", "Sophie", "Ethan", "Emily", "Liam", "Ruby", "Samuel", "Zoe", "Daniel", "Matilda", "Joshua", "Ella", "Harrison", "Hannah", "Lachlan", "Lily", "Benjamin", "Sienna", "Riley", "Isabella", "Cooper", "Harper", "Mason", "Evie", "Leo", "Georgia", "Alexander", "Willow", "Max", "Audrey", "Archie", "Sarah", "Hamish", "Priya", "Arjun", "Mei", "Wei", "Minh", "Anh", "Fatima", "Omar", "Sofia", "Luca", "Aisha", "Kai"];
const SURNAMES = ["Smith", "Jones", "Williams", "Brown", "Wilson", "Taylor", "Nguyen", "Johnson", "Martin", "White", "Anderson", "Walker", "Thompson", "Thomas", "Lee", "Ryan", "Kelly", "King", "Harris", "Davis", "Wright", "Robinson", "Wood", "Mitchell", "Campbell", "Clarke", "Hall", "Young", "Scott", "Evans", "Green", "Hughes", "Edwards", "Murphy", "Roberts", "Lewis", "Jackson", "Turner", "Hill", "Moore", "Baker", "Cooper", "Chen", "Wang", "Singh", "Patel", "Kaur", "Li", "Zhang", "Tran", "Pham", "Kennedy", "O'Brien", "Murray", "Stewart", "Morris", "Bell", "Ward", "Watson", "Morgan", "Kim", "Park", "Ali", "Khan", "Costa", "Russo", "Papadopoulos", "Rossi", "Sullivan", "McDonald", "Fraser", "Reid", "Graham", "Hunter", "Ross", "Ellis", "Gray", "Wallace", "Fitzgerald", "Byrne"];
/** The seeded lead whose name and e-mail the free-text pages search for. */
const SEARCHED_LEAD = 4_242;

/** One seeded lead's surname, full name and e-mail: what the free-text pages search for. */
interface Searched {
  surname: string;
  fullName: string;
  email: string;
  /** Leads of the site whose personal text contains the surname. */
  surnameLeads: number;
  /** The make most of the site's leads' cars share (a word most leads match), and how many match it. */
  make: string;
  makeLeads: number;
}

/**
 * Tops the site up to {@link LEADS} leads, named as {@link NAMES} says (the other kind's bench
 * leads are deleted first).
 * @returns the site's locations (for the filters), its leads, and what the free-text pages search for
 */
async function seedLeads(url: string): Promise<{ locations: number[]; total: number; searched: Searched }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: sites } = await client.query<{ id: number }>("select id from sites where slug = $1", [SITE]);
    const siteId = sites[0].id;
    const { rows: locs } = await client.query<{ id: number }>("select id from locations where site_id = $1 order by id", [siteId]);
    const { rows: cars } = await client.query<{ id: number }>("select id from cars where site_id = $1 order by id", [siteId]);
    const other = NAMES === "alike" ? "bench-varied-%" : "bench-alike-%";
    const { rowCount: dropped } = await client.query("delete from leads where site_id = $1 and (submission_key like $2 or submission_key ~ '^bench-[0-9]')", [siteId, other]);
    if (dropped) console.error(`deleted ${dropped} bench leads named otherwise`);
    const { rows: have } = await client.query<{ n: number }>("select count(*)::int as n from leads where site_id = $1", [siteId]);
    const missing = LEADS - have[0].n;
    if (missing > 0) {
      console.error(`seeding ${missing} leads on ${SITE}`);
      await client.query(
        `insert into leads (site_id, submission_key, form, category, car_id, location_id, first_name, last_name, email, phone, postcode, payload, created_at, status)
         select $1, 'bench-' || $6 || '-' || g || '-' || extract(epoch from now())::bigint, f.form, initcap(f.form) || ' lead',
           case when g % 3 = 0 or array_length($5::int[], 1) is null then null else ($5::int[])[1 + g % array_length($5::int[], 1)] end,
           ($2::int[])[1 + g % array_length($2::int[], 1)],
           n.first_name, n.last_name, n.email, '+614' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), '6000',
           jsonb_build_object('source', 'Website', 'message', 'Bench lead ' || g, 'lead_attributes', jsonb_build_object('visited_pages', jsonb_build_array('/search', '/cars/x'), 'linked_query_params', 'utm_source=google')),
           now() - (g % 400) * interval '1 day' - (g % 86400) * interval '1 second',
           (array['new','contacted','appointment','won','lost'])[1 + g % 5]
         from generate_series(1, $3::int) g
         cross join lateral (select ($4::text[])[1 + g % array_length($4::text[], 1)] as form) f
         cross join lateral (
           select first_name, last_name,
             lower(first_name || '.' || replace(last_name, '''', '') || (g % 97)) || '@' || (array['gmail.com','outlook.com','bigpond.com','icloud.com','yahoo.com.au'])[1 + g % 5] as email
           from (select case when $6 = 'alike' then 'Shopper' || g else ($7::text[])[1 + g % array_length($7::text[], 1)] end as first_name,
                        case when $6 = 'alike' then 'Bench' else ($8::text[])[1 + (g / array_length($7::text[], 1)) % array_length($8::text[], 1)] end as last_name) named
         ) n`,
        [siteId, locs.map((l) => l.id), missing, FORMS, cars.map((c) => c.id), NAMES, FIRST_NAMES, SURNAMES],
      );
    }
    // A VACUUM as well as the statistics (as autovacuum would give both after a bulk change): the
    // entries of deleted leads stay in the trigram index until one, and a free-text search read
    // them all (6.7 ms for one GIN scan after a reseed, 0.9 ms after the VACUUM).
    if (missing > 0 || dropped) await client.query("vacuum analyze leads");
    // The demo seed's cars may not have been analysed yet (autovacuum's next pass): without their
    // statistics the planner takes "car type = used" for a rare value and sorts the form's whole
    // 12,500 leads for the "car type + form" page instead of reading it in order (16 ms, not 1 ms).
    await client.query("analyze cars");
    const { rows: total } = await client.query<{ n: number }>("select count(*)::int as n from leads where site_id = $1", [siteId]);
    const { rows: picked } = await client.query<{ first_name: string; last_name: string; email: string }>(
      "select first_name, last_name, email from leads where site_id = $1 and submission_key like $2 order by id offset $3 limit 1",
      [siteId, `bench-${NAMES}-%`, SEARCHED_LEAD],
    );
    const { first_name: first, last_name: surname, email } = picked[0];
    const { rows: matching } = await client.query<{ n: number }>(
      "select count(*)::int as n from leads where site_id = $1 and lower(first_name || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) like $2",
      [siteId, `%${surname.toLowerCase()}%`],
    );
    const { rows: makes } = await client.query<{ make: string; n: number }>(
      "select c.make, count(*)::int as n from leads l join cars c on c.id = l.car_id where l.site_id = $1 group by c.make order by n desc, c.make limit 1",
      [siteId],
    );
    const { make, n: makeLeads } = makes[0];
    return { locations: locs.map((l) => l.id), total: total[0].n, searched: { surname, fullName: `${first} ${surname}`, email, surnameLeads: matching[0].n, make, makeLeads } };
  } finally {
    await client.end();
  }
}

interface Run {
  reqs: number;
  min: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** The server's CPU time per request (ms, user + system, from /proc): less moved by busy neighbours than latency. */
  cpuMs: number;
  /** PostgreSQL's and the load generator's CPU time per request (ms). */
  postgresCpuMs: number;
  generatorCpuMs: number;
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("bench:leads-inbox needs PostgreSQL: set DATABASE_URL");
  process.exit(1);
}
const dir = appDir();
ensureBuild(dir);
const server = await startServer({ dir, port: PORT });
try {
  const { locations, total, searched } = await seedLeads(url);
  const cookie = await consoleSession(PORT, dir, "bench-leads@forecourt.localhost", SITE);
  const headers = { ...BROWSER_HEADERS, cookie, host: CONSOLE_HOST };
  const inbox = `/sites/${SITE}/leads`;
  const pages = [
    { name: "inbox, page 1", path: inbox },
    { name: "inbox, page 40", path: `${inbox}?page=40` },
    { name: "status", path: `${inbox}?status=contacted` },
    { name: "location + status, p3", path: `${inbox}?location=${locations[1] ?? locations[0]}&status=won&page=3` },
    { name: "department + 30 days", path: `${inbox}?department=service&from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}` },
    { name: "car type + form", path: `${inbox}?carType=used&form=enquiry` },
    { name: `free text (surname, ${searched.surnameLeads.toLocaleString("en-AU")} leads)`, path: `${inbox}?q=${encodeURIComponent(searched.surname)}` },
    { name: "free text (full name)", path: `${inbox}?q=${encodeURIComponent(searched.fullName)}` },
    { name: "free text (e-mail)", path: `${inbox}?q=${encodeURIComponent(searched.email)}` },
    // Opt-in: a word two leads in three match is read whole by every request (60-80 ms of
    // PostgreSQL's time), and its queue slows the pages measured after it.
    ...(BROAD ? [{ name: `free text (make, ${searched.makeLeads.toLocaleString("en-AU")} leads)`, path: `${inbox}?q=${encodeURIComponent(searched.make.toLowerCase())}` }] : []),
  ];
  for (const page of pages) {
    const r = await get(PORT, page.path, CONSOLE_HOST, headers);
    if (r.status !== 200) throw new Error(`${page.path} answered ${r.status}`);
    await runLoad({ url: `http://127.0.0.1:${PORT}${page.path}`, headers, connections: CONNECTIONS, seconds: 2 });
  }
  const runs: Run[][] = pages.map(() => []);
  const rss: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const [i, page] of pages.entries()) {
      const cpuBefore = server.cpuMs();
      const r = await withRssSamples(server, rss, () => runLoad({ url: `http://127.0.0.1:${PORT}${page.path}`, headers, connections: CONNECTIONS, seconds: SECONDS }));
      const cpuMs = r.total ? (server.cpuMs() - cpuBefore) / r.total : NaN;
      runs[i].push({ reqs: r.reqsPerSecond, min: r.min, p50: r.p50, p99: r.p99, max: r.max, non2xx: r.non2xx, cpuMs, postgresCpuMs: r.postgresCpuMs, generatorCpuMs: r.generatorCpuMs });
      console.error(`[run ${run}/${RUNS}] ${page.name.padEnd(24)} ${r.reqsPerSecond.toFixed(0).padStart(5)} req/s  min ${r.min} ms  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  CPU ${cpuMs.toFixed(1)} ms/req (PostgreSQL ${r.postgresCpuMs.toFixed(1)}, ${r.generator} ${r.generatorCpuMs.toFixed(1)})${r.non2xx ? `  (${r.non2xx} non-2xx)` : ""}`);
    }
  }
  console.log(`\nbench:leads-inbox: ${total.toLocaleString("en-AU")} leads on ${SITE} (names ${NAMES}), PostgreSQL, ${CONNECTIONS} connections (${loadGenerator()}), ${RUNS} runs x ${SECONDS} s`);
  console.log(`load average while measuring: ${loadavg().map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} cores`);
  console.log("| page | req/s | latency min | latency median (p50) | latency max | p99 (min / median / max of runs) | server CPU ms/req | PostgreSQL CPU ms/req | load generator CPU ms/req |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  const result = pages.map((page, i) => {
    const rs = runs[i];
    const row = { name: page.name, path: page.path, reqs: spread(rs.map((r) => r.reqs)), min: Math.min(...rs.map((r) => r.min)), p50: spread(rs.map((r) => r.p50)), max: Math.max(...rs.map((r) => r.max)), p99: spread(rs.map((r) => r.p99)), non2xx: rs.reduce((n, r) => n + r.non2xx, 0), cpuMs: spread(rs.map((r) => r.cpuMs)), postgresCpuMs: spread(rs.map((r) => r.postgresCpuMs)), generatorCpuMs: spread(rs.map((r) => r.generatorCpuMs)) };
    console.log(`| ${page.name} | ${formatSpread(row.reqs)} | ${row.min.toFixed(1)} ms | ${formatSpread(row.p50, 1)} ms | ${row.max.toFixed(1)} ms | ${formatSpread(row.p99, 1)} ms | ${formatSpread(row.cpuMs, 1)} | ${formatSpread(row.postgresCpuMs, 1)} | ${formatSpread(row.generatorCpuMs, 1)} |`);
    return row;
  });
  const rssMb = spread(rss);
  console.log(`\nServer RSS during the measured runs: ${formatSpread(rssMb, 0)} MB (min / median / max of samples every 250 ms).`);
  mkdirSync(".data", { recursive: true });
  writeFileSync(OUT, JSON.stringify({ at: new Date().toISOString(), leads: total, names: NAMES, searched, connections: CONNECTIONS, generator: loadGenerator(), runs: RUNS, seconds: SECONDS, rssMb, pages: result }, null, 2));
} finally {
  await server.stop("SIGTERM");
}
