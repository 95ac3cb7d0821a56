/**
 * Named prepared statements on PGlite (issue 15 "Fast pages", decision 217): a query prepared
 * with a name runs as that named statement of the embedded database, with the same rows as the
 * unnamed path, and never inside another caller's transaction.
 */
import { PGlite, types } from "@electric-sql/pglite";
import { and, eq, sql } from "drizzle-orm";
import { integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "./client";
import { enableNamedStatements, PgliteNamedStatements } from "./pglite-named";

const stock = pgTable("named_test_stock", {
  id: integer("id").primaryKey(),
  siteId: integer("site_id").notNull(),
  slug: text("slug").notNull(),
  price: numeric("price", { mode: "number" }),
  features: jsonb("features").$type<string[]>(),
  listedAt: timestamp("listed_at", { withTimezone: true }).notNull(),
});

const createStock = [
  sql`create table named_test_stock (id integer primary key, site_id integer not null, slug text not null,
    price numeric, features jsonb, listed_at timestamptz not null)`,
  sql`insert into named_test_stock values
    (1, 7, 'hilux-sr5', 52990.50, '["tow bar", "canopy"]', '2026-11-20T01:02:03Z'),
    (2, 7, 'corolla-ascent', null, null, '2026-11-21T00:00:00Z'),
    (3, 8, 'hilux-sr5', 41000, '[]', '2026-11-22T00:00:00Z')`,
];
async function createStockTable(db: Database): Promise<void> {
  for (const statement of createStock) await db.execute(statement);
}

const bySlug = (db: Database) =>
  db
    .select()
    .from(stock)
    .where(and(eq(stock.siteId, sql.placeholder("siteId")), eq(stock.slug, sql.placeholder("slug"))))
    .limit(1);

async function preparedStatementNames(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`select name from pg_prepared_statements order by name`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

describe("named statements on the embedded database (decision 217)", () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openDatabase({});
    await createStockTable(handle.db);
  });
  afterEach(() => handle.close());

  it("runs a query prepared with a name as that named statement, with the same rows as the unnamed query", async () => {
    const named = bySlug(handle.db).prepare("forecourt_test_by_slug");
    const unnamed = {
      execute: ({ siteId, slug }: { siteId: number; slug: string }) =>
        handle.db.select().from(stock).where(and(eq(stock.siteId, siteId), eq(stock.slug, slug))).limit(1),
    };
    expect(await preparedStatementNames(handle.db)).toEqual([]);

    const first = await named.execute({ siteId: 7, slug: "hilux-sr5" });
    expect(first).toEqual([
      { id: 1, siteId: 7, slug: "hilux-sr5", price: 52990.5, features: ["tow bar", "canopy"], listedAt: new Date("2026-11-20T01:02:03Z") },
    ]);
    expect(first).toEqual(await unnamed.execute({ siteId: 7, slug: "hilux-sr5" }));
    expect(await preparedStatementNames(handle.db)).toEqual(["forecourt_test_by_slug"]);

    // Later executions bind new values to the kept statement.
    expect(await named.execute({ siteId: 8, slug: "hilux-sr5" })).toEqual(await unnamed.execute({ siteId: 8, slug: "hilux-sr5" }));
    expect((await named.execute({ siteId: 8, slug: "hilux-sr5" }))[0].price).toBe(41000);
    expect(await named.execute({ siteId: 7, slug: "corolla-ascent" })).toEqual([
      { id: 2, siteId: 7, slug: "corolla-ascent", price: null, features: null, listedAt: new Date("2026-11-21T00:00:00Z") },
    ]);
    expect(await named.execute({ siteId: 9, slug: "hilux-sr5" })).toEqual([]);
    expect(await preparedStatementNames(handle.db)).toEqual(["forecourt_test_by_slug"]);
  });

  it("rejects bad input with the database's error and keeps working", async () => {
    const named = bySlug(handle.db).prepare("forecourt_test_by_slug");
    await expect(named.execute({ siteId: "seven", slug: "hilux-sr5" })).rejects.toMatchObject({
      cause: { code: "22P02", message: expect.stringContaining("invalid input syntax for type integer") },
    });
    expect(await named.execute({ siteId: 7, slug: "hilux-sr5" })).toHaveLength(1);
    expect(await handle.db.select({ id: stock.id }).from(stock).orderBy(stock.id)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("parses the statement again when the session has lost it (DEALLOCATE ALL)", async () => {
    const named = bySlug(handle.db).prepare("forecourt_test_by_slug");
    expect(await named.execute({ siteId: 7, slug: "hilux-sr5" })).toHaveLength(1);
    await handle.db.execute(sql`deallocate all`);
    expect(await preparedStatementNames(handle.db)).toEqual([]);
    expect(await named.execute({ siteId: 7, slug: "corolla-ascent" })).toMatchObject([{ id: 2 }]);
    expect(await preparedStatementNames(handle.db)).toEqual(["forecourt_test_by_slug"]);
  });

  it("refuses one name for two different statements, as node-postgres does", async () => {
    await bySlug(handle.db).prepare("forecourt_test_by_slug").execute({ siteId: 7, slug: "hilux-sr5" });
    const other = handle.db.select({ id: stock.id }).from(stock).where(eq(stock.id, sql.placeholder("id"))).prepare("forecourt_test_by_slug");
    await expect(other.execute({ id: 1 })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/Prepared statements must be unique/) } });

    // Two first calls at once, with different SQL for one name: the second to run is refused.
    const first = handle.db.select({ id: stock.id }).from(stock).where(eq(stock.id, sql.placeholder("id"))).prepare("forecourt_test_race");
    const second = handle.db.select({ slug: stock.slug }).from(stock).where(eq(stock.id, sql.placeholder("id"))).prepare("forecourt_test_race");
    const [a, b] = await Promise.allSettled([first.execute({ id: 1 }), second.execute({ id: 1 })]);
    expect(a).toEqual({ status: "fulfilled", value: [{ id: 1 }] });
    expect(b).toMatchObject({ status: "rejected", reason: { cause: { message: expect.stringMatching(/Prepared statements must be unique/) } } });
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    const named = bySlug(handle.db).prepare("forecourt_test_by_slug");
    await named.execute({ siteId: 7, slug: "hilux-sr5" });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = handle.db
      .transaction(async (tx) => {
        await tx.insert(stock).values({ id: 4, siteId: 7, slug: "rolled-back", listedAt: new Date("2026-11-23T00:00:00Z") });
        inserted();
        await held;
        tx.rollback();
      })
      .catch(() => "rolled back");
    await insertDone;
    // Issued while the transaction holds an uncommitted row: it must not see it.
    const read = named.execute({ siteId: 7, slug: "rolled-back" });
    release();
    expect(await transaction).toBe("rolled back");
    expect(await read).toEqual([]);
  });
});

describe("PgliteNamedStatements on a PGlite instance", () => {
  it("serialises values by their parameter's type (jsonb, timestamptz) and applies a caller's parsers over PGlite's", async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client) as unknown as Database;
      await createStockTable(db);
      const statements = enableNamedStatements(db, client);
      expect(statements).toBeInstanceOf(PgliteNamedStatements);
      const insert = db
        .insert(stock)
        .values({ id: sql.placeholder("id"), siteId: 9, slug: "ranger", features: sql.placeholder("features"), listedAt: sql.placeholder("listedAt") })
        .returning()
        .prepare("forecourt_test_insert");
      const [row] = await insert.execute({ id: 10, features: ["bull bar"], listedAt: new Date("2026-11-24T05:00:00Z") });
      expect(row).toEqual({ id: 10, siteId: 9, slug: "ranger", price: null, features: ["bull bar"], listedAt: new Date("2026-11-24T05:00:00Z") });
      expect(statements.names()).toEqual(["forecourt_test_insert"]);
      const raw = await statements.query<{ slug: string }>("forecourt_test_raw", "select slug from named_test_stock where features @> $1 order by id", [JSON.stringify(["canopy"])]);
      expect(raw.rows).toEqual([{ slug: "hilux-sr5" }]);

      // A caller's parsers apply over PGlite's (merged once per parsers object, not per call).
      const byId = "select id, site_id from named_test_stock where id = $1";
      const tagged = { [types.INT4]: (value: string) => `int4:${value}` };
      const asArray = await statements.query<unknown[]>("forecourt_test_ids", byId, [1], { rowMode: "array", parsers: tagged });
      expect(asArray.rows).toEqual([["int4:1", "int4:7"]]);
      expect((await statements.query("forecourt_test_ids", byId, [3], { parsers: tagged })).rows).toEqual([{ id: "int4:3", site_id: "int4:8" }]);
      expect((await statements.query("forecourt_test_ids", byId, [3], { parsers: { [types.INT4]: (value: string) => Number(value) * 10 } })).rows).toEqual([
        { id: 30, site_id: 80 },
      ]);
      expect((await statements.query("forecourt_test_ids", byId, [3])).rows).toEqual([{ id: 3, site_id: 8 }]);
    } finally {
      await client.close();
    }
  });
});
