import { Link, NavLink } from "react-router";

/** What the header and footer need of the site (serialisable; from the root loader). */
export interface SiteChrome {
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string | null;
  phone: string | null;
  /** Issue 17: the header's phone text (masked per `presentation.maskHeaderPhone`). */
  phoneText?: string | null;
  financePath: string;
  carTypes: ("new" | "demo" | "used")[];
  certifiedPreOwned: boolean;
  itemPlural: string;
  locations: { name: string; slug: string; suburb: string; state: string; phone: string | null; licence: string | null }[];
  locationPrefix: string;
}

function navItems(site: SiteChrome) {
  const items: { to: string; label: string }[] = [];
  if (site.carTypes.includes("new")) items.push({ to: "/search/new-cars", label: `New ${site.itemPlural}` });
  if (site.carTypes.includes("used")) items.push({ to: "/search/used-cars", label: `Used ${site.itemPlural}` });
  if (site.carTypes.includes("demo")) items.push({ to: "/search/demo-cars", label: `Demo ${site.itemPlural}` });
  if (site.certifiedPreOwned) items.push({ to: "/pre-owned?certified=true", label: "Certified Pre-Owned" });
  items.push({ to: site.financePath, label: "Finance" });
  items.push({ to: "/our-location", label: "Our Locations" });
  return items;
}

export function SiteHeader({ site }: { site: SiteChrome }) {
  return (
    <header className="bg-[var(--site-primary)] text-[var(--site-on-primary)]">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex flex-col" aria-label={`${site.name} home`}>
          {site.logoUrl ? <img src={site.logoUrl} alt="" height={40} className="h-10 w-auto" /> : <span className="text-xl font-bold tracking-tight">{site.name}</span>}
          {site.tagline ? <span className="text-xs opacity-90">{site.tagline}</span> : null}
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-medium">
            {navItems(site).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="hover:underline">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {site.phone ? (
          <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="text-sm font-semibold">
            Call {site.phoneText ?? site.phone}
          </a>
        ) : null}
      </div>
    </header>
  );
}

export function SiteFooter({ site }: { site: SiteChrome }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <section aria-labelledby="footer-stock">
          <h2 id="footer-stock" className="mb-2 font-semibold text-white">
            Browse
          </h2>
          <ul className="space-y-1 text-sm">
            {navItems(site).map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-locations">
          <h2 id="footer-locations" className="mb-2 font-semibold text-white">
            Locations
          </h2>
          <ul className="space-y-1 text-sm">
            {site.locations.map((l) => (
              <li key={l.slug}>
                <Link to={`/${site.locationPrefix}/${l.slug}`} className="hover:underline">
                  {l.name}
                </Link>
                <span className="text-slate-400"> · {l.suburb} {l.state}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-2 font-semibold text-white">
            {site.name}
          </h2>
          <ul className="space-y-1 text-sm">
            <li><Link to="/privacy-policy" className="hover:underline">Privacy Policy</Link></li>
            <li><Link to="/terms-and-conditions" className="hover:underline">Terms and Conditions</Link></li>
            <li><Link to="/pages/complaint-handling-process" className="hover:underline">Complaint Handling Process</Link></li>
            <li><a href="/sitemap.xml" className="hover:underline">Sitemap</a></li>
            <li><a href="/favourites" className="hover:underline">Favourites</a></li>
          </ul>
        </section>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-400">
          © {year} {site.name}.{" "}
          {site.locations
            .filter((l) => l.licence)
            .map((l) => `${l.name}: ${l.licence}`)
            .join(" · ")}
        </p>
      </div>
    </footer>
  );
}
