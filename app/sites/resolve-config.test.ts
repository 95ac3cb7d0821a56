import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { resolveSiteConfig } from "./resolve-config";
import { SiteConfigSchema } from "./site-config";

describe("SiteConfigSchema defaults (the common behaviour of the spec)", () => {
  const config = SiteConfigSchema.parse({});
  it("spec 4 and 9: sold cars listed 3 days, just-arrived window 8 days, tags 'New' and 'JUST SOLD'", () => {
    expect(config.search.includeSoldCarsDays).toBe(3);
    expect(config.display.justArrivedDays).toBe(8);
    expect(config.display.justArrivedTagName).toBe("New");
    expect(config.display.soldTagName).toBe("JUST SOLD");
  });
  it("spec 9: 21 per page, 7 popular makes, promo positions 4, 6, 8, 9, 17", () => {
    expect(config.search.hitsPerPage).toBe(21);
    expect(config.search.popularMakesCount).toBe(7);
    expect(config.search.promoCardPositions).toEqual([4, 6, 8, 9, 17]);
  });
  it("spec 4: no-price text 'Enquire for price.'; spec 5: spec list excludes rego; spec 6: authentication off", () => {
    expect(config.display.noPriceText).toBe("Enquire for price.");
    expect(config.display.specListExclusions).toEqual(["rego"]);
    expect(config.features.authentication).toBe(false);
  });
  it("spec 2.1 and 5: finance link /finance, calculator 1,000-250,000 at 0.5-15%, default rate 10", () => {
    expect(config.finance.linkPath).toBe("/finance");
    expect([config.finance.calculatorMinPrice, config.finance.calculatorMaxPrice]).toEqual([1000, 250000]);
    expect([config.finance.calculatorRateMin, config.finance.calculatorRateMax, config.finance.calculatorDefaultRate]).toEqual([0.5, 15, 10]);
  });
  it("spec 9: reserve deposit $200 held 48 hours; checkout path 'checkout'", () => {
    expect(config.features.reserveDeposit).toBe(200);
    expect(config.features.reserveHoldHours).toBe(48);
    expect(config.features.checkoutPath).toBe("checkout");
  });
});

describe("resolveSiteConfig (defaults -> dealer group -> site)", () => {
  it("site values win over group values, which win over defaults", () => {
    const config = resolveSiteConfig(
      { theme: { primary: "#111111", accent: "#222222" }, search: { includeSoldCarsDays: 5 } },
      { theme: { primary: "#333333" } },
    );
    expect(config.theme.primary).toBe("#333333");
    expect(config.theme.accent).toBe("#222222");
    expect(config.theme.onPrimary).toBe("#ffffff");
    expect(config.search.includeSoldCarsDays).toBe(5);
  });

  it("replaces lists instead of concatenating them", () => {
    const config = resolveSiteConfig({ search: { excludedStockNumbers: ["A", "B"] } }, { search: { excludedStockNumbers: ["C"] } });
    expect(config.search.excludedStockNumbers).toEqual(["C"]);
  });

  it("treats missing or non-object stored configs as empty", () => {
    expect(resolveSiteConfig(null, undefined)).toEqual(SiteConfigSchema.parse({}));
  });

  it("rejects invalid values with a ZodError naming the field", () => {
    expect(() => resolveSiteConfig({}, { theme: { primary: "red" } })).toThrow(ZodError);
    try {
      resolveSiteConfig({}, { finance: { linkPath: "/loans" } });
    } catch (error) {
      expect((error as ZodError).issues[0].path).toEqual(["finance", "linkPath"]);
    }
  });
});
