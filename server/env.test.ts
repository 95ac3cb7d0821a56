/**
 * The environment schema's memory setting (issue 15 memory, docs/decisions/199) and drain before
 * shutdown (docs/decisions/220).
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

describe("SHUTDOWN_DRAIN_MS (decision 220)", () => {
  it("defaults to 0: the server stops at once", () => {
    expect(loadEnv({}).SHUTDOWN_DRAIN_MS).toBe(0);
  });

  it("accepts whole milliseconds from 0 to 120000", () => {
    expect(loadEnv({ SHUTDOWN_DRAIN_MS: "0" }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadEnv({ SHUTDOWN_DRAIN_MS: "15000" }).SHUTDOWN_DRAIN_MS).toBe(15_000);
    expect(loadEnv({ SHUTDOWN_DRAIN_MS: "120000" }).SHUTDOWN_DRAIN_MS).toBe(120_000);
  });

  it.each(["-1", "120001", "1.5", "15s", "lots"])("rejects %s, naming the variable", (value) => {
    expect(() => loadEnv({ SHUTDOWN_DRAIN_MS: value })).toThrow(/Invalid environment: SHUTDOWN_DRAIN_MS/);
  });
});

describe("READ_MODEL_MB (issue 54, decision 259)", () => {
  it("defaults to 1024 MB of search read models", () => {
    expect(loadEnv({}).READ_MODEL_MB).toBe(1024);
  });

  it("accepts whole MB from 16 to 65536", () => {
    expect(loadEnv({ READ_MODEL_MB: "16" }).READ_MODEL_MB).toBe(16);
    expect(loadEnv({ READ_MODEL_MB: "65536" }).READ_MODEL_MB).toBe(65_536);
  });

  it.each(["15", "65537", "1.5", "1GB"])("rejects %s, naming the variable", (value) => {
    expect(() => loadEnv({ READ_MODEL_MB: value })).toThrow(/Invalid environment: READ_MODEL_MB/);
  });
});

describe("DATABASE_PARALLEL_WORKERS (issue 49 benchmarks)", () => {
  it("is unset by default: PostgreSQL's own setting stands", () => {
    expect(loadEnv({}).DATABASE_PARALLEL_WORKERS).toBeUndefined();
    expect(loadEnv({ DATABASE_PARALLEL_WORKERS: "" }).DATABASE_PARALLEL_WORKERS).toBeUndefined();
  });

  it("accepts whole numbers from 0 to 64", () => {
    expect(loadEnv({ DATABASE_PARALLEL_WORKERS: "0" }).DATABASE_PARALLEL_WORKERS).toBe(0);
    expect(loadEnv({ DATABASE_PARALLEL_WORKERS: "64" }).DATABASE_PARALLEL_WORKERS).toBe(64);
  });

  it.each(["-1", "65", "1.5", "none"])("rejects %s, naming the variable", (value) => {
    expect(() => loadEnv({ DATABASE_PARALLEL_WORKERS: value })).toThrow(/Invalid environment: DATABASE_PARALLEL_WORKERS/);
  });
});
