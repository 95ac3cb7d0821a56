/**
 * A light body-type illustration for cars without photos (the real data set has none).
 * Inline SVG with fixed 4:3 dimensions so nothing shifts when it renders. The drawings are
 * symbols of one static sprite (body-illustrations-sprite.svg, a fingerprinted asset the browser caches
 * for a year); each illustration is a `<use>` of its shape in the car's paint, plus the make's
 * logo (decision 188: 4 elements and about 300 bytes per card instead of 14 elements and 1 KB).
 */
import spriteUrl from "./body-illustrations-sprite.svg?url";

/** Shapes drawn in the sprite (side profiles on a 160x120 canvas). */
const SHAPES = new Set(["sedan", "hatch", "suv", "ute", "van", "coupe", "wagon", "peopleMover", "cabChassis", "convertible", "motorhome", "bus", "lightTruck", "caravan"]);
const ALIASES: Record<string, string> = {
  hatchback: "hatch",
  stationWagon: "wagon",
  "4x4": "suv",
  softtop: "convertible",
  hardtop: "coupe",
  prestige: "sedan",
  ev: "hatch",
};

/**
 * The sprite symbol for a body (spec 9 body types): the shape's own id, an alias's, else sedan; a
 * caravan's symbol carries its number of axles (caravan-1 to caravan-3).
 * @param body a shape key (`chooseBodyIllustration`'s output)
 * @param axles caravan axles; fewer than 1 counts as 1, more than 3 as 3
 */
export function illustrationSymbol(body: string, axles = 1): string {
  const key = SHAPES.has(body) ? body : (ALIASES[body] ?? "sedan");
  return key === "caravan" ? `caravan-${Math.min(3, Math.max(1, Math.round(axles) || 1))}` : key;
}

/**
 * The illustration of a car without photos (issue 17): its body shape (spec 9 body types), in
 * its real paint when known, a caravan with its real number of axles, and the make's logo when
 * the icon set has one. Fixed 4:3 box so nothing shifts.
 *
 * The logo is an HTML `<img loading="lazy">` on a white badge over the drawing's bottom-right
 * corner, not an SVG `<image>` (decision 210): an SVG `<image>` loads as soon as it is parsed, and
 * each logo (itself an SVG) is decoded as a document on the main thread, so a results page of
 * 24 cards decoded every make's logo before its first car was painted. A lazy image loads when its
 * card nears the screen. Render it inside a positioned box (`relative`) of the same 4:3 shape.
 * @param paint hex fill (from paintFor), null for a neutral grey
 * @param axles caravan axles (1-3); cars always show two wheels
 * @param logoUrl the make's logo (/brand-logos/{slug}.svg) or null
 */
export function BodyIllustration({ body, label, paint = null, axles = 1, logoUrl = null }: { body: string; label: string; paint?: string | null; axles?: number; logoUrl?: string | null }) {
  return (
    <>
      <svg viewBox="0 0 160 120" width="640" height="480" role="img" aria-label={label} className="h-auto w-full bg-slate-100">
        <use href={`${spriteUrl}#${illustrationSymbol(body, axles)}`} width="160" height="120" fill={paint ?? "#9aa5b1"} />
      </svg>
      {logoUrl ? (
        // The badge keeps the drawing's proportions: x 132-156 and y 95-116 of the 160x120 canvas.
        <span className="absolute left-[82.5%] top-[79.2%] flex h-[17.5%] w-[15%] items-center justify-center rounded-md bg-white/90" data-testid="make-logo">
          <img src={logoUrl} alt="" width={20} height={19} loading="lazy" decoding="async" className="h-[90%] w-[83%]" />
        </span>
      ) : null}
    </>
  );
}
