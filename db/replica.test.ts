/**
 * Issue 55 read replica routing (db/replica.ts) on two embedded databases standing in for a
 * primary and its replica (a real streaming replica: tests/integration/read-replica.test.ts).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "./client";
import { attachReplica, readLagTolerant, ReadReplica, replicaOf, type ReplicaOutcome } from "./replica";

let primary: DatabaseHandle;
let standby: DatabaseHandle;
const site = { id: 1, stockVersion: 5, configVersion: 3 };

async function whoAnswers(db: Database): Promise<string> {
  const result = await db.execute(sql`select name from whoami`);
  return ((Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows) as { name: string }[])[0].name;
}

beforeAll(async () => {
  [primary, standby] = await Promise.all([openDatabase(), openDatabase()]);
  for (const [handle, name] of [[primary, "primary"], [standby, "replica"]] as const) {
    await handle.db.execute(sql`create table sites (id int primary key, stock_version int not null, config_version int not null)`);
    await handle.db.execute(sql`create table whoami (name text)`);
    await handle.db.execute(sql.raw(`insert into whoami values ('${name}')`));
  }
  await primary.db.execute(sql`insert into sites values (1, 5, 3)`);
});
afterAll(async () => {
  await Promise.all([primary?.close(), standby?.close()]);
});

describe("lag-tolerant reads (issue 55 read replica; spec 4 search read model)", () => {
  it("without a replica, reads run on the primary", async () => {
    expect(replicaOf(primary.db)).toBeUndefined();
    expect(await readLagTolerant(primary.db, whoAnswers, site)).toBe("primary");
  });

  it("reads a replica that has replayed the site's versions; a replica behind either version is passed over", async () => {
    const outcomes: ReplicaOutcome[] = [];
    attachReplica(primary.db, new ReadReplica(standby.db, { onRead: (o) => outcomes.push(o) }));
    await standby.db.execute(sql`insert into sites values (1, 4, 3)`);
    expect(await readLagTolerant(primary.db, whoAnswers, site)).toBe("primary");
    await standby.db.execute(sql`update sites set stock_version = 5, config_version = 2`);
    expect(await readLagTolerant(primary.db, whoAnswers, site)).toBe("primary");
    await standby.db.execute(sql`update sites set stock_version = 6, config_version = 3`);
    expect(await readLagTolerant(primary.db, whoAnswers, site)).toBe("replica");
    // Without a site the read is not tied to versions: the replica answers.
    await standby.db.execute(sql`update sites set stock_version = 0`);
    expect(await readLagTolerant(primary.db, whoAnswers)).toBe("replica");
    expect(outcomes).toEqual(["behind", "behind", "replica", "replica"]);
  });

  it("a failed replica read is answered by the primary; the replica is skipped for retryMs, then used again", async () => {
    const outcomes: ReplicaOutcome[] = [];
    const downs: unknown[] = [];
    const replica = new ReadReplica(standby.db, { retryMs: 200, onRead: (o) => outcomes.push(o), onDown: (e) => downs.push(e) });
    attachReplica(primary.db, replica);
    let broken = true;
    const read = async (db: Database) => {
      if (db === standby.db && broken) throw new Error("connection refused");
      return whoAnswers(db);
    };
    expect(await readLagTolerant(primary.db, read)).toBe("primary");
    expect(await readLagTolerant(primary.db, read)).toBe("primary");
    expect(outcomes).toEqual(["failed", "down"]);
    expect(downs).toHaveLength(1);
    expect(replica.available()).toBe(false);
    broken = false;
    while (!replica.available()) await new Promise((ok) => setTimeout(ok, 20));
    expect(await readLagTolerant(primary.db, read)).toBe("replica");
    expect(outcomes.at(-1)).toBe("replica");
  });

  it("an error on both is the primary's", async () => {
    attachReplica(primary.db, new ReadReplica(standby.db));
    await expect(readLagTolerant(primary.db, async (db) => (db === standby.db ? Promise.reject(new Error("replica")) : Promise.reject(new Error("primary"))))).rejects.toThrow("primary");
  });
});
