/**
 * DESIGN.md section 3: one site cannot read another site's stock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { emptySearchQuery } from "../../app/search/params";
import { getCarBySlug, getSimilarCars } from "../../app/services/cars.server";
import { loadSearchDocs, searchStock } from "../../app/services/search.server";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
let siteA: Site;
let siteB: Site;
const shared = "SAME-STOCK-1";
beforeAll(async () => {
  handle = await openTestDatabase();
  siteA = await createTestSite(handle);
  siteB = await createTestSite(handle);
  // Both sites use the same stock number: stock numbers are unique per site, not globally.
  await importStock(handle.db, siteA, feed([stockRecord({ stock_number: shared, make: "Toyota", model: "Corolla" }), stockRecord({ make: "Toyota", model: "Camry" })]));
  await importStock(handle.db, siteB, feed([stockRecord({ stock_number: shared, make: "Ford", model: "Ranger" })]));
});
afterAll(async () => {
  await handle?.close();
});

describe(`tenancy (${ENGINE})`, () => {
  it("a car slug of site A is not found on site B", async () => {
    const slugA = `2020-toyota-corolla-maxx-sport-${shared.toLowerCase()}`;
    expect((await getCarBySlug(handle.db, siteA, slugA)).kind).toBe("found");
    expect((await getCarBySlug(handle.db, siteB, slugA)).kind).toBe("not-found");
  });

  it("search documents and results of a site hold only its own cars", async () => {
    const docsB = await loadSearchDocs(handle.db, siteB);
    expect(docsB.map((d) => d.make)).toEqual(["Ford"]);
    const resultA = await searchStock(handle.db, siteA, emptySearchQuery());
    expect(resultA.count).toBe(2);
    expect(resultA.facets.make.map((f) => f.value)).toEqual(["Toyota"]);
  });

  it("similar cars never come from another site", async () => {
    const found = await getCarBySlug(handle.db, siteB, `2020-ford-ranger-maxx-sport-${shared.toLowerCase()}`);
    if (found.kind !== "found") throw new Error("fixture missing");
    const similar = await getSimilarCars(handle.db, siteB, found.car);
    expect(similar).toEqual([]);
  });
});
