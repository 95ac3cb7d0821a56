import { describe, expect, it } from "vitest";
import { SiteConfigSchema, type SiteConfigInput } from "~/sites/site-config";
import type { Site } from "~/sites/site";
import { makeDoc } from "~/search/testing/fixtures";
import { searchHitToCard } from "~/components/vehicle/car-card-data";
import { isStableCard } from "~/components/vehicle/stable-cards";
import { CARD_TTL_MS, CardMemo, searchHitCard } from "./car-cards.server";

const NOW = Date.parse("2026-06-01T00:00:00Z");
function site(configVersion = 0, config: SiteConfigInput = {}): Site {
  return { id: 1, slug: "s", name: "S", hosts: [], dealerGroup: null, config: SiteConfigSchema.parse(config), stockVersion: 1, configVersion };
}

describe("memoised car cards (spec 2.3, issue 15, decision 189)", () => {
  it("one card object per search document, site config version and minute; equal to the card built directly", () => {
    const doc = makeDoc({ id: 1, price: 30_000 });
    const first = searchHitCard(site(), doc, NOW);
    expect(first).toEqual(searchHitToCard(site(), doc, new Date(NOW)));
    expect(isStableCard(first)).toBe(true);
    expect(searchHitCard(site(), doc, NOW + CARD_TTL_MS - 1)).toBe(first);
    // Another document (a new stock version's) for the same car: its own card.
    expect(searchHitCard(site(), { ...doc, price: 28_000 }, NOW)).not.toBe(first);
    expect(searchHitCard(site(), { ...doc, price: 28_000 }, NOW).priceText).toBe("$28,000");
  });

  it("builds the card again for a new config version (a renamed button shows at once) and after CARD_TTL_MS", () => {
    const doc = makeDoc({ id: 2 });
    const first = searchHitCard(site(0), doc, NOW);
    const renamed = searchHitCard(site(1, { display: { detailsButtonLabel: "Explore Vehicle" } }), doc, NOW);
    expect(renamed).not.toBe(first);
    expect(renamed.buttons.map((b) => b.label)).toContain("Explore Vehicle");
    const later = searchHitCard(site(1, { display: { detailsButtonLabel: "Explore Vehicle" } }), doc, NOW + CARD_TTL_MS);
    expect(later).not.toBe(renamed);
    expect(later).toEqual(searchHitToCard(site(1, { display: { detailsButtonLabel: "Explore Vehicle" } }), doc, new Date(NOW + CARD_TTL_MS)));
  });

  it("a card built directly (for one request) is not marked stable", () => {
    expect(isStableCard(searchHitToCard(site(), makeDoc({ id: 3 }), new Date(NOW)))).toBe(false);
  });

  it("drops cards past CARD_TTL_MS, and the least recently built past its limit (no weak entries: decision 383)", () => {
    const memo = new CardMemo(3);
    const docs = [1, 2, 3, 4].map((id) => makeDoc({ id }));
    const built = docs.slice(0, 3).map((d) => memo.card(site(), d, NOW));
    expect(memo.size).toBe(3);
    // A card built again (a new config version) moves to the end: the fourth card then pushes out the second.
    expect(memo.card(site(), docs[0], NOW + 1_000)).toBe(built[0]);
    memo.card(site(1), docs[0], NOW + 1_000);
    memo.card(site(), docs[3], NOW + 1_000);
    expect(memo.size).toBe(3);
    expect(memo.card(site(), docs[2], NOW + 2_000)).toBe(built[2]);
    expect(memo.card(site(), docs[1], NOW + 2_000)).not.toBe(built[1]);
    // A minute on, a sweep drops every card built before it: the next call builds afresh.
    const later = NOW + 2_000 + CARD_TTL_MS;
    const fresh = memo.card(site(), docs[3], later);
    expect(memo.size).toBe(1);
    expect(fresh).toEqual(searchHitToCard(site(), docs[3], new Date(later)));
    expect(memo.card(site(), docs[3], later + 1)).toBe(fresh);
  });
});
