/** A plain list of links to console site dashboards (`/sites/{slug}`), as groups and the platform show them. */
export function SiteLinks({ sites, className = "" }: { sites: readonly { slug: string; name: string }[]; className?: string }) {
  return (
    <ul className={`list-disc pl-6 ${className}`}>
      {sites.map((s) => (
        <li key={s.slug}>
          <a href={`/sites/${s.slug}`} className="underline">
            {s.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A site's public origin as seen from the console's (same scheme and port): `{slug}.localhost`
 * when the console runs on localhost, else the site's first host.
 * @example siteOrigin("http://console.localhost:3000", [], "perth-toyota") // "http://perth-toyota.localhost:3000"
 */
export function siteOrigin(consoleOrigin: string, hosts: readonly string[], slug: string): string {
  const url = new URL(consoleOrigin);
  const local = url.hostname.endsWith("localhost");
  const host = local ? `${slug}.localhost` : (hosts[0] ?? `${slug}.localhost`);
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`;
}
