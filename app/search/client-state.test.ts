import { describe, expect, it } from "vitest";
import { SearchResultCache, readSearchHistory, recordSearchHistory, searchHistoryKey } from "./client-state.ts";

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe("client search cache (spec 9: 10 entries, oldest evicted first)", () => {
  it("keeps the last 10 keys and evicts the oldest", () => {
    const cache = new SearchResultCache<number>();
    for (let i = 1; i <= 11; i++) cache.set(`k${i}`, i);
    expect(cache.get("k1")).toBeUndefined();
    expect(cache.get("k2")).toBe(2);
    expect(cache.keys()).toHaveLength(10);
  });
  it("re-storing a key makes it the newest", () => {
    const cache = new SearchResultCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 3);
    cache.set("c", 4);
    expect(cache.keys()).toEqual(["a", "c"]);
  });
});

describe("search history (spec 9: 5 entries, per site, non-empty filters only)", () => {
  it("keeps the last 5 searches with filters, newest first, without repeats", () => {
    const s = memoryStorage();
    for (let i = 1; i <= 6; i++) recordSearchHistory(s, "perth", { href: `/search?make=M${i}`, label: `M${i}` }, true);
    recordSearchHistory(s, "perth", { href: "/search?make=M3", label: "M3" }, true);
    expect(readSearchHistory(s, "perth").map((e) => e.label)).toEqual(["M3", "M6", "M5", "M4", "M2"]);
  });
  it("ignores searches without filters and keys history by site slug", () => {
    const s = memoryStorage();
    recordSearchHistory(s, "a", { href: "/search", label: "All" }, false);
    recordSearchHistory(s, "b", { href: "/search?body=SUV", label: "SUV" }, true);
    expect(readSearchHistory(s, "a")).toEqual([]);
    expect([...s.data.keys()]).toEqual([searchHistoryKey("b")]);
  });
  it("treats malformed storage as empty", () => {
    const s = memoryStorage();
    s.setItem(searchHistoryKey("a"), "{not json");
    expect(readSearchHistory(s, "a")).toEqual([]);
  });
});
