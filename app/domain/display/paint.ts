/**
 * Paint for the body illustration of a car without photos (issue 17: "drawn in the car's real
 * colour"), and the caravan illustration's axle count. Pure.
 */

/** Colour words found in Australian listings' colour names, first match wins, and their paint (hex). */
const PAINTS: readonly [RegExp, string][] = [
  [/\b(white|pearl|ivory|alabaster|frost|glacier|crystal)\b/i, "#f4f5f2"],
  [/\b(black|ebony|onyx|jet|obsidian|midnight)\b/i, "#1f2226"],
  [/\b(silver|platinum|steel|titanium|alloy)\b/i, "#b8bcc2"],
  [/\b(grey|gray|graphite|gunmetal|charcoal|slate|concrete|magnetic|machine)\b/i, "#6b7178"],
  [/\b(blue|navy|azure|cobalt|sapphire|aqua|teal)\b/i, "#1f4e9c"],
  [/\b(red|maroon|burgundy|crimson|ruby|cherry|wine)\b/i, "#b3202a"],
  [/\b(green|olive|emerald|khaki|army)\b/i, "#2f6b3a"],
  [/\b(yellow|lemon|sunburst)\b/i, "#e8c21c"],
  [/\b(orange|copper|amber)\b/i, "#d8641c"],
  [/\b(brown|bronze|mocha|chocolate|caramel|tan)\b/i, "#6e4a2f"],
  [/\b(gold|champagne|beige|sand|cream)\b/i, "#cbb27c"],
  [/\b(purple|violet|plum)\b/i, "#5b2c83"],
];

/**
 * The paint for a colour name: 'Glacier White' -> '#f4f5f2', 'Eclipse Black Metallic' -> '#1f2226'.
 * @returns a hex colour, or null when the name says no known colour (the illustration stays neutral)
 */
export function paintFor(colour: string | null): string | null {
  if (!colour) return null;
  for (const [pattern, hex] of PAINTS) if (pattern.test(colour)) return hex;
  return null;
}

/**
 * Axles of a caravan from its axle type: 'Tandem', 'Twin', 'Dual' -> 2; 'Tri' -> 3; 'Single' or
 * unknown -> 1.
 */
export function axleCount(axleType: string | null): number {
  if (!axleType) return 1;
  if (/\btri/i.test(axleType)) return 3;
  if (/tandem|twin|dual|double/i.test(axleType)) return 2;
  return 1;
}
