/**
 * WCAG 2.2 AA contrast of a site theme (issue 50 item 6): every pair of colours the theme puts
 * together on the public pages, with the ratio the standard asks of it. The ratio itself is
 * colorjs.io's WCAG 2.x formula (relative luminance of sRGB), not ours.
 *
 * The pairs follow where the theme's colours are used (app/app.css and the components' classes):
 * - `onPrimary` on `primary`: header, every primary button, banners, promo cards, current page;
 * - `primary` on white and on the page background (#f8fafc): links, the VDP phone number, the
 *   certified programme name, "Show all makes";
 * - `accent` on white: prices on the checkout and trade-in pages;
 * - white on `accent`: the car card and VDP tags ("New", "Demo");
 * - `accent` on the page background: the focus outline (non-text: 3:1);
 * - the focus outline on the primary colour (header, banners): its own colour, chosen per theme by
 *   {@link focusRingOnPrimary} (non-text: 3:1).
 */
import { ColorSpace, contrastWCAG21, parse, sRGB } from "colorjs.io/fn";

ColorSpace.register(sRGB);

/** The page background of the public site (app/app.css `html`). */
export const PAGE_BACKGROUND = "#f8fafc";
/** WCAG 2.2 SC 1.4.3 (text) and 1.4.11 (focus outline and controls) minimum ratios at level AA. */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** The theme colours checked (`#rrggbb`). */
export interface ThemeColours {
  primary: string;
  onPrimary: string;
  accent: string;
}

/** One pair of colours the theme produces. */
export interface ContrastPair {
  /** What the pair is, e.g. "Text colour on the primary colour (buttons, header)". */
  label: string;
  /** Theme field the message belongs next to. */
  field: keyof ThemeColours;
  foreground: string;
  background: string;
  /** The ratio WCAG 2.2 AA asks for. */
  minimum: number;
  /** The pair's ratio, e.g. 4.87 (to two decimals, rounded down so 4.499 never reads 4.50). */
  ratio: number;
}

/**
 * The contrast ratio of two colours by WCAG 2.x (1 to 21).
 * @param foreground a CSS colour, e.g. "#ffffff"
 * @param background a CSS colour
 * @throws TypeError when a colour cannot be parsed
 */
export function contrastRatio(foreground: string, background: string): number {
  return contrastWCAG21(parse(foreground), parse(background));
}

/**
 * The focus outline's colour where it sits on the primary colour (the header, home banners): the
 * accent when it stands out from the primary by 3:1 (the brand's own focus colour, as on the page),
 * else the text colour on the primary, which the text check already holds to 4.5:1 against it. So
 * every theme that passes its text pairs gets a visible outline on the header, and none is refused
 * for it. WCAG 2.2 SC 1.4.11 and 2.4.13 (3:1 against the adjacent colour).
 * @param theme the resolved theme colours (`#rrggbb`)
 * @returns a `#rrggbb` colour, one of the theme's own
 */
export function focusRingOnPrimary(theme: ThemeColours): string {
  return contrastRatio(theme.accent, theme.primary) >= AA_NON_TEXT ? theme.accent : theme.onPrimary;
}

/**
 * Every colour pair the theme produces, with its ratio and minimum.
 * @param theme the resolved theme colours (`#rrggbb`)
 */
export function themeContrastPairs(theme: ThemeColours): ContrastPair[] {
  const pairs: Omit<ContrastPair, "ratio">[] = [
    { label: "Text colour on the primary colour (header, buttons, banners)", field: "onPrimary", foreground: theme.onPrimary, background: theme.primary, minimum: AA_TEXT },
    { label: "Primary colour on white (links, phone numbers)", field: "primary", foreground: theme.primary, background: "#ffffff", minimum: AA_TEXT },
    { label: `Primary colour on the page background ${PAGE_BACKGROUND} (links)`, field: "primary", foreground: theme.primary, background: PAGE_BACKGROUND, minimum: AA_TEXT },
    { label: "Accent on white (prices)", field: "accent", foreground: theme.accent, background: "#ffffff", minimum: AA_TEXT },
    { label: "White on the accent (car tags)", field: "accent", foreground: "#ffffff", background: theme.accent, minimum: AA_TEXT },
    { label: `Accent focus outline on the page background ${PAGE_BACKGROUND}`, field: "accent", foreground: theme.accent, background: PAGE_BACKGROUND, minimum: AA_NON_TEXT },
    { label: "Focus outline on the primary colour (header, banners)", field: "onPrimary", foreground: focusRingOnPrimary(theme), background: theme.primary, minimum: AA_NON_TEXT },
  ];
  return pairs.map((p) => ({ ...p, ratio: Math.floor(contrastRatio(p.foreground, p.background) * 100) / 100 }));
}

/**
 * The pairs below their WCAG 2.2 AA minimum, each as a message naming the pair and its ratio,
 * e.g. "Text colour on the primary colour (header, buttons, banners): #ffffff on #fff9c4 has a
 * contrast ratio of 1.07:1; WCAG 2.2 AA needs at least 4.5:1."
 * @returns messages by theme field (empty when the theme passes)
 */
export function themeContrastProblems(theme: ThemeColours): Partial<Record<keyof ThemeColours, string[]>> {
  const out: Partial<Record<keyof ThemeColours, string[]>> = {};
  for (const p of themeContrastPairs(theme)) {
    if (p.ratio >= p.minimum) continue;
    (out[p.field] ??= []).push(`${p.label}: ${p.foreground} on ${p.background} has a contrast ratio of ${p.ratio.toFixed(2)}:1; WCAG 2.2 AA needs at least ${p.minimum}:1.`);
  }
  return out;
}
