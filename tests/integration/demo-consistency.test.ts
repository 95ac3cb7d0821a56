/**
 * Issue 52 item 4: the seeded demo sites agree with themselves (db/seed/demo-consistency.ts):
 * tags with the car's facts, comments with its type, the headline with the stock, sales stock at
 * sales yards, no placeholder prices. Seeds the real demo data once (about a minute under load).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { seedDemoSites } from "../../db/seed/seed";
import { demoConsistencyProblems } from "../../db/seed/demo-consistency";

let handle: DatabaseHandle;
beforeAll(async () => {
  // Always its own embedded database: the demo sites' slugs are fixed, so they cannot share one.
  handle = await openDatabase();
  await migrateDatabase(handle);
  await seedDemoSites(handle, { now: Date.UTC(2026, 10, 20) });
}, 600_000);
afterAll(async () => {
  await handle?.close();
});

describe("demo data consistency (issue 52)", () => {
  it("the seeded demo sites contradict themselves nowhere", async () => {
    const problems = await demoConsistencyProblems(handle.db);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
  });
});
