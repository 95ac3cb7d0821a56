import * as icons from "simple-icons";
import { describe, expect, it } from "vitest";
import { BRAND_LOGO_ICONS, brandLogoUrl } from "./brand-logos";

describe("make logos (issue 17)", () => {
  it("names only icons the simple-icons set has", () => {
    for (const name of Object.values(BRAND_LOGO_ICONS)) expect((icons as Record<string, unknown>)[name], name).toBeDefined();
  });
  it("gives a logo URL for a make in the set and null otherwise", () => {
    expect(brandLogoUrl("Toyota")).toBe("/brand-logos/toyota.svg");
    expect(brandLogoUrl("Great Wall Unknown")).toBeNull();
    expect(brandLogoUrl(null)).toBeNull();
  });
});
