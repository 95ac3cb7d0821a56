import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CARAVAN_NAVIGATION, MULTI_BRAND_NAVIGATION, TOYOTA_NAVIGATION } from "./navigation";

describe("seeded navigation (issue 51 §5 g)", () => {
  it("a demo popup has an image that is served from public/, with alt text (spec 2.6)", () => {
    const popups = [TOYOTA_NAVIGATION, MULTI_BRAND_NAVIGATION, CARAVAN_NAVIGATION].map((n) => n.popup).filter((p) => p != null);
    expect(popups.length).toBeGreaterThan(0);
    for (const popup of popups) {
      expect(popup.imageUrl).toMatch(/^\/[\w/.-]+\.(svg|png|jpe?g|webp)$/);
      expect(existsSync(join("public", popup.imageUrl!))).toBe(true);
      expect(popup.imageAlt?.trim()).toBeTruthy();
    }
  });
});
