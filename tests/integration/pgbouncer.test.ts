/**
 * Issue 55 item 5: the app behind a real pgbouncer in transaction mode, started by the test on
 * loopback (port 6433, plus TEST_PORT_OFFSET) in front of the suite's PostgreSQL, with fewer server connections (4) than
 * the app's pool (8), so consecutive statements of one app connection reach different server
 * connections: anything that leaned on session state would break here.
 *
 * - Two nodes migrating a new database at once through it both finish, the migrations are
 *   applied once, and no advisory lock is left behind (a session lock would stay on whichever
 *   server connection took it).
 * - Pages (SRP, VDP with its named statement, search API, sitemap), a lead and a reservation work
 *   under concurrent requests.
 *
 * Named statements: pgbouncer 1.21 and later keep protocol-level prepared statements in
 * transaction mode (max_prepared_statements); with an older one (Debian 12 ships 1.18) the app
 * runs with DATABASE_NAMED_STATEMENTS=off, and this test does the same.
 *
 * Runs in the PostgreSQL suite (DATABASE_URL set); skips with a message without pgbouncer.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { leads, reservations } from "../../db/schema/index";
import { startTestApp, type TestApp } from "./app-harness";
import { stockRecord } from "./fixtures";
import { pgbouncerKeepsPreparedStatements, pgbouncerVersion, removeDir, serviceTempDir, spawnAsService, waitForPort, type ServiceProcess } from "./ops-processes";
import { testPort } from "./server-process";

const BOUNCER_PORT = testPort(6433);
const SERVER_CONNECTIONS = 4;
const version = pgbouncerVersion();
const serverUrl = process.env.DATABASE_URL;
const unavailable = !version ? "Debian's pgbouncer (/usr/sbin/pgbouncer) is not installed" : !serverUrl ? "runs in the PostgreSQL suite (DATABASE_URL set)" : null;
if (unavailable) console.warn(`SKIPPED: ${unavailable}`);

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

describe.skipIf(unavailable)(`behind pgbouncer in transaction mode (issue 55; spec 2.1 pages, spec 6 leads)${unavailable ? ` -- skipped: ${unavailable}` : ""}`, () => {
  const database = `fc_bouncer_${process.pid}_${Date.now() % 100_000}`;
  const named = version ? pgbouncerKeepsPreparedStatements(version) : false;
  let dir: string;
  let bouncer: ServiceProcess;
  let admin: DatabaseHandle;
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    const server = new URL(serverUrl!);
    admin = await openDatabase({ url: serverUrl!, poolSize: 2 });
    await admin.db.execute(sql.raw(`create database ${database}`));
    dir = serviceTempDir("forecourt-pgbouncer-");
    writeFileSync(join(dir, "userlist.txt"), `"${decodeURIComponent(server.username || "postgres")}" ""\n`);
    writeFileSync(
      join(dir, "pgbouncer.ini"),
      [
        "[databases]",
        `forecourt = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=${decodeURIComponent(server.username || "postgres")}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${BOUNCER_PORT}`,
        "unix_socket_dir =",
        "auth_type = trust",
        `auth_file = ${join(dir, "userlist.txt")}`,
        "pool_mode = transaction",
        `default_pool_size = ${SERVER_CONNECTIONS}`,
        "max_client_conn = 200",
        "ignore_startup_parameters = extra_float_digits",
        ...(named ? ["max_prepared_statements = 200"] : []),
      ].join("\n"),
    );
    bouncer = spawnAsService("/usr/sbin/pgbouncer", [join(dir, "pgbouncer.ini")]);
    await waitForPort(BOUNCER_PORT, 30_000, bouncer);
    handle = await openDatabase({ url: `postgres://postgres@127.0.0.1:${BOUNCER_PORT}/forecourt`, poolSize: 8, namedStatements: named });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await bouncer?.stop();
    await admin?.db.execute(sql.raw(`drop database if exists ${database} with (force)`)).catch(() => {});
    await admin?.close();
    removeDir(dir);
  });

  it("two nodes migrating a new database at once through it: both finish, each migration is applied once, no lock is left", async () => {
    const second = await openDatabase({ url: `postgres://postgres@127.0.0.1:${BOUNCER_PORT}/forecourt`, poolSize: 4, namedStatements: named });
    try {
      await Promise.all([migrateDatabase(handle), migrateDatabase(second)]);
    } finally {
      await second.close();
    }
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const [{ n }] = rows<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(n).toBe(journal.entries.length);
    const [{ locks }] = rows<{ locks: number }>(await admin.db.execute(sql`select count(*)::int as locks from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = ${database}`));
    expect(locks).toBe(0);
  });

  it("pages, search, a lead and a reservation work with more app connections than server connections", async () => {
    app = await startTestApp(handle, {
      site: { config: { features: { checkout: true } } },
      cars: [stockRecord({ make: "Toyota", model: "HiLux", price: 31_990 }), stockRecord({ make: "Ford", model: "Ranger" }), stockRecord({ make: "Mazda", model: "CX-5" })],
    });
    const paths = ["/search", `/cars/${app.carSlug}`, "/api/search?make=Toyota", "/sitemap.xml", "/search/used-cars", "/"];
    const answers = await Promise.all(Array.from({ length: 48 }, (_, i) => app.request(paths[i % paths.length]).then(async (r) => ({ path: paths[i % paths.length], status: r.status, body: await r.text() }))));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.find((a) => a.path === "/search")!.body).toContain("HiLux");
    expect(JSON.parse(answers.find((a) => a.path.startsWith("/api/search"))!.body).count).toBe(1);

    const lead = await app.request("/enquiries/new-vehicle-enquiry", {
      method: "POST",
      body: new URLSearchParams({ name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412 345 678", email: "bouncer@example.com", message: "Behind pgbouncer", terms: "on" }),
      headers: { origin: `http://${app.host}`, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(lead.status).toBe(302);
    expect(lead.headers.get("location")).toMatch(/^\/success/);
    expect(await handle.db.select({ id: leads.id }).from(leads).where(eq(leads.email, "bouncer@example.com"))).toHaveLength(1);

    const reserve = await app.request(`/cars/${app.carSlug}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ name: "Jane", last_name: "Buyer", phone: "0412 345 678", email: "reserve@example.com", postcode: "2150", terms: "on", card_number: "4242 4242 4242 4242" }),
      headers: { origin: `http://${app.host}`, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(reserve.status).toBe(302);
    const location = reserve.headers.get("location")!;
    expect(location).toMatch(/\?reserved=\d+$/);
    const status = await app.request(location, { headers: { cookie: reserve.headers.get("set-cookie")!.split(";")[0] } });
    expect(status.status).toBe(200);
    expect((await status.text()).replaceAll("<!-- -->", "")).toContain("Reserved: we are holding this car for you");
    const held = await handle.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.carId, app.carId));
    expect(held.map((r) => r.status)).toEqual(["active"]);
  });
});
