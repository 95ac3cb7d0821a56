/**
 * Make logos for the body illustration (issue 17), from the `simple-icons` set (CC0 brand icons,
 * kept by its community). Only these makes are served, so the server bundle carries only their
 * icons; `/brand-logos/{slug}.svg` (app/routes/brand-logo.ts) renders them. Pure.
 */
import { slugify } from "~/import/normalise";

/** Make slug -> simple-icons export name. A test checks every entry exists in the set. */
export const BRAND_LOGO_ICONS: Readonly<Record<string, string>> = Object.freeze({
  toyota: "siToyota",
  mazda: "siMazda",
  ford: "siFord",
  hyundai: "siHyundai",
  kia: "siKia",
  nissan: "siNissan",
  mitsubishi: "siMitsubishi",
  volkswagen: "siVolkswagen",
  subaru: "siSubaru",
  honda: "siHonda",
  bmw: "siBmw",
  audi: "siAudi",
  suzuki: "siSuzuki",
  jeep: "siJeep",
  volvo: "siVolvo",
  skoda: "siSkoda",
  peugeot: "siPeugeot",
  renault: "siRenault",
  tesla: "siTesla",
  porsche: "siPorsche",
  mg: "siMg",
  mini: "siMini",
  fiat: "siFiat",
  chrysler: "siChrysler",
  ram: "siRam",
  citroen: "siCitroen",
  polestar: "siPolestar",
  chevrolet: "siChevrolet",
  maserati: "siMaserati",
  ferrari: "siFerrari",
  lamborghini: "siLamborghini",
  opel: "siOpel",
  mclaren: "siMclaren",
  bentley: "siBentley",
});

/** The logo URL of a make ('Toyota' -> '/brand-logos/toyota.svg'), or null when the set has none. */
export function brandLogoUrl(make: string | null): string | null {
  if (!make) return null;
  const slug = slugify(make);
  return BRAND_LOGO_ICONS[slug] ? `/brand-logos/${slug}.svg` : null;
}
