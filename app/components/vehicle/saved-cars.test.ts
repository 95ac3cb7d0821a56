import { afterEach, describe, expect, it, vi } from "vitest";
import { getSavedCars, getViewedCars, isSaved, recordViewedCar, storageKey, toggleSavedCar, VIEWED_CARS_LIMIT, type SavedCar } from "./saved-cars";
import { analyticsPayload, track } from "../analytics";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}
const car: SavedCar = { id: 7, name: "2020 Mazda CX-5", slug: "2020-mazda-cx-5-7", make: "Mazda", model: "CX-5", primary_image_url: null };

afterEach(() => vi.restoreAllMocks());

describe("favourites and viewed cars in browser storage (spec 4, 8, 9)", () => {
  it("keys are prefixed by the site slug, so two sites never share a list (spec 9)", () => {
    const s = memoryStorage();
    toggleSavedCar(s, "perth-toyota", car);
    expect([...s.map.keys()]).toEqual(["perth-toyota:favourites"]);
    expect(getSavedCars(s, "harbour-auto-group")).toEqual([]);
    expect(storageKey("x", "viewed_cars")).toBe("x:viewed_cars");
  });
  it("adding stores id, name, slug, make, model, primary_image_url; toggling again removes it (spec 4)", () => {
    const s = memoryStorage();
    expect(toggleSavedCar(s, "a", car)).toBe(true);
    expect(JSON.parse(s.map.get("a:favourites")!)).toEqual([car]);
    expect(isSaved(s, "a", 7)).toBe(true);
    expect(toggleSavedCar(s, "a", car)).toBe(false);
    expect(getSavedCars(s, "a")).toEqual([]);
  });
  it("compare mode keeps its own list", () => {
    const s = memoryStorage();
    toggleSavedCar(s, "a", car, "compare");
    expect(getSavedCars(s, "a", "compare")).toHaveLength(1);
    expect(getSavedCars(s, "a")).toHaveLength(0);
  });
  it("viewed cars: most recent first, no duplicates, capped", () => {
    const s = memoryStorage();
    for (let id = 1; id <= VIEWED_CARS_LIMIT + 3; id++) recordViewedCar(s, "a", { id, stocknum: `S${id}`, make: "M", model: "X", body: null, simple_body: null });
    recordViewedCar(s, "a", { id: 5, stocknum: "S5", make: "M", model: "X", body: null, simple_body: null });
    const list = getViewedCars(s, "a");
    expect(list).toHaveLength(VIEWED_CARS_LIMIT);
    expect(list[0].id).toBe(5);
    expect(list.filter((c) => c.id === 5)).toHaveLength(1);
  });
  it("a storage error when storing viewed cars is logged and ignored (spec 8)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = { getItem: () => "[]", setItem: () => { throw new Error("QuotaExceeded"); } };
    expect(() => recordViewedCar(broken, "a", { id: 1, stocknum: "S", make: "M", model: "X", body: null, simple_body: null })).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
  });
  it("unreadable JSON reads as an empty list", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(getSavedCars({ getItem: () => "{not json", setItem: () => {} }, "a")).toEqual([]);
  });
});

describe("analytics (spec 7 event ids, spec 8 failure = console warning only)", () => {
  it("pushes the event id and params onto dataLayer", () => {
    const target: { dataLayer?: unknown[] } = {};
    track(39, { vehicleMake: "Mazda" }, target);
    expect(target.dataLayer).toEqual([analyticsPayload(39, { vehicleMake: "Mazda" })]);
    expect(target.dataLayer?.[0]).toMatchObject({ event_id: 39, vehicleMake: "Mazda" });
  });
  it("never throws; a failing dataLayer only warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const target = { dataLayer: { push: () => { throw new Error("blocked"); } } as unknown as unknown[] };
    expect(() => track(61, {}, target)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
