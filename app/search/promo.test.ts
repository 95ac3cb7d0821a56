import { describe, expect, it } from "vitest";
import { insertPromoCards, isPromoCardShown, type PromoCard } from "./promo.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 6, 10);
const card = (overrides: Partial<PromoCard> = {}): PromoCard => ({
  id: 1, name: "Sale", description: "", imageUrl: null, linkUrl: null, carType: null, finance: null,
  startsAt: Date.UTC(2025, 6, 1), expiresAt: Date.UTC(2025, 6, 24), ...overrides,
});

describe("promo card dates and car types (spec 4)", () => {
  it("shows only between start and expiry (the 2025-07-01 to 2025-07-24 sale event)", () => {
    expect(isPromoCardShown(card(), NOW, [], false)).toBe(true);
    expect(isPromoCardShown(card(), Date.UTC(2025, 5, 30), [], false)).toBe(false);
    expect(isPromoCardShown(card(), Date.UTC(2025, 6, 24) + DAY, [], false)).toBe(false);
    expect(isPromoCardShown(card({ startsAt: null, expiresAt: null }), NOW, [], false)).toBe(true);
  });
  it("shows a car-type card for that car type, and with no car type refined unless strict", () => {
    const used = card({ carType: "used" });
    expect(isPromoCardShown(used, NOW, ["used"], false)).toBe(true);
    expect(isPromoCardShown(used, NOW, ["new"], false)).toBe(false);
    expect(isPromoCardShown(used, NOW, [], false)).toBe(true);
    expect(isPromoCardShown(used, NOW, [], true)).toBe(false);
    expect(isPromoCardShown(used, NOW, ["demo", "used"], true)).toBe(false);
    expect(isPromoCardShown(used, NOW, ["used"], true)).toBe(true);
  });
});

describe("promo card positions (spec 2.2: 4, 6, 8, 9, 17)", () => {
  const cars = Array.from({ length: 21 }, (_, i) => i + 1);
  const promos = [1, 2, 3, 4, 5, 6].map((id) => card({ id }));
  it("puts the i-th card at the i-th position of the grid", () => {
    const slots = insertPromoCards(cars, promos, [4, 6, 8, 9, 17]);
    const at = slots.flatMap((s, i) => (s.kind === "promo" ? [[i + 1, s.promo.id]] : []));
    expect(at).toEqual([[4, 1], [6, 2], [8, 3], [9, 4], [17, 5]]);
    expect(slots.filter((s) => s.kind === "car").map((s) => (s.kind === "car" ? s.car : 0))).toEqual(cars);
  });
  it("drops positions past the end of a short page", () => {
    const slots = insertPromoCards([1, 2, 3, 4, 5], promos, [4, 6, 8]);
    expect(slots.map((s) => (s.kind === "car" ? s.car : `p${s.promo.id}`))).toEqual([1, 2, 3, "p1", 4, "p2", 5]);
  });
});
