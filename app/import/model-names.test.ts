import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadKnownModels, parseFeedText } from "./parse-feed";
import { canonicalModelName, modelKey } from "./model-names";

const reference = readFileSync("data/au_make_model_reference.csv", "utf8");
const lists = loadKnownModels(reference);

describe("model names through the make/model reference (issue 17)", () => {
  it("keeps one spelling per model for every make of the reference data", () => {
    for (const [make, models] of lists) {
      const keys = models.map(modelKey);
      expect(new Set(keys).size, `${make}: ${models.join(", ")}`).toBe(keys.length);
    }
    expect(lists.get("toyota")).toEqual(expect.arrayContaining(["HiAce", "LandCruiser", "RAV4"]));
    expect(lists.get("toyota")).not.toContain("Hiace");
    expect(lists.get("toyota")).not.toContain("Landcruiser");
    expect(lists.get("bmw")).toEqual(expect.arrayContaining(["330i", "320d", "320Ci", "740Li"]));
    expect(lists.get("bmw")).not.toContain("330I");
  });

  it("uses the manufacturer's capitalisation and completes truncated first words from the title", () => {
    expect(canonicalModelName("Toyota", "Hiace", "LWB", lists)).toEqual({ model: "HiAce", consumed: 0 });
    expect(canonicalModelName("BMW", "330I", "M Sport", lists)).toEqual({ model: "330i", consumed: 0 });
    expect(canonicalModelName("Toyota", "Land", "Cruiser Prado GXL", lists)).toEqual({ model: "LandCruiser", consumed: 1 });
    expect(canonicalModelName("Toyota", "Rav", "4 GX", lists)).toEqual({ model: "RAV4", consumed: 1 });
    expect(canonicalModelName("Mazda", "3", "SP25", lists)).toEqual({ model: "3", consumed: 0 });
    expect(canonicalModelName("Unknown Make", "Thing", "", lists)).toEqual({ model: "Thing", consumed: 0 });
  });

  it("the real data set imports with no 'Land', 'Rav', 'Hiace' or '330I' model left", () => {
    const parsed = parseFeedText(readFileSync("data/australian_vehicle_prices.csv", "utf8"), "australian_vehicle_prices.csv", lists);
    const models = new Set(parsed.rows.flatMap((r) => (r.ok ? [`${r.record.make}|${r.record.model}`] : [])));
    for (const bad of ["Toyota|Land", "Toyota|Rav", "Toyota|Hiace", "Toyota|Landcruiser", "BMW|330I", "BMW|320D"]) expect(models.has(bad), bad).toBe(false);
    for (const good of ["Toyota|LandCruiser", "Toyota|RAV4", "Toyota|HiAce", "BMW|330i"]) expect(models.has(good), good).toBe(true);
    const byKey = new Map<string, Set<string>>();
    for (const m of models) {
      const [make, model] = m.split("|");
      const key = `${make.toLowerCase()}|${modelKey(model)}`;
      byKey.set(key, (byKey.get(key) ?? new Set()).add(model));
    }
    const clashes = [...byKey.values()].filter((s) => s.size > 1).map((s) => [...s].join(" / "));
    expect(clashes).toEqual([]);
  });
});
