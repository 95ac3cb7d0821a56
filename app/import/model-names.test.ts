import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadKnownModels, parseFeedText } from "./parse-feed";
import { canonicalModelName, MANUFACTURER_MODEL_SPELLINGS, modelKey } from "./model-names";

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

describe("issue 52: names as the makers write them", () => {
  const parsed = parseFeedText(readFileSync("data/australian_vehicle_prices.csv", "utf8"), "australian_vehicle_prices.csv", lists);
  const ok = parsed.rows.flatMap((r) => (r.ok ? [r.record] : []));
  /** 200 titles spread evenly over the data set (deterministic). */
  const sample = Array.from({ length: 200 }, (_, i) => ok[Math.floor((i * ok.length) / 200)]);

  it("'Hyundai I30' is 'i30', and 'BMW 128TI 28TI' no longer repeats itself", () => {
    const i30 = ok.find((r) => r.make === "Hyundai" && modelKey(r.model) === "i30");
    expect(i30?.model).toBe("i30");
    const bmw = ok.filter((r) => r.make === "BMW" && modelKey(r.model) === "128ti");
    expect(bmw.length).toBeGreaterThan(0);
    for (const r of bmw) expect([r.model, r.badge]).toEqual(["128ti", null]);
    expect(canonicalModelName("Lexus", "RX450H", "Sports Luxury", lists).model).toBe("RX450h");
  });

  it("a sample of 200 titles: every model in the maker's spelling, no badge repeating the model", () => {
    expect(new Set(sample).size).toBe(200);
    const wrong: string[] = [];
    for (const r of sample) {
      const spelling = (lists.get(r.make.toLowerCase()) ?? []).find((m) => modelKey(m) === modelKey(r.model));
      if (spelling !== undefined && spelling !== r.model) wrong.push(`${r.make} ${r.model} (maker: ${spelling})`);
      const first = r.badge?.split(/\s+/)[0] ?? "";
      if (/\d/.test(first) && first.length < r.model.length && r.model.toLowerCase().endsWith(first.toLowerCase())) wrong.push(`${r.make} ${r.model} ${r.badge}`);
      const maker = MANUFACTURER_MODEL_SPELLINGS[r.make.toLowerCase()]?.find((m) => modelKey(m) === modelKey(r.model));
      if (maker !== undefined && maker !== r.model) wrong.push(`${r.make} ${r.model} (maker: ${maker})`);
    }
    expect(wrong).toEqual([]);
    // The sample holds the models this issue is about, so it can fail.
    expect(sample.filter((r) => ["i30", "RX450h", "i20", "ix35"].includes(r.model)).length).toBeGreaterThan(0);
  });
});
