/**
 * The environment schema's memory setting (issue 15 memory, docs/decisions/199).
 */
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("HEAP_GROWING_PERCENT (decisions 199, 200 and 202)", () => {
  it("defaults to 40: the heap may grow to 1.4 times its live data", () => {
    expect(loadEnv({}).HEAP_GROWING_PERCENT).toBe(40);
  });

  it("accepts 0 (V8's own factor) and whole percentages up to 400", () => {
    expect(loadEnv({ HEAP_GROWING_PERCENT: "0" }).HEAP_GROWING_PERCENT).toBe(0);
    expect(loadEnv({ HEAP_GROWING_PERCENT: "400" }).HEAP_GROWING_PERCENT).toBe(400);
  });

  it.each(["-1", "401", "1.5", "lots"])("rejects %s, naming the variable", (value) => {
    expect(() => loadEnv({ HEAP_GROWING_PERCENT: value })).toThrow(/Invalid environment: HEAP_GROWING_PERCENT/);
  });
});
