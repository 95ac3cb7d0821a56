/**
 * Lead delivery routing and retry schedule (DESIGN 6). Pure functions, tested in routing.test.ts.
 */
import type { SiteConfig } from "~/sites/site-config";

export type DeliveryChannel = "email" | "webhook" | "adf";
export interface DeliveryTarget {
  channel: DeliveryChannel;
  target: string;
}

/**
 * The delivery jobs of one lead: every routing rule matching its department and location; when
 * none matches, one email to `leads.defaultEmail`, else to the location's email. Duplicates
 * (same channel and target) are removed.
 * @returns the jobs to write; empty when the site has no route at all (the caller records that)
 */
export function routeLead(
  config: Pick<SiteConfig["leads"], "routing" | "defaultEmail">,
  lead: { department: "sales" | "service" | "parts"; locationId: number | null; locationEmail: string | null },
): DeliveryTarget[] {
  const out: DeliveryTarget[] = [];
  for (const rule of config.routing) {
    if (rule.departments.length && !rule.departments.includes(lead.department)) continue;
    if (rule.locationIds.length && (lead.locationId === null || !rule.locationIds.includes(lead.locationId))) continue;
    out.push({ channel: rule.channel, target: rule.target });
  }
  if (!out.length) {
    const fallback = config.defaultEmail ?? lead.locationEmail;
    if (fallback) out.push({ channel: "email", target: fallback });
  }
  return out.filter((t, i) => out.findIndex((o) => o.channel === t.channel && o.target === t.target) === i);
}

/** First retry waits this long; each later one twice as long, capped at {@link MAX_BACKOFF_MS}. */
export const BASE_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/**
 * When a failed job runs again: 30 s, 60 s, 120 s ... (capped at 6 h) after `attempts` failures.
 * @param attempts failures so far, >= 1
 * @returns milliseconds to wait
 */
export function backoffMs(attempts: number, base = BASE_BACKOFF_MS): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, attempts - 1));
}

/**
 * Dealership picker (spec 2.6): the locations offered, filtered by make, location type and the
 * configured list, minus configured exclusions. One remaining location is auto-filled by the form.
 */
export function pickerLocations<L extends { id: number; locationType: string | null; manufacturers: string[] }>(
  all: L[],
  filter: { make?: string | null; types?: string[] | null; ids?: number[] | null; excluded?: number[] },
): L[] {
  const make = filter.make?.toLowerCase().replace(/\s+/g, "-");
  return all.filter(
    (l) =>
      !(filter.excluded ?? []).includes(l.id) &&
      (!filter.ids || filter.ids.includes(l.id)) &&
      (!filter.types?.length || filter.types.includes(l.locationType ?? "sales")) &&
      (!make || !l.manufacturers.length || l.manufacturers.includes(make)),
  );
}
