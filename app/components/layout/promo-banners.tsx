import type { Banner } from "~/sites/site-config";
import { NavHref } from "./nav-link";

/** Banners (spec 2.6: title, subtitle, buttons); the loader passes only those current at request time. */
export function PromoBanners({ banners }: { banners: Banner[] }) {
  if (!banners.length) return null;
  return (
    <div className="mt-6 space-y-4">
      {banners.map((b, i) => (
        <section key={`${i}-${b.title}`} aria-labelledby={`banner-${i}`} className="surface-primary rounded-xl bg-[var(--site-primary)] p-6 text-[var(--site-on-primary)]">
          <h2 id={`banner-${i}`} className="text-xl font-bold">
            {b.title}
          </h2>
          {b.subtitle ? <p className="mt-1 opacity-90">{b.subtitle}</p> : null}
          {b.buttons.length ? (
            <p className="mt-4 flex flex-wrap gap-3">
              {b.buttons.map((btn, j) => (
                <NavHref key={`${j}-${btn.label}`} url={btn.url} className={`rounded px-4 py-2 text-sm font-semibold ${j === 0 ? "bg-white text-slate-900" : "border border-current"}`}>
                  {btn.label}
                </NavHref>
              ))}
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}
