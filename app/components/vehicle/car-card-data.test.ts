import { describe, expect, it } from "vitest";
import { SiteConfigSchema, type SiteConfigInput } from "~/sites/site-config";
import type { Site } from "~/sites/site";
import { makeCar } from "~/domain/display/test-car";
import { carTitle } from "~/domain/car";
import { toCarCard, type CarCardSource } from "./car-card-data";

const NOW = new Date("2026-06-01T00:00:00Z");
function site(config: SiteConfigInput = {}): Site {
  return { id: 1, slug: "s", name: "S", hosts: [], dealerGroup: null, config: SiteConfigSchema.parse(config), stockVersion: 1, configVersion: 0 };
}
function card(overrides: Parameters<typeof makeCar>[0] = {}, config: SiteConfigInput = {}) {
  const car = makeCar({ createdAt: "2026-01-01T00:00:00Z", ...overrides });
  const source: CarCardSource = { ...car, title: carTitle(car), locationName: "Parramatta" };
  return toCarCard(site(config), source, NOW);
}

describe("car card view model (spec 2.3, 4)", () => {
  it("in stock: enquiry (to the VDP's #enquire), finance, details with the site's label; no reserve without checkout", () => {
    const c = card({ id: 9, slug: "a-car" }, { display: { detailsButtonLabel: "Explore Vehicle" }, finance: { linkPath: "/finance-enquiry" } });
    expect(c.buttons).toEqual([
      { kind: "enquire", label: "Enquire Now", href: "/cars/a-car#enquire" },
      { kind: "finance", label: "Finance Enquiry", href: "/finance-enquiry?preferredDealership=perth-city&vehiclePriceBudget=29990&car_id=9&car_type=used#finance-form" },
      { kind: "details", label: "Explore Vehicle", href: "/cars/a-car" },
    ]);
  });
  it("'Reserve Now' only when checkout is enabled for the car (not when reserved)", () => {
    expect(card({ slug: "a" }, { features: { checkout: true } }).buttons.map((b) => b.label)).toContain("Reserve Now");
    expect(card({ slug: "a", reserved: true }, { features: { checkout: true } }).buttons.map((b) => b.label)).not.toContain("Reserve Now");
  });
  it("out of stock: only 'Find Me Something Similar' carrying the spec-4 prefill, and the sold tag", () => {
    const c = card({ slug: "gone", status: "sold", sold: true });
    expect(c.buttons).toHaveLength(1);
    const url = new URL(c.buttons[0].href, "http://x");
    expect(c.buttons[0].label).toBe("Find Me Something Similar");
    expect(url.searchParams.get("message")).toBe("Can you please find me something similar?");
    expect(url.searchParams.get("subcategory")).toBe("Find me something similar");
    expect(url.hash).toBe("#enquire");
    expect(c.tag).toEqual({ kind: "sold", text: "JUST SOLD", logoUrl: null });
    expect(c.toggle).toBeNull();
  });
  it("tags: Reserved before the certified logo; the certified logo carries its image URL", () => {
    const certifiedSite = { display: { certifiedBadge: true, certifiedProgrammeName: "Toyota Certified Pre-Owned" } };
    expect(card({ reserved: true, certified: true }, certifiedSite).tag).toEqual({ kind: "reserved", text: "Reserved", logoUrl: null });
    expect(card({ certified: true }, certifiedSite).tag).toEqual({ kind: "certified", text: "Toyota Certified Pre-Owned", logoUrl: "/brand/certified.svg" });
  });
  it("the certified tag is the brand's certified logo from the site config, the generic badge by default (spec 4 tag step 3)", () => {
    const toyota = { display: { certifiedBadge: true, certifiedProgrammeName: "Toyota Certified Pre-Owned", certifiedLogoUrl: "/brand/toyota-certified.svg" } };
    expect(card({ certified: true }, toyota).tag).toEqual({ kind: "certified", text: "Toyota Certified Pre-Owned", logoUrl: "/brand/toyota-certified.svg" });
  });
  it("favourites toggle by default, compare toggle in compare mode, hidden in strict mode without images (spec 4)", () => {
    expect(card().toggle).toBe("favourite");
    expect(card({}, { features: { compare: true } }).toggle).toBe("compare");
    expect(card({ images: [], primaryImageUrl: null }, { features: { favouritesStrict: true } }).toggle).toBeNull();
  });
  it("photos go through the image CDN at width 640, quality 75; no photo uses the body illustration", () => {
    const c = card({ primaryImageUrl: "cars/a.jpg" }, { display: { imageCdnBaseUrl: "https://img.example/" } });
    expect(c.imageUrl).toBe("https://img.example/cars/a.jpg?w=640&q=75");
    const none = card({ primaryImageUrl: null, images: [], simpleBody: "Ute" });
    expect(none.imageUrl).toBeNull();
    expect(none.illustration).toBe("ute");
  });
  it("has no finance estimate when the site has no finance provider (spec 5)", () => {
    expect(card({}, { finance: { provider: null } }).finance ?? null).toBeNull();
  });
});
