import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BodyIllustration, illustrationSymbol } from "./body-illustration";

const sprite = readFileSync(new URL("./body-illustrations-sprite.svg", import.meta.url), "utf8");
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);

describe("illustrationSymbol (issue 17 illustrations, decision 188 sprite)", () => {
  it("maps shapes, aliases and unknown bodies to the sprite's symbols", () => {
    expect(illustrationSymbol("suv")).toBe("suv");
    expect(illustrationSymbol("peopleMover")).toBe("peopleMover");
    expect(illustrationSymbol("hatchback")).toBe("hatch");
    expect(illustrationSymbol("4x4")).toBe("suv");
    expect(illustrationSymbol("spaceship")).toBe("sedan");
  });

  it("gives a caravan its number of axles, 1 to 3", () => {
    expect([0, 1, 2, 3, 4, Number.NaN].map((axles) => illustrationSymbol("caravan", axles))).toEqual(["caravan-1", "caravan-1", "caravan-2", "caravan-3", "caravan-3", "caravan-1"]);
  });

  it("every symbol it can name is in the sprite, and the sprite has no other", () => {
    const named = new Set(["sedan", "hatch", "suv", "ute", "van", "coupe", "wagon", "peopleMover", "cabChassis", "convertible", "motorhome", "bus", "lightTruck", "stationWagon", "softtop", "hardtop", "prestige", "ev"].map((b) => illustrationSymbol(b)));
    for (const axles of [1, 2, 3]) named.add(illustrationSymbol("caravan", axles));
    expect([...named].sort()).toEqual([...symbolIds].sort());
  });

  it("leaves the body's fill to the <use> element, so each car shows its own paint", () => {
    for (const id of symbolIds) {
      const symbol = sprite.match(new RegExp(`<symbol id="${id}"[^>]*>(.*?)</symbol>`, "s"))![1];
      // The body is the one path drawn with the outline stroke, and it has no fill of its own.
      expect(symbol).toMatch(/<path d="[^"]+" stroke="#334155"/);
      expect(symbol).not.toMatch(/<path d="[^"]+" fill="[^"]+" stroke="#334155"/);
    }
  });
});

describe("BodyIllustration", () => {
  it("draws the sprite's shape in the car's paint, with the make's logo and an accessible name", () => {
    const html = renderToStaticMarkup(<BodyIllustration body="suv" label="SUV illustration" paint="#f4f5f2" logoUrl="/brand-logos/toyota.svg" />);
    expect(html).toMatch(/^<svg viewBox="0 0 160 120" width="640" height="480" role="img" aria-label="SUV illustration"/);
    expect(html).toMatch(/<use href="[^"#]*body-illustrations-sprite[^"#]*\.svg#suv" width="160" height="120" fill="#f4f5f2">/);
    // Decision 210: the logo is a lazy HTML image over the drawing, not an SVG <image> (which loads at once).
    expect(html).not.toContain("<image");
    expect(html).toMatch(/<\/svg><span [^>]*data-testid="make-logo"><img src="\/brand-logos\/toyota.svg" alt="" width="20" height="19" loading="lazy" decoding="async"/);
  });

  it("uses a neutral grey without a known paint, and no logo box without a logo", () => {
    const html = renderToStaticMarkup(<BodyIllustration body="caravan" axles={2} label="Caravan illustration" />);
    expect(html).toMatch(/#caravan-2" width="160" height="120" fill="#9aa5b1">/);
    expect(html).not.toContain("<image");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("make-logo");
  });
});
