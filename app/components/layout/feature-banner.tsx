import { useEmblaCarouselWhenIdle } from "~/components/ui/use-embla-when-idle";
import { useCallback, useEffect, useState } from "react";
import type { SiteNavigation } from "~/services/navigation.server";
import { NavHref } from "./nav-link";

/**
 * The feature banner (spec 2.6): latest offers, book your service online (or the dealer
 * network's booking page), sell your car ('instant offer in 2 minutes', hideable per site).
 * Three columns from md up; below that an Embla carousel (before JavaScript loads, a plain
 * horizontally scrollable row, and until the browser is first idle: decision 204).
 */
export function FeatureBanner({ data }: { data: NonNullable<SiteNavigation["featureBanner"]> }) {
  const [viewportRef, api] = useEmblaCarouselWhenIdle({ align: "start", breakpoints: { "(min-width: 768px)": { active: false } } });
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState(0);
  const onSelect = useCallback(() => setSelected(api?.selectedScrollSnap() ?? 0), [api]);
  useEffect(() => {
    if (!api) return;
    setReady(true);
    api.on("select", onSelect);
    return () => {
      api.off("select", onSelect);
    };
  }, [api, onSelect]);
  const items = [
    { title: "Latest offers", text: "See this month's specials", url: data.offersUrl, icon: "M4 7h16v12H4zM4 7l8-4 8 4" },
    { title: "Book your service online", text: "Save time", url: data.serviceUrl, icon: "M4 20l6-6m0 0a5 5 0 107-7l-3 3-3-3 3-3a5 5 0 00-7 7" },
    { title: "Sell your car", text: data.showTradeInText ? "Instant offer in 2 minutes" : null, url: data.tradeInUrl, icon: "M3 13l2-6h14l2 6v5H3zM7 18v2M17 18v2" },
  ];
  return (
    <section aria-label="Featured" aria-roledescription="carousel" className="mt-6">
      <div ref={viewportRef} className={ready ? "overflow-hidden" : "overflow-x-auto"}>
        <ul className="flex gap-3 md:grid md:grid-cols-3">
          {items.map((item, i) => (
            <li key={item.title} aria-roledescription="slide" aria-label={`${i + 1} of ${items.length}`} className="min-w-0 flex-[0_0_85%] md:flex-auto">
              <NavHref url={item.url} className="flex h-full items-center gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-[var(--site-primary)]">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 shrink-0 text-[var(--site-primary)]" fill="none" stroke="currentColor" strokeWidth="1.8">
                  <path d={item.icon} />
                </svg>
                <span>
                  <span className="block font-semibold">{item.title}</span>
                  {item.text ? <span className="block text-sm text-slate-600">{item.text}</span> : null}
                </span>
              </NavHref>
            </li>
          ))}
        </ul>
      </div>
      {ready ? (
        <div className="mt-1 flex justify-center gap-1 md:hidden">
          {items.map((item, i) => (
            // A 24 px target around a 10 px dot (WCAG 2.5.8 target size; Lighthouse target-size).
            <button
              key={item.title}
              type="button"
              aria-label={`Show ${item.title}`}
              aria-current={selected === i ? "true" : undefined}
              onClick={() => api?.scrollTo(i)}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${selected === i ? "bg-[var(--site-primary)]" : "bg-slate-300"}`} />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
