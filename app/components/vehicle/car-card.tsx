import { Link } from "react-router";
import { BodyIllustration } from "./body-illustration";
import type { CarCardData } from "./car-card-data";
import { FinanceEstimate } from "~/components/finance/finance-estimate";
import { FavouriteToggle } from "./favourite-toggle";
import { WatchlistButton } from "~/components/accounts/watchlist-button";
import { CachedElement } from "~/components/cached-element";
import { isStableCard } from "./stable-cards";

const BUTTON_STYLE: Record<string, string> = {
  details: "bg-[var(--site-primary)] font-semibold text-[var(--site-on-primary)]",
  reserve: "bg-green-700 font-semibold text-white",
};

/**
 * Car card (spec 2.3): image (or body illustration, fixed 4:3), tag (spec 4, the certified logo
 * as an image), location overlay, favourites/compare toggle and watchlist button (spec 4), title,
 * price, the finance estimate slot (issue 4) and the buttons from getCarCardButtons: in stock
 * enquiry, finance, details and (checkout) 'Reserve Now'; not in stock only 'Find Me Something Similar'.
 * `priority`: the card's image is likely the page's largest paint (the first result), so it loads
 * eagerly at high priority instead of lazily (issue 15, Lighthouse LCP).
 * `testId`: the card's `data-testid` ("group-car-card" for a sister site's car in "More from our group").
 * A sister site's car (`origin` set) says which dealer sells it (`soldBy`).
 * `renderWhenNear`: the card usually starts below the first screen, so the browser styles, lays
 * out and paints it when it nears the screen (`.render-when-near`, decision 209).
 * The picture and the summary sit in wrappers (`display: contents` and a flex column) that the
 * server may fill from its markup cache (decision 189).
 */
export function CarCard({ car, priority = false, renderWhenNear = false, testId = "car-card" }: { car: CarCardData; priority?: boolean; renderWhenNear?: boolean; testId?: string }) {
  // A sister site's car (dealer group search) links to its page on that site.
  const href = `${car.origin ?? ""}/cars/${car.slug}`;
  // Issue 15 (decision 189): a memoised card's picture and summary are the same markup on every
  // page, so the server renders them once (CachedElement). The first card's photo is preloaded in the
  // <head>, so its markup stays in the page; the toggle, buttons and watchlist need the page's
  // router and account, so they render on every page. The picture, the summary and the buttons
  // have no event handlers but their links: the browser keeps them as sent when the page first
  // hydrates, and their links navigate in the app (decisions 191 and 192).
  const cacheable = !priority && isStableCard(car);
  return (
    <article className={`flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm${renderWhenNear ? " render-when-near" : ""}`} aria-labelledby={`car-${car.id}-title`} data-testid={testId}>
      <div className="relative aspect-[4/3]">
        <CachedElement className="contents" cacheKeys={cacheable ? [car, PICTURE] : null}>
          <CardPicture car={car} priority={priority} />
        </CachedElement>
        {car.toggle ? (
          <div className="absolute right-2 top-2">
            <FavouriteToggle mode={car.toggle} car={{ id: car.id, name: car.title, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primaryImageUrl }} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <CachedElement className="flex flex-col gap-2" cacheKeys={cacheable ? [car, SUMMARY] : null}>
          <CardSummary car={car} href={href} />
        </CachedElement>
        {car.soldBy ? (
          <p className="text-sm font-medium text-slate-700" data-testid="sold-by">
            {`Sold by ${car.soldBy.siteName}${car.soldBy.dealership && car.soldBy.dealership !== car.soldBy.siteName ? `, ${car.soldBy.dealership}` : ""}`}
          </p>
        ) : null}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <div className="contents">
            {car.buttons.map((b, i, all) => (
              <Link
                key={b.kind}
                to={b.href}
                className={`rounded border border-slate-300 px-2 py-2 text-center text-sm ${BUTTON_STYLE[b.kind] ?? ""} ${all.length === 1 || (i === all.length - 1 && all.length % 2 === 1) ? "col-span-2" : ""}`}
              >
                {b.label}
              </Link>
            ))}
          </div>
          {car.watchlist ? <WatchlistButton car={{ id: car.id, name: car.title, inStock: car.inStock }} className="col-span-2" /> : null}
        </div>
      </div>
    </article>
  );
}

/** Cache keys of a card's two cached parts (with the card itself). */
const PICTURE: object = Object.freeze({ part: "picture" });
const SUMMARY: object = Object.freeze({ part: "summary" });

/** The card's photo or body illustration and what lies over it, except the toggle (it needs the router). */
function CardPicture({ car, priority }: { car: CarCardData; priority: boolean }) {
  return (
    <>
      {car.imageUrl ? (
        <img src={car.imageUrl} srcSet={car.imageSrcSet ?? undefined} sizes="(min-width: 1280px) 30vw, (min-width: 640px) 50vw, 100vw" alt={car.title} width={640} height={480} loading={priority ? "eager" : "lazy"} fetchPriority={priority ? "high" : undefined} decoding="async" className="h-full w-full object-cover" />
      ) : (
        <BodyIllustration body={car.illustration} label={`${car.body ?? "Vehicle"} illustration`} paint={car.paint} axles={car.axles} logoUrl={car.logoUrl} />
      )}
      {car.photosCount > 1 ? (
        <span className="absolute bottom-2 right-2 rounded bg-black/75 px-2 py-0.5 text-xs text-white" data-testid="photos-count">
          {`${car.photosCount} photos`}
        </span>
      ) : null}
      {car.tag ? (
        car.tag.logoUrl ? (
          <img src={car.tag.logoUrl} alt={car.tag.text} width={96} height={32} className="absolute left-2 top-2 h-8 w-24 rounded bg-white p-0.5" data-testid="car-tag" />
        ) : (
          <span className={`absolute left-2 top-2 rounded px-2 py-0.5 text-xs font-semibold uppercase text-white ${car.tag.kind === "sold" ? "bg-red-700" : "bg-[var(--site-accent)]"}`} data-testid="car-tag">
            {car.tag.text}
          </span>
        )
      ) : null}
      {car.locationName ? (
        <span className="absolute bottom-2 left-2 rounded bg-black/75 px-2 py-0.5 text-xs text-white">{car.locationName}</span>
      ) : null}
    </>
  );
}

/** The card's title, specs, price, price wording and finance estimate. */
function CardSummary({ car, href }: { car: CarCardData; href: string }) {
  return (
    <>
      <h3 id={`car-${car.id}-title`} className="text-base font-semibold leading-snug">
        <Link to={href} className="hover:underline">
          {car.title}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">{[car.carTypeLabel, car.kmText, car.transmission, car.body].filter(Boolean).join(" · ")}</p>
      <p className="text-xl font-bold text-slate-900" data-testid="car-price">
        {car.priceText}
        {car.wasPriceText ? <s className="ml-2 text-sm font-normal text-slate-500">{car.wasPriceText}</s> : null}
      </p>
      {car.priceWording ? (
        <p className="-mt-2 text-xs font-medium text-slate-600" data-testid="price-wording">
          {car.priceWording}
        </p>
      ) : null}
      {car.finance ? <FinanceEstimate estimate={car.finance} compact /> : null}
    </>
  );
}
