import { afterAll, describe, expect, it } from "vitest";
import { ENCODE_BATCH_DOCS, buildReadModelOffThread, closeReadModelBuilder } from "./read-model-builder.ts";
import { SearchReadModel } from "./read-model.ts";
import { DEFAULT_VISIBILITY, makeQuery } from "./testing/fixtures.ts";
import { syntheticStock } from "./testing/synthetic-stock.ts";
import type { SearchDoc, SearchQuery } from "./types.ts";

afterAll(() => closeReadModelBuilder());

/** Searches whose answers depend on every indexed field the tests below change. */
const QUERIES: SearchQuery[] = [
  makeQuery({ sortBy: "price_asc" }),
  makeQuery({ sortBy: "price_desc", page: 3 }),
  makeQuery({ sortBy: "latest", refinements: { make: ["Toyota", "Kia"] } }),
  makeQuery({ ranges: { price: { min: 1, max: 20_000 } }, sortBy: "price_asc" }),
  makeQuery({ query: "SYN2600" }),
];

/** Each query's count and hit ids: what a shopper sees. */
function answers(model: SearchReadModel): { count: number; ids: number[] }[] {
  return QUERIES.map((q) => {
    const r = model.search(q, DEFAULT_VISIBILITY);
    return { count: r.count, ids: r.hits.map((h) => h.id) };
  });
}

const CARS = 5 * ENCODE_BATCH_DOCS + 500; // six batches, the last one half full

describe("read-model builds on the worker re-encode only the batches whose cars changed (issue 54 item 1)", () => {
  it("a price change encodes the one batch holding the car; the model answers as one built from scratch", async () => {
    const stock = syntheticStock(CARS);
    const first = await buildReadModelOffThread(stock, { textIndex: true });
    expect(first.thread).toBe("worker");
    expect(first.encoded?.batches).toHaveLength(6);
    expect(first.encoded?.batches[0].buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(first.reusedBatches).toBe(0);
    expect(first.encodedBytes).toBe(first.encoded?.bytes);

    // Car 2,600 (third batch) is now the cheapest.
    const changed: SearchDoc[] = stock.map((doc, i) => (i === 2_599 ? { ...doc, price: 1 } : doc));
    const second = await buildReadModelOffThread(changed, { textIndex: true, previous: first.encoded });
    expect(second.reusedBatches).toBe(5);
    expect(second.encoded?.batches[0]).toBe(first.encoded?.batches[0]);
    expect(second.encoded?.batches[2]).not.toBe(first.encoded?.batches[2]);
    expect(second.encodedBytes).toBe(second.encoded?.batches[2].byteLength);
    expect(second.model.search(makeQuery({ sortBy: "price_asc", hitsPerPage: 1 }), DEFAULT_VISIBILITY).hits[0]).toBe(changed[2_599]);
    expect(answers(second.model)).toEqual(answers(SearchReadModel.build(changed)));
    // The first version's model still answers as before: its batches were read, not moved.
    expect(answers(first.model)).toEqual(answers(SearchReadModel.build(stock)));
  });

  it("a car removed near the start moves every later car, so every batch is encoded again", async () => {
    const stock = syntheticStock(CARS);
    const first = await buildReadModelOffThread(stock);
    const removed = stock.filter((_, i) => i !== 10);
    const second = await buildReadModelOffThread(removed, { previous: first.encoded });
    expect(second.reusedBatches).toBe(0);
    expect(answers(second.model)).toEqual(answers(SearchReadModel.build(removed)));
  });

  it("a new car at the end re-encodes the last batch only; equal documents that are other objects are encoded again", async () => {
    const stock = syntheticStock(CARS);
    const first = await buildReadModelOffThread(stock);
    const added = [...stock, ...syntheticStock(1, 900_000)];
    const second = await buildReadModelOffThread(added, { previous: first.encoded });
    expect(second.reusedBatches).toBe(5);
    expect(answers(second.model)).toEqual(answers(SearchReadModel.build(added)));

    const copies = added.map((doc) => ({ ...doc }));
    const third = await buildReadModelOffThread(copies, { previous: second.encoded });
    expect(third.reusedBatches).toBe(0);
    expect(answers(third.model)).toEqual(answers(SearchReadModel.build(copies)));
  });
});
