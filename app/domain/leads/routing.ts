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
 * none matches, one email to `leads.defaultEmail`, else to the lead's location's email, else to
 * the site's own enquiry address (`siteEmail`, see {@link siteEnquiryAddress}): a site can never
 * accept a lead it cannot route (issue 16 defect 8). Duplicates (same channel and target) are
 * removed.
 * @returns the jobs to write; never empty
 */
export function routeLead(
  config: Pick<SiteConfig["leads"], "routing" | "defaultEmail">,
  lead: { department: "sales" | "service" | "parts"; locationId: number | null; locationEmail: string | null; siteEmail: string },
): DeliveryTarget[] {
  const out: DeliveryTarget[] = [];
  for (const rule of config.routing) {
    if (rule.departments.length && !rule.departments.includes(lead.department)) continue;
    if (rule.locationIds.length && (lead.locationId === null || !rule.locationIds.includes(lead.locationId))) continue;
    out.push({ channel: rule.channel, target: rule.target });
  }
  if (!out.length) {
    out.push({ channel: "email", target: config.defaultEmail ?? lead.locationEmail ?? lead.siteEmail });
  }
  return out.filter((t, i) => out.findIndex((o) => o.channel === t.channel && o.target === t.target) === i);
}

/**
 * The site's own enquiry address, the last fallback of lead routing: the primary location's
 * email when it has one, else `enquiries@` the site's domain (its canonical URL's host without
 * `www.`, else its first host, else `{slug}.localhost`).
 */
export function siteEnquiryAddress(site: { slug: string; hosts: string[]; config: { url: string | null } }, primaryLocationEmail: string | null): string {
  if (primaryLocationEmail) return primaryLocationEmail;
  let domain: string | null = null;
  try {
    domain = site.config.url ? new URL(site.config.url).hostname : null;
  } catch {
    domain = null;
  }
  domain ??= site.hosts[0] ?? `${site.slug}.localhost`;
  return `enquiries@${domain.replace(/^www\./, "")}`;
}

/**
 * Departments whose leads no routing rule covers when the site has no `defaultEmail`: those
 * leads go to the location's or the site's own enquiry address. Start-up logs one warning per
 * site with a gap. Empty when `defaultEmail` is set or catch-all rules cover every department.
 */
export function routingGaps(config: Pick<SiteConfig["leads"], "routing" | "defaultEmail">): ("sales" | "service" | "parts")[] {
  if (config.defaultEmail) return [];
  const all = ["sales", "service", "parts"] as const;
  return all.filter((d) => !config.routing.some((r) => r.locationIds.length === 0 && (r.departments.length === 0 || r.departments.includes(d))));
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
