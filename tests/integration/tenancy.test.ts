/**
 * DESIGN.md section 3: one site cannot read another site's stock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { emptySearchQuery } from "../../app/search/params";
import { eq } from "drizzle-orm";
import { cars } from "../../db/schema/index";
import { getCarBySlug } from "../../app/services/cars.server";
import { getSiteBySlug, listSites } from "../../app/services/sites.server";
import { findSimilarStock, loadSearchDocs, searchStock } from "../../app/services/search.server";
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
  it("getSiteBySlug finds the one site of a slug, as listSites resolves it, and null for an unknown slug", async () => {
    const [listed] = await listSites(handle.db, [siteB.id]);
    expect(await getSiteBySlug(handle.db, siteB.slug)).toEqual(listed);
    expect((await getSiteBySlug(handle.db, siteA.slug))?.id).toBe(siteA.id);
    expect(await getSiteBySlug(handle.db, "no-such-site")).toBeNull();
  });

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
    const similar = await findSimilarStock(handle.db, siteB, { id: found.car.id, make: found.car.make, body: found.car.simpleBody, price: found.car.price });
    expect(similar).toEqual([]);
    // Site A's Corolla is offered site A's Camry only (decision 189: from site A's own search documents).
    const corolla = await getCarBySlug(handle.db, siteA, `2020-toyota-corolla-maxx-sport-${shared.toLowerCase()}`);
    if (corolla.kind !== "found") throw new Error("fixture missing");
    const onA = await findSimilarStock(handle.db, siteA, { id: corolla.car.id, make: corolla.car.make, body: corolla.car.simpleBody, price: corolla.car.price });
    expect(onA.map((d) => `${d.make} ${d.model}`)).toEqual(["Toyota Camry"]);
  });

  it("similar stock is chosen once per stock version: a car sold leaves it at the next version (decision 198)", async () => {
    const corolla = await getCarBySlug(handle.db, siteA, `2020-toyota-corolla-maxx-sport-${shared.toLowerCase()}`);
    if (corolla.kind !== "found") throw new Error("fixture missing");
    const like = { id: corolla.car.id, make: corolla.car.make, body: corolla.car.simpleBody, price: corolla.car.price };
    const first = await findSimilarStock(handle.db, siteA, like);
    expect(first.map((d) => d.model)).toEqual(["Camry"]);
    expect(await findSimilarStock(handle.db, siteA, like)).toBe(first);

    await handle.db.update(cars).set({ status: "sold" }).where(eq(cars.id, first[0].id));
    const sold = await getSiteBySlug(handle.db, siteA.slug);
    expect(sold!.stockVersion).toBeGreaterThan(siteA.stockVersion);
    expect(await findSimilarStock(handle.db, sold!, like)).toEqual([]);
  });
});
