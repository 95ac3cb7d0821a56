import { describe, expect, it } from "vitest";
import { showsCertifiedBadge } from "./certified";
import { makeCar } from "./test-car";

describe("showsCertifiedBadge", () => {
  it("spec 4: shows the badge for a certified, unsold car when the site enables it", () => {
    expect(showsCertifiedBadge(makeCar({ certified: true }), { certifiedBadge: true })).toBe(true);
  });

  it("spec 4: hides the badge when the site does not enable it (default)", () => {
    expect(showsCertifiedBadge(makeCar({ certified: true }))).toBe(false);
  });

  it("spec 4: hides the badge for a car that is not certified", () => {
    expect(showsCertifiedBadge(makeCar({ certified: false }), { certifiedBadge: true })).toBe(false);
  });

  it("spec 4: hides the badge for a sold car (sold flag or sold status)", () => {
    expect(showsCertifiedBadge(makeCar({ certified: true, sold: true }), { certifiedBadge: true })).toBe(false);
    expect(showsCertifiedBadge(makeCar({ certified: true, status: "sold" }), { certifiedBadge: true })).toBe(false);
  });
});
