/**
 * The console's "contains" searches read their trigram indexes (issue 49: stock at 20,000 cars,
 * the leads inbox at 100,000 leads). An expression index serves only the identical expression,
 * so this fails when a search's text and its index (migration 0039) drift apart, on either engine
 * (pg_trgm is loaded into PGlite too). Sequential scans are priced out for the EXPLAIN, since on a
 * test's few rows the planner would rightly prefer them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { cars, leads } from "../../db/schema/index";
import { carTextContains, leadPersonalTextContains } from "../../app/console/search-text.server";
import { ENGINE, openTestDatabase } from "./database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

/** The plan of `query` as text, with sequential scans priced out. */
async function planOf(query: SQL): Promise<string> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows.map((r) => Object.values(r)[0]).join("\n");
  });
}

describe(`console search indexes (${ENGINE})`, () => {
  it("finds a car by part of its stock number, VIN, rego, make, model or badge through cars_search_trgm", async () => {
    const plan = await planOf(sql`select ${cars.id} from ${cars} where ${carTextContains("BS0123")}`);
    expect(plan).toContain("cars_search_trgm");
  });

  it("finds a lead by part of the shopper's name, e-mail or phone through leads_personal_trgm", async () => {
    const plan = await planOf(sql`select ${leads.id} from ${leads} where ${leadPersonalTextContains("Shopper4242")}`);
    expect(plan).toContain("leads_personal_trgm");
  });
});
