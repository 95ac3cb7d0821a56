import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, PGLITE_SHARED_BUFFERS } from "./client";

describe("embedded database memory (issue 15: RSS on PGlite)", () => {
  it("runs PGlite with a buffer pool of PGLITE_SHARED_BUFFERS, not Postgres's 128MB", async () => {
    const handle = await openDatabase({});
    try {
      const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
      expect(result.rows[0].shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(PGLITE_SHARED_BUFFERS).toBe("32MB");
    } finally {
      await handle.close();
    }
  });
});

/** The PostgreSQL of DATABASE_URL, when the suite runs on one (the setting has no meaning on PGlite). */
const postgresUrl = process.env.DATABASE_URL;

describe.skipIf(!postgresUrl)("parallelWorkers on PostgreSQL (issue 49 benchmarks)", () => {
  const setting = async (parallelWorkers?: number) => {
    const handle = await openDatabase({ url: postgresUrl, poolSize: 2, parallelWorkers });
    try {
      // Two statements at once: each pooled connection is set up, not only the first.
      const read = () => handle.db.execute(sql`select current_setting('max_parallel_workers_per_gather') as n, pg_backend_pid() as pid, pg_sleep(0.05)`) as unknown as Promise<{ rows: { n: string; pid: number }[] }>;
      const [a, b] = await Promise.all([read(), read()]);
      expect(a.rows[0].pid).not.toBe(b.rows[0].pid);
      return [a.rows[0].n, b.rows[0].n];
    } finally {
      await handle.close();
    }
  };

  it("sets max_parallel_workers_per_gather on every connection of the pool", async () => {
    expect(await setting(0)).toEqual(["0", "0"]);
    expect(await setting(3)).toEqual(["3", "3"]);
  });

  it("leaves the server's own setting when undefined", async () => {
    const [server] = await setting(undefined);
    expect(await setting(undefined)).toEqual([server, server]);
    expect(server).not.toBe("3");
  });

  it("refuses a value that is not an integer from 0 to 64", async () => {
    await expect(openDatabase({ url: postgresUrl, parallelWorkers: -1 })).rejects.toThrow(/parallelWorkers must be an integer 0-64/);
    await expect(openDatabase({ url: postgresUrl, parallelWorkers: 1.5 })).rejects.toThrow(/parallelWorkers must be an integer 0-64/);
  });
});

/**
 * node-postgres's deprecation of its client queue (a statement sent while another runs on the same
 * connection): Node emits it once a process, so it is collected from the whole file, whichever test
 * sends such statements first.
 */
const clientQueueWarnings: string[] = [];
process.on("warning", (warning) => {
  if (warning.message.includes("already executing a query")) clientQueueWarnings.push(warning.message);
});

describe.skipIf(!postgresUrl)("statements sent together on one connection (PostgreSQL)", () => {
  it("pipelines them in order, without node-postgres's deprecated client queue (the importer's look-ups behind its writes)", async () => {
    const handle = await openDatabase({ url: postgresUrl, poolSize: 1 });
    try {
      const result = await handle.db.transaction(async (tx) => {
        const read = (n: number) => (tx.execute(sql`select ${n}::int as n, pg_backend_pid() as pid`) as unknown as Promise<{ rows: { n: number; pid: number }[] }>).then((r) => r.rows[0]);
        return Promise.all([read(1), read(2), read(3), read(4)]);
      });
      // Node emits a warning on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(result.map((r) => r.n)).toEqual([1, 2, 3, 4]);
      expect(new Set(result.map((r) => r.pid)).size).toBe(1);
      expect(clientQueueWarnings).toEqual([]);
    } finally {
      await handle.close();
    }
  });
  it("fails the transaction at the first failed statement and leaves the connection usable", async () => {
    const handle = await openDatabase({ url: postgresUrl, poolSize: 1 });
    try {
      const attempt = handle.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 1 / 0`), tx.execute(sql`select 3`)]);
      });
      // The division's own error (SQLSTATE 22012), not the aborted transaction's of the statement behind it.
      await expect(attempt).rejects.toMatchObject({ cause: { code: "22012" } });
      const after = (await handle.db.execute(sql`select 7 as n, now() = statement_timestamp() as fresh`)) as unknown as { rows: { n: number; fresh: boolean }[] };
      expect(after.rows[0]).toEqual({ n: 7, fresh: true });
    } finally {
      await handle.close();
    }
  });
});
