/**
 * Normalisation of feed values into the facet vocabulary shoppers see (spec 3 simple_fuel,
 * simple_body, simple_transmission). Pure.
 */

const FUEL_SIMPLE: Record<string, string> = {
  unleaded: "Petrol",
  premium: "Petrol",
  petrol: "Petrol",
  leaded: "Petrol",
  diesel: "Diesel",
  hybrid: "Hybrid",
  phev: "PHEV",
  "plug-in hybrid": "PHEV",
  electric: "Electric",
  lpg: "LPG",
};

/** "Premium" -> "Petrol", "Electric" -> "Electric"; unknown values pass through; null stays null. */
export function simplifyFuel(fuel: string | null): string | null {
  if (!fuel) return null;
  return FUEL_SIMPLE[fuel.trim().toLowerCase()] ?? fuel.trim();
}

/** "Automatic"/"Auto"/"CVT" -> "Automatic", "Manual" -> "Manual"; else as given. */
export function simplifyTransmission(transmission: string | null): string | null {
  if (!transmission) return null;
  const t = transmission.trim().toLowerCase();
  if (/(auto|cvt|dct|dual clutch|sports? auto)/.test(t)) return "Automatic";
  if (/manual/.test(t)) return "Manual";
  return transmission.trim();
}

/** Title-cases a body type ("ute / tray" -> "Ute / Tray"); null stays null. */
export function simplifyBody(body: string | null): string | null {
  if (!body) return null;
  const b = body.trim();
  if (/^suv$/i.test(b)) return "SUV";
  return b.replace(/\w\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
}

/** URL slug: lower-case words joined by '-', ASCII only. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
