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

/**
 * Picks the site for a request's Host header.
 * @param hostHeader raw Host header, e.g. "perth-toyota.localhost:3000"
 * @param sites every site's slug and exact hosts
 * @returns the matching site's slug, or null when nothing matches and no default is set
 */
export function resolveSiteSlug(
  hostHeader: string | null | undefined,
  sites: readonly HostCandidate[],
  options: HostResolutionOptions = {},
): string | null {
  const host = normaliseHost(hostHeader);
  if (host) {
    const exact = sites.find((site) => site.hosts.some((h) => normaliseHost(h) === host));
    if (exact) return exact.slug;
    const suffixes = [".localhost"];
    if (options.baseDomain) suffixes.push(`.${normaliseHost(options.baseDomain)}`);
    for (const suffix of suffixes) {
      if (!host.endsWith(suffix)) continue;
      const label = host.slice(0, -suffix.length);
      const bySlug = sites.find((site) => site.slug === label);
      if (bySlug) return bySlug.slug;
    }
  }
  const fallback = options.defaultSite ? sites.find((site) => site.slug === options.defaultSite) : undefined;
  return fallback ? fallback.slug : null;
}
