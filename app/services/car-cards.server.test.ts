import { describe, expect, it } from "vitest";
import { SiteConfigSchema, type SiteConfigInput } from "~/sites/site-config";
import type { Site } from "~/sites/site";
import { makeDoc } from "~/search/testing/fixtures";
import { searchHitToCard } from "~/components/vehicle/car-card-data";
import { isStableCard } from "~/components/vehicle/stable-cards";
import { CARD_TTL_MS, searchHitCard } from "./car-cards.server";

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
});
