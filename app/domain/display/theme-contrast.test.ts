import { describe, expect, it } from "vitest";
import { SiteConfigSchema } from "~/sites/site-config";
import { DEMO_SITES } from "../../../db/seed/demo-sites";
import { contrastRatio, focusRingOnPrimary, themeContrastPairs, themeContrastProblems } from "./theme-contrast";

describe("contrastRatio", () => {
  it("is 21:1 for black on white and 1:1 for a colour on itself (WCAG 2.x)", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#1d4ed8", "#1d4ed8")).toBeCloseTo(1, 5);
  });
  it("is symmetric", () => {
    expect(contrastRatio("#ffffff", "#fff9c4")).toBeCloseTo(contrastRatio("#fff9c4", "#ffffff"), 10);
  });
});

describe("themeContrastProblems", () => {
  it("refuses white text on light yellow, naming the pair and its ratio", () => {
    const problems = themeContrastProblems({ primary: "#fff9c4", onPrimary: "#ffffff", accent: "#0f766e" });
    expect(problems.onPrimary).toEqual(["Text colour on the primary colour (header, buttons, banners): #ffffff on #fff9c4 has a contrast ratio of 1.07:1; WCAG 2.2 AA needs at least 4.5:1."]);
    // Light yellow links on white fail too.
    expect(problems.primary?.[0]).toContain("#fff9c4 on #ffffff has a contrast ratio of 1.07:1");
    expect(problems.accent).toBeUndefined();
  });

  it("passes the default theme", () => {
    expect(themeContrastProblems(SiteConfigSchema.parse({}).theme)).toEqual({});
  });

  it("asks 3:1, not 4.5:1, of the focus outline, and 4.5:1 of the accent's text", () => {
    // #767676 on #f8fafc is about 4.3:1: enough for the outline, not for prices on white (4.54:1 passes).
    const pairs = themeContrastPairs({ primary: "#1d4ed8", onPrimary: "#ffffff", accent: "#7a7a7a" });
    const outline = pairs.find((p) => p.label.startsWith("Accent focus outline"))!;
    expect(outline.minimum).toBe(3);
    expect(outline.ratio).toBeGreaterThan(3);
    expect(themeContrastProblems({ primary: "#1d4ed8", onPrimary: "#ffffff", accent: "#7a7a7a" }).accent?.some((m) => m.startsWith("Accent on white"))).toBe(true);
  });

  it("never rounds a failing ratio up to the minimum", () => {
    // #777777 on white is 4.478:1: shown as 4.47, and refused.
    const pair = themeContrastPairs({ primary: "#777777", onPrimary: "#ffffff", accent: "#0f766e" }).find((p) => p.label.startsWith("Primary colour on white"))!;
    expect(pair.ratio).toBe(4.47);
    expect(themeContrastProblems({ primary: "#777777", onPrimary: "#ffffff", accent: "#0f766e" }).primary?.length).toBe(2);
  });
});

describe("focusRingOnPrimary", () => {
  it("uses the text colour on the primary when the accent would vanish there (the default theme's accent is about 1.1:1 on its primary)", () => {
    const theme = SiteConfigSchema.parse({}).theme;
    expect(contrastRatio(theme.accent, theme.primary)).toBeLessThan(1.5);
    expect(focusRingOnPrimary(theme)).toBe("#ffffff");
  });

  it("keeps the accent when it stands out from the primary by 3:1", () => {
    // Amber on the default blue is 4.01:1; dark slate on Toyota red only 2.50:1.
    expect(focusRingOnPrimary({ primary: "#1d4ed8", onPrimary: "#ffffff", accent: "#fbbf24" })).toBe("#fbbf24");
    expect(focusRingOnPrimary({ primary: "#c8102e", onPrimary: "#ffffff", accent: "#1f2937" })).toBe("#ffffff");
  });

  it("checks the header's focus outline at 3:1 and still passes every demo theme and the default", () => {
    const themes = [SiteConfigSchema.parse({}).theme, ...DEMO_SITES.map((s) => SiteConfigSchema.parse(s.config ?? {}).theme)];
    expect(themes.length).toBeGreaterThan(3);
    for (const theme of themes) {
      const pair = themeContrastPairs(theme).find((p) => p.label.startsWith("Focus outline on the primary"))!;
      expect(pair.minimum).toBe(3);
      expect(pair.background).toBe(theme.primary);
      expect(pair.ratio).toBeGreaterThanOrEqual(3);
      expect(themeContrastProblems(theme)).toEqual({});
    }
  });

  it("is refused with the text pair when neither the accent nor the text colour stands out from the primary", () => {
    const problems = themeContrastProblems({ primary: "#fff9c4", onPrimary: "#ffffff", accent: "#ffff00" });
    expect(problems.onPrimary?.some((m) => m.startsWith("Focus outline on the primary colour (header, banners): #ffffff on #fff9c4 has a contrast ratio of 1.07:1; WCAG 2.2 AA needs at least 3:1."))).toBe(true);
  });
});
