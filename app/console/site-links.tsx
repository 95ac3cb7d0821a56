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
