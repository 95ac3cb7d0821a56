import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFeedText } from "../../app/import/parse-feed";
import { isJustArrived } from "../../app/domain/display/tags";
import { COMPARE_FIXTURE_SITE, compareFixtureRecords, demoDealerComments, demoListedDate, galleryFixtureRecord } from "./presentation";
import { DEMO_SITES } from "./demo-sites";

const NOW = Date.parse("2026-11-22T12:00:00Z");

describe("demo stock that looks intentional (issue 17)", () => {
  it("spreads listed dates so only a few cars per thousand are just arrived (spec 9: 8 days)", () => {
    const stock = Array.from({ length: 5000 }, (_, i) => `AVP-${i}`);
    const recent = stock.filter((s) => isJustArrived(`${demoListedDate(s, NOW)}T00:00:00Z`, new Date(NOW), 8)).length;
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(5000 * 0.01);
    const oldest = Math.min(...stock.map((s) => Date.parse(demoListedDate(s, NOW))));
    expect((NOW - oldest) / 86_400_000).toBeLessThanOrEqual(241);
  });

  it("writes each car's comments from its own fields, marked as demo text", () => {
    const caravans = parseFeedText(readFileSync("data/demo-caravans.json", "utf8"), "demo-caravans.json", new Map());
    const tandem = caravans.rows.find((r) => r.ok && r.record.axle_type === "Tandem");
    if (!tandem?.ok) throw new Error("no tandem caravan in the demo data");
    const text = demoDealerComments(tandem.record);
    expect(text.startsWith("Demo listing:")).toBe(true);
    expect(text).toContain("tandem axle");
    expect(text).not.toContain("Generated demo listing");
    const car = galleryFixtureRecord(NOW);
    expect(car.dealer_comments).toContain("2021 Mazda CX-5 Maxx Sport (FWD) in Soul Red Crystal.");
    expect(car.dealer_comments).toContain("41,250 km on the odometer");
    expect(car.images).toHaveLength(5);
    expect(car.price_basis).toBe("drive_away");
  });
});

describe("a demo site that enables a feature shows it (issue 51: sunshine's compare mode never showed)", () => {
  it("the site with compare mode in strict mode (toggle only on cars with photos) is seeded cars with photos", () => {
    const strictCompare = DEMO_SITES.filter((s) => {
      const features = (s.config as { features?: { compare?: boolean; favouritesStrict?: boolean } }).features;
      return features?.compare && features.favouritesStrict;
    });
    expect(strictCompare.map((s) => s.slug)).toEqual([COMPARE_FIXTURE_SITE]);
    const cars = compareFixtureRecords(NOW);
    expect(cars.length).toBeGreaterThanOrEqual(2);
    for (const car of cars) expect(car.images.length).toBeGreaterThan(0);
    expect(new Set(cars.map((c) => c.stock_number)).size).toBe(cars.length);
  });
});
