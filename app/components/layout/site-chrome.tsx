import { Link } from "react-router";
import type { SiteNavigation } from "~/services/navigation.server";
import type { ChromeLocation } from "~/services/locations.server";
import { NavHref } from "./nav-link";
import { PaymentStrip } from "./payment-strip";
import { CachedElement } from "~/components/cached-element";
import { telHref } from "~/domain/display/tel";

export { SiteHeader } from "./site-header";

/** What the header and footer need of the site (serialisable; from the root loader). */
export interface SiteChrome {
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string | null;
  phone: string | null;
  /** Issue 17: the header's phone text (masked or in full per `presentation.maskHeaderPhone`). */
  phoneText?: string | null;
  financePath: string;
  carTypes: ("new" | "demo" | "used")[];
  certifiedPreOwned: boolean;
  itemPlural: string;
  /** The same array for the same site version (the footer's markup is cached by it, decision 189). */
  locations: ChromeLocation[];
  locationPrefix: string;
  /** Issue 13: merged navigation, model menu, promotions and footer facts. */
  navigation: SiteNavigation;
}

const SOCIAL_LABEL = { facebook: "Facebook", instagram: "Instagram", youtube: "YouTube", linkedin: "LinkedIn", tiktok: "TikTok" } as const;

/**
 * The site footer (spec 2.6, 2.7): the merged footer sections (shared base list + the site's
 * sections + overrides), the locations with addresses, social links, the 'We accept' strip, and
 * the sub-footer with the dealer name, ABN, dealer licence and motor vehicle repairer licence numbers.
 */
export function SiteFooter({ site }: { site: SiteChrome }) {
  // Issue 15 (decision 189): the footer is a function of the site's config and locations. The
  // merged footer tree (memoised per site version and minute) and the locations (per version) key
  // the server's cache of its markup; a config change gives a new tree.
  return (
    <CachedElement
      as="footer"
      className="render-when-near mt-16 bg-slate-900 pb-20 text-slate-200 [--near-height:1400px] xl:pb-0 xl:[--near-height:480px]"
      cacheKeys={[site.navigation.footer, site.locations, FOOTER_PART]}
    >
      <FooterContent site={site} />
    </CachedElement>
  );
}

/** Marks the footer's entry in the markup cache. */
const FOOTER_PART: object = Object.freeze({ part: "footer" });

function FooterContent({ site }: { site: SiteChrome }) {
  const year = new Date().getFullYear();
  const nav = site.navigation;
  const licences = site.locations.filter((l) => l.licence);
  const repairerLicences = site.locations.filter((l) => l.repairerLicence);
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {nav.footer.map((section, i) => (
          <section key={`${i}-${section.title}`} aria-labelledby={`footer-${i}`}>
            <h2 id={`footer-${i}`} className="mb-2 font-semibold text-white">
              {section.title}
            </h2>
            <ul className="space-y-1 text-sm">
              {section.items.map((item, j) => (
                <li key={`${j}-${item.name}`}>
                  <NavHref url={item.url} className={`hover:underline ${item.className ?? ""}`}>
                    {item.name}
                  </NavHref>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-locations">
          <h2 id="footer-locations" className="mb-2 font-semibold text-white">
            Locations
          </h2>
          <ul className="space-y-2 text-sm">
            {site.locations.map((l) => (
              <li key={l.slug}>
                <Link to={`/${site.locationPrefix}/${l.slug}`} className="font-medium hover:underline">
                  {l.name}
                </Link>
                <address className="not-italic text-slate-400">
                  {[l.street, `${l.suburb} ${l.state} ${l.postcode ?? ""}`.trim()].filter(Boolean).join(", ")}
                  {l.phone ? (
                    <>
                      {" · "}
                      <a href={telHref(l.phone)} className="hover:underline">
                        {l.phone}
                      </a>
                    </>
                  ) : null}
                </address>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 pb-6">
        {nav.social.length ? (
          <ul aria-label="Follow us" className="flex flex-wrap gap-3 text-sm">
            {nav.social.map((s) => (
              <li key={s.network}>
                <NavHref url={s.url} className="rounded border border-slate-600 px-3 py-1 hover:bg-slate-800">
                  {SOCIAL_LABEL[s.network]}
                </NavHref>
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        <PaymentStrip methods={nav.acceptedPayments} />
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto max-w-7xl space-y-1 px-4 py-4 text-xs text-slate-400">
          {/* The year is the browser's: on a page rendered on 31 December and hydrated on 1 January
              (or with a shopper's clock set ahead) the server's text is kept, not a mismatch. */}
          <p suppressHydrationWarning>
            © {year} {site.name}
            {nav.abn ? <> · ABN {nav.abn}</> : null}
          </p>
          {licences.length ? (
            <p>
              Dealer licence numbers:{" "}
              {licences.map((l, i) => (
                <span key={l.slug}>
                  {i ? " · " : ""}
                  {l.name} {l.licence}
                </span>
              ))}
            </p>
          ) : null}
          {repairerLicences.length ? (
            <p data-testid="repairer-licences">
              Motor vehicle repairer licence numbers:{" "}
              {repairerLicences.map((l, i) => (
                <span key={l.slug}>
                  {i ? " · " : ""}
                  {l.name} {l.repairerLicence}
                </span>
              ))}
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
