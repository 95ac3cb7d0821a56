/**
 * `/brand-logos/{make slug}.svg` (issue 17): a make's logo from simple-icons, in the brand's
 * colour, for the body illustration of cars without photos. 404 for a make without one. Only the
 * icons named in BRAND_LOGO_ICONS are imported, so the server bundle stays small.
 */
import { siToyota, siMazda, siFord, siHyundai, siKia, siNissan, siMitsubishi, siVolkswagen, siSubaru, siHonda, siBmw, siAudi, siSuzuki, siJeep, siVolvo, siSkoda, siPeugeot, siRenault, siTesla, siPorsche, siMg, siMini, siFiat, siChrysler, siRam, siCitroen, siPolestar, siChevrolet, siMaserati, siFerrari, siLamborghini, siOpel, siMclaren, siBentley } from "simple-icons";
import type { Route } from "./+types/brand-logo";
import { BRAND_LOGO_ICONS } from "~/domain/display/brand-logos";

type Icon = { title: string; path: string; hex: string };
const ICONS: Record<string, Icon> = { siToyota, siMazda, siFord, siHyundai, siKia, siNissan, siMitsubishi, siVolkswagen, siSubaru, siHonda, siBmw, siAudi, siSuzuki, siJeep, siVolvo, siSkoda, siPeugeot, siRenault, siTesla, siPorsche, siMg, siMini, siFiat, siChrysler, siRam, siCitroen, siPolestar, siChevrolet, siMaserati, siFerrari, siLamborghini, siOpel, siMclaren, siBentley };

export function loader({ params }: Route.LoaderArgs) {
  const slug = /^([a-z0-9-]+)\.svg$/.exec(params.file ?? "")?.[1] ?? "";
  const name = Object.hasOwn(BRAND_LOGO_ICONS, slug) ? BRAND_LOGO_ICONS[slug] : undefined;
  const icon = name ? (ICONS[name] ?? null) : null;
  if (!icon) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" role="img"><title>${icon.title.replace(/[<&>]/g, "")}</title><path fill="#${icon.hex}" d="${icon.path}"/></svg>`;
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=604800, immutable" } });
}
