/**
 * Per-site favicon and app icons (issue 13 "brand assets"): an SVG square in the site's primary
 * colour with its initials in the on-primary colour. Pure; the routes cache and serve it.
 */

/** Up to two initials from a site name: "Swan River Toyota" -> "SR", "Outback Caravans & RVs" -> "OC". */
export function siteInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return (words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? "?").slice(0, 2)).toUpperCase();
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * The icon as SVG text.
 * @param size the pixel size written to width/height (the viewBox is always 64x64)
 * @param colours `#rrggbb` background and text colours (validated by SiteConfig)
 */
export function brandIconSvg(name: string, colours: { primary: string; onPrimary: string }, size = 64): string {
  const initials = escapeXml(siteInitials(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="12" fill="${colours.primary}"/>` +
    `<text x="32" y="42" text-anchor="middle" font-family="Arial, Helvetica, DejaVu Sans, sans-serif" font-size="28" font-weight="700" fill="${colours.onPrimary}">${initials}</text>` +
    `</svg>`
  );
}
