import { describe, expect, it } from "vitest";
import { makeDoc } from "./testing/fixtures";
import { mergeSimilar, similarStock } from "./similar";
import type { SearchDoc } from "./types";

const ids = (docs: SearchDoc[]) => docs.map((d) => d.id);

/** A seeded generator of random stock (up to 60 cars), a car to match and a limit. */
function randomStock(seed: number) {
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const pick = <T,>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const stock = () => {
    const docs = Array.from({ length: 1 + Math.floor(random() * 60) }, (_, i) =>
      makeDoc({ id: i + 1, make: pick(["Toyota", "Mazda", "Ford"]), body: pick(["SUV", "Ute", null]), price: pick([null, 10_000, 20_000, 25_000, 30_000]), status: pick(["in_stock", "in_stock", "sold", "coming_soon"]) }),
    );
    const target = { id: pick(docs).id, make: pick(["Toyota", "Mazda"]), body: pick(["SUV", null]), price: pick([null, 22_000]) };
    return { docs, target, limit: Math.floor(random() * 8) };
  };
  return { random, pick, stock };
}

describe("similar stock from the search documents (VDP, decision 189)", () => {
  const car = { id: 1, make: "Toyota", body: "SUV", price: 30_000 };

  it("same make first, then same body type, then the closest price, then the lowest id; never the car itself", () => {
    const docs = [
      makeDoc({ id: 1, make: "Toyota", body: "SUV", price: 30_000 }),
      makeDoc({ id: 2, make: "Mazda", body: "SUV", price: 30_000 }),
      makeDoc({ id: 3, make: "Toyota", body: "Sedan", price: 30_000 }),
      makeDoc({ id: 4, make: "Toyota", body: "SUV", price: 35_000 }),
      makeDoc({ id: 5, make: "Toyota", body: "SUV", price: 26_000 }),
      makeDoc({ id: 6, make: "Toyota", body: "SUV", price: 34_000 }),
      makeDoc({ id: 7, make: "toyota", body: "SUV", price: 30_000 }),
    ];
    // 6 and 5 are 4,000 away: the lower id first. "toyota" is another spelling, as in the SQL it replaces.
    expect(ids(similarStock(docs, car, 10))).toEqual([5, 6, 4, 3, 2, 7]);
    expect(ids(similarStock(docs, car, 2))).toEqual([5, 6]);
    expect(similarStock(docs, car, 0)).toEqual([]);
  });

  it("only cars in stock (in_stock, coming_soon) and shown on the dealer website", () => {
    const docs = [
      makeDoc({ id: 2, status: "sold", soldAt: 1 }),
      makeDoc({ id: 3, status: "coming_soon" }),
      makeDoc({ id: 4, showOnDealerWebsite: false }),
      makeDoc({ id: 5, status: "withdrawn" }),
      makeDoc({ id: 6, status: "in_stock" }),
    ];
    expect(ids(similarStock(docs, car))).toEqual([3, 6]);
  });

  it("a null body matches a null body; null prices count as 0", () => {
    const docs = [makeDoc({ id: 2, body: null, price: null }), makeDoc({ id: 3, body: null, price: 1_000 }), makeDoc({ id: 4, body: "SUV", price: 90_000 })];
    expect(ids(similarStock(docs, { id: 1, make: "Toyota", body: null, price: null }))).toEqual([2, 3, 4]);
  });

  it("agrees with sorting the whole stock, for any stock and any limit", () => {
    const { stock } = randomStock(7);
    for (let round = 0; round < 50; round++) {
      const { docs, target, limit } = stock();
      const rank = (d: SearchDoc) => [d.make === target.make ? 0 : 1, d.body === target.body ? 0 : 1, Math.abs((d.price ?? 0) - (target.price ?? 0)), d.id];
      const expected = docs
        .filter((d) => d.id !== target.id && (d.status === "in_stock" || d.status === "coming_soon"))
        .sort((a, b) => {
          const [x, y] = [rank(a), rank(b)];
          return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3];
        })
        .slice(0, limit);
      expect(ids(similarStock(docs, target, limit))).toEqual(ids(expected));
    }
  });

  it("skips the stock numbers the site excludes (never shown on the site)", () => {
    const docs = [makeDoc({ id: 2, stockNumber: "KEEP" }), makeDoc({ id: 3, stockNumber: "HIDE" }), makeDoc({ id: 4, stockNumber: "ALSO" })];
    expect(ids(similarStock(docs, car, 6, ["HIDE", "ALSO"]))).toEqual([2]);
  });
});

describe("similar stock across a dealer group's sites (issue 54 item 7)", () => {
  it("merging each site's own best list gives the best of all their cars, in one list's order, for any split and limit", () => {
    const { random, stock } = randomStock(11);
    for (let round = 0; round < 50; round++) {
      const { docs, target, limit } = stock();
      // The cars split among three sites at random; each site chooses its own best `limit`.
      const owner = docs.map(() => Math.floor(random() * 3));
      const sites = [0, 1, 2].map((site) => docs.filter((_, i) => owner[i] === site));
      const lists = sites.map((own, site) => similarStock(own, target, limit).map((doc) => ({ site, doc })));
      const merged = mergeSimilar(lists, target, limit);
      expect(ids(merged.map((m) => m.doc))).toEqual(ids(similarStock(sites.flat(), target, limit)));
      for (const m of merged) expect(sites[m.site]).toContain(m.doc);
    }
  });
});
