/**
 * Host -> site resolution (DESIGN.md section 3): exact host, then `{slug}.localhost`,
 * then `{slug}.{BASE_DOMAIN}`, else `DEFAULT_SITE`.
 */

export interface HostCandidate {
  slug: string;
  hosts: readonly string[];
}

export interface HostResolutionOptions {
  /** e.g. "forecourt.example"; sites answer at {slug}.{baseDomain}. */
  baseDomain?: string | null;
  /** Slug served when nothing matches; null means no site (the server answers 404). */
  defaultSite?: string | null;
}

/** Lower-cases a Host header value and strips the port and a trailing dot. */
export function normaliseHost(hostHeader: string | null | undefined): string {
  if (!hostHeader) return "";
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return host; // IPv6 literal: never a site host
  host = host.replace(/:\d+$/, "").replace(/\.$/, "");
  return host;
}

/** A site list's lookups: exact hosts (normalised; the first site naming a host wins) and slugs. */
interface HostIndex {
  byHost: Map<string, string>;
  slugs: Set<string>;
}

// Per list object: a resolver keeps one list for seconds and answers thousands of requests from
// it, and a national deployment's list has 5,000 sites whose hosts would each be normalised per
// request by a scan.
const indexes = new WeakMap<readonly HostCandidate[], HostIndex>();

function hostIndex(sites: readonly HostCandidate[]): HostIndex {
  let index = indexes.get(sites);
  if (!index) {
    index = { byHost: new Map(), slugs: new Set() };
    for (const site of sites) {
      index.slugs.add(site.slug);
      for (const h of site.hosts) {
        const host = normaliseHost(h);
        if (!index.byHost.has(host)) index.byHost.set(host, site.slug);
      }
    }
    indexes.set(sites, index);
  }
  return index;
}

/**
 * Lets `to` use the host index already built for `from`, if any (the index holds slugs, not site
 * objects). For a list patched in place: some sites replaced by newer reads of themselves with
 * the same slug and hosts.
 * @param from a list that may have been indexed
 * @param to a list with the same slugs and hosts as `from`, in the same order (not checked)
 */
export function carryHostIndex(from: readonly HostCandidate[], to: readonly HostCandidate[]): void {
  const index = indexes.get(from);
  if (index) indexes.set(to, index);
}

/**
 * Picks the site for a request's Host header.
 * @param hostHeader raw Host header, e.g. "perth-toyota.localhost:3000"
 * @param sites every site's slug and exact hosts; indexed on first use, so the array must not
 *   be changed afterwards (a new list is a new array)
 * @returns the matching site's slug, or null when nothing matches and no default is set
 */
export function resolveSiteSlug(
  hostHeader: string | null | undefined,
  sites: readonly HostCandidate[],
  options: HostResolutionOptions = {},
): string | null {
  const host = normaliseHost(hostHeader);
  const index = hostIndex(sites);
  if (host) {
    const exact = index.byHost.get(host);
    if (exact !== undefined) return exact;
    const suffixes = [".localhost"];
    if (options.baseDomain) suffixes.push(`.${normaliseHost(options.baseDomain)}`);
    for (const suffix of suffixes) {
      if (!host.endsWith(suffix)) continue;
      const label = host.slice(0, -suffix.length);
      if (index.slugs.has(label)) return label;
    }
  }
  return options.defaultSite && index.slugs.has(options.defaultSite) ? options.defaultSite : null;
}
