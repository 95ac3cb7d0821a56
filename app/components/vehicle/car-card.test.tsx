/**
 * Car cards from the server's hydratable markup cache (spec 2.3, issue 15 "Fast pages", decision
 * 189): a memoised card's picture and summary are rendered once and written into later pages as
 * strings. The browser hydrates them, so they must be byte for byte what React streams without
 * the cache, text separators and all.
 */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { HydratableMarkupContext, type HydratableMarkup } from "../cached-markup";
import { createHydratableMarkupCache } from "../markup-cache.server";
import { CarCard } from "./car-card";
import type { CarCardData } from "./car-card-data";
import { markStableCard } from "./stable-cards";

function card(overrides: Partial<CarCardData> = {}): CarCardData {
  return {
    id: 7,
    slug: "2021-toyota-rav4-gx-7",
    title: "2021 Toyota RAV4 GX",
    make: "Toyota",
    model: "RAV4",
    priceText: "$38,990",
    wasPriceText: null,
    kmText: "41,200 km",
    carType: "used",
    carTypeLabel: "Used",
    transmission: "Automatic",
    body: "SUV",
    fuel: "Petrol",
    locationName: "Osborne Park",
    tag: null,
    inStock: true,
    imageUrl: null,
    imageSrcSet: null,
    primaryImageUrl: null,
    illustration: "suv",
    buttons: [
      { kind: "enquire", label: "Enquire Now", href: "/cars/2021-toyota-rav4-gx-7#enquire" },
      { kind: "details", label: "Explore Vehicle", href: "/cars/2021-toyota-rav4-gx-7" },
    ],
    toggle: "favourite",
    watchlist: true,
    finance: {
      providerType: "A",
      frequency: "weekly",
      paymentText: "$98",
      periodText: "per week",
      isEnquireForFinance: false,
      totalText: "$44,120",
      interestRateText: "6.29%",
      comparisonRateText: "7.94%",
      termText: "5 years",
      disclaimer: "Indicative only.",
    },
    priceWording: "Drive away",
    paint: "#b91c1c",
    axles: 2,
    photosCount: 0,
    logoUrl: "/brand-logos/toyota.svg",
    ...overrides,
  };
}

/** Every shape of card the SRP shows: illustration, photos, a logo tag, a text tag, a was price, no finance. */
function cards(): CarCardData[] {
  return [
    card(),
    card({ id: 8, slug: "b-8", imageUrl: "https://img.example/b.jpg?w=640", imageSrcSet: "https://img.example/b.jpg?w=320 320w", photosCount: 12, wasPriceText: "$41,990" }),
    card({ id: 9, slug: "c-9", tag: { kind: "certified", text: "Toyota Certified Pre-Owned", logoUrl: "/brand/certified.svg" } }),
    card({ id: 10, slug: "d-10", tag: { kind: "sold", text: "JUST SOLD", logoUrl: null }, toggle: null, watchlist: false, finance: null, priceWording: null, locationName: null }),
  ];
}

/** Renders the cards as the SRP does (the first one is the page's priority image), optionally with the cache. */
function render(list: CarCardData[], cache: HydratableMarkup | null): string {
  const element = (
    <>
      {list.map((car, i) => (
        <CarCard key={car.id} car={car} priority={i === 0} />
      ))}
    </>
  );
  const router = createMemoryRouter([{ path: "/search", element }], { initialEntries: ["/search"] });
  return renderToString(
    <HydratableMarkupContext.Provider value={cache}>
      <RouterProvider router={router} />
    </HydratableMarkupContext.Provider>,
  );
}

/** A cache that records what it was asked for and what it answered. */
function recordingCache() {
  const inner = createHydratableMarkupCache();
  const calls: { id: number; html: string | null }[] = [];
  const cache: HydratableMarkup = (keys, node) => {
    const html = inner(keys, node);
    calls.push({ id: (keys[0] as CarCardData).id, html });
    return html;
  };
  return { cache, calls };
}

describe("CarCard's cached picture and summary (spec 2.3, decision 189)", () => {
  it("writes byte for byte the HTML React writes without the cache, on the first page and on later ones", () => {
    const list = cards().map(markStableCard);
    const plain = render(list, null);
    const { cache } = recordingCache();
    expect(render(list, cache)).toBe(plain);
    expect(render(list, cache)).toBe(plain);
    // The finance estimate ("6.29% p.a.", " per week") and the photo count write one text each: no
    // React text separator (a comment and a second text node in the browser) in a card (issue 15).
    expect(plain).toContain(">6.29% p.a.</dd>");
    expect(plain).toContain("</span> per week</p>");
    expect(plain).not.toContain("<!-- -->");
  });

  it("caches both parts of a memoised card, once; never the priority card, nor a picture that React preloads in <head>", () => {
    const list = cards().map(markStableCard);
    const { cache, calls } = recordingCache();
    render(list, cache);
    // Card 7 is the first (priority): not asked. Card 9's certified logo (an <img> without lazy loading) is preloaded: not cacheable.
    expect(calls.map((c) => [c.id, c.html === null ? "not cached" : "cached"])).toEqual([
      [8, "cached"],
      [8, "cached"],
      [9, "not cached"],
      [9, "cached"],
      [10, "cached"],
      [10, "cached"],
    ]);
    const summary = calls[1].html!;
    expect(summary).toMatch(/^<h3 id="car-8-title"[^>]*><a class="hover:underline" href="\/cars\/b-8" data-discover="true">2021 Toyota RAV4 GX<\/a><\/h3>/);
    expect(summary).toContain('<s class="ml-2 text-sm font-normal text-slate-500">$41,990</s>');
    // The toggle and the buttons are not in the cached parts (they need the page's router and account).
    expect(calls.every((c) => !c.html?.includes("favourite-toggle") && !c.html?.includes("Enquire Now"))).toBe(true);
  });

  it("a card built for one request (not memoised) is rendered in the page, never cached", () => {
    const { cache, calls } = recordingCache();
    const list = cards();
    expect(render(list, cache)).toBe(render(list, null));
    expect(calls).toEqual([]);
  });

  it("a new card object (a new stock or config version) shows its own content, not the old card's", () => {
    const { cache } = recordingCache();
    const first = cards().map(markStableCard);
    render(first, cache);
    const next = cards().map((c) => markStableCard(c.id === 8 ? { ...c, priceText: "$35,000", wasPriceText: "$38,990" } : c));
    const html = render(next, cache);
    expect(html).toBe(render(next, null));
    expect(html).toContain("$35,000");
    expect(html).not.toContain("$41,990");
  });
});
