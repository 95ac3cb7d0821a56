import { describe, expect, it } from "vitest";
import { axleCount, paintFor } from "./paint";

describe("illustration paint and axles (issue 17)", () => {
  it("paints the car's colour family", () => {
    expect(paintFor("Glacier White")).toBe("#f4f5f2");
    expect(paintFor("Eclipse Black Metallic")).toBe("#1f2226");
    expect(paintFor("Red")).toBe("#b3202a");
    expect(paintFor("Mystery")).toBeNull();
    expect(paintFor(null)).toBeNull();
  });
  it("counts a tandem caravan's two axles", () => {
    expect(axleCount("Tandem")).toBe(2);
    expect(axleCount("Single")).toBe(1);
    expect(axleCount(null)).toBe(1);
  });
});
