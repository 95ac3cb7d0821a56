import { data } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/car";
import { CarCard } from "~/components/vehicle/car-card";
import { cardJson, readCard, type CardJson } from "~/components/vehicle/card-json";
import { BodyIllustration } from "~/components/vehicle/body-illustration";
import { FavouriteToggle } from "~/components/vehicle/favourite-toggle";
import { WatchlistButton } from "~/components/accounts/watchlist-button";
import { InfoTabs } from "~/components/vehicle/vdp/info-tabs";
import { CollapsibleList, HistoryReportLink, PdfDownload, PhoneReveal, PrintLink, ShareMenu, StickyBar, ViewTracker } from "~/components/vehicle/vdp/interactive";
import { PhotoGallery } from "~/components/vehicle/vdp/gallery";
import { MakeOfferDialog } from "~/components/vehicle/vdp/make-offer";
import { readVdp, vdpJson } from "~/components/vehicle/vdp/vdp-json";
import { dbContext, requestInfoContext, siteContext, siteListContext } from "~/context";
import { formatAud } from "~/domain/display/price-display";
import { getCarBySlug } from "~/services/cars.server";
import { groupSearchMembers, similarStockCards } from "~/services/group-search.server";
import { FinancePanel } from "~/components/finance/finance-panel";
import { FinanceEstimate } from "~/components/finance/finance-estimate";
import { financePanelFor } from "~/services/finance.server";
import { buildVdpView, type VdpButton } from "~/services/vdp.server";
import { VDP_PAGES, vdpLeadPage } from "~/components/leads/vdp-lead-page";
import { HydratedLater, island } from "~/components/island";
import { isInStock } from "~/domain/car";
import { leadFormAction, loadLeadForm } from "~/services/lead-forms.server";
import { wholeNumberText } from "~/domain/display/number-text";
import { leadClientAction } from "~/components/leads/lead-client-action";

/** The lead forms are at the foot of the page: their JavaScript (about 13 KB gzip) loads as the shopper nears them (decision 186). */
const VdpLeadForms = island("vdp-lead-forms", () => import("~/components/leads/vdp-lead-forms").then((m) => m.VdpLeadForms));

const SLUG = /^[a-z0-9-]{1,200}$/;

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  if (!SLUG.test(params.slug)) throw new Response("Not Found", { status: 404 });
  const lookup = await getCarBySlug(db, site, params.slug);
  if (lookup.kind === "not-found") throw new Response("Not Found", { status: 404 });
  const car = lookup.car;
  // Similar stock never fails the page. Started here, awaited last: its query runs while the rest
  // of the page's data loads. Not deferred: the page is sent whole anyway (decision 184), and a
  // deferred section suspends while the browser hydrates (decision 185).
  // Chosen from the site's search documents in memory (decision 189), as cards memoised per document.
  // Decision 193: each card is one JSON string in the loader data.
  // A site that shows its dealer group's stock offers its sisters' cars too, each linked to its own site.
  const siteList = context.get(siteListContext);
  const similar: Promise<CardJson[]> = (async () => {
    const members = siteList ? groupSearchMembers(site, await siteList()) : [];
    return similarStockCards(db, site, members, { id: car.id, make: car.make, body: car.simpleBody, price: car.price }, origin, now, cardJson);
  })().catch(() => []);
  const vdp = await buildVdpView(db, site, car, { now: new Date(now), origin, onMissingPhone: (m) => console.warn(m) });
  const payload = {
    withdrawn: lookup.kind === "withdrawn",
    // Decision 208: the view model is one JSON string in the loader data.
    vdp: vdpJson(vdp),
    siteName: site.name,
    finance: await financePanelFor(site, car, new Date(now)),
    phoneRevealed: url.searchParams.get("phone") === "shown",
    viewed: { id: car.id, stocknum: car.stockNumber, make: car.make, model: car.model, body: car.bodyConfiguration, simple_body: car.simpleBody },
    leadForm: await loadLeadForm(db, site, vdpLeadPage(url.searchParams.get("form"), isInStock(car), site.config.display.makeAnOffer), car),
    makeAnOffer: site.config.display.makeAnOffer,
    offerForm: site.config.display.makeAnOffer && isInStock(car) ? await loadLeadForm(db, site, vdpLeadPage("offer", true, true), car) : null,
  };
  if (lookup.kind === "withdrawn") return data({ ...payload, similar: await similar }, { status: 410 });
  return { ...payload, similar: await similar };
}

/** Lead forms of the VDP post here (issue 5). */
/** A failed round trip keeps the form and what was typed (spec 8, lead-client-action.ts). */
export const clientAction = leadClientAction;

export async function action({ params, context, request, url }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const lookup = SLUG.test(params.slug) ? await getCarBySlug(db, site, params.slug) : { kind: "not-found" as const };
  // A withdrawn car's page carries the 'Find Me Something Similar' form (spec 4), which posts here.
  if (lookup.kind === "not-found") throw new Response("Not Found", { status: 404 });
  return leadFormAction(db, site, request, VDP_PAGES, { now: info.now, clientIp: info.clientIp ?? null }, lookup.car);
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Vehicle not found" }];
  const { siteName } = data;
  const vdp = readVdp(data.vdp);
  const title = `${vdp.title} | ${vdp.inStock ? vdp.price.text : "SOLD"} | ${siteName}`;
  return [
    { title },
    { name: "description", content: vdp.description },
    { tagName: "link", rel: "canonical", href: vdp.canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: title },
    { property: "og:description", content: vdp.description },
    { property: "og:url", content: vdp.canonical },
    { property: "og:site_name", content: siteName },
    ...(vdp.ogImage ? [{ property: "og:image", content: vdp.ogImage }] : []),
    { name: "twitter:card", content: vdp.ogImage ? "summary_large_image" : "summary" },
    ...(data.withdrawn ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

const BUTTON_STYLE: Partial<Record<VdpButton["kind"], string>> = {
  enquire: "bg-[var(--site-primary)] font-semibold text-[var(--site-on-primary)] border-transparent",
  reserve: "bg-green-700 font-semibold text-white border-transparent",
  "find-similar": "bg-[var(--site-primary)] font-semibold text-[var(--site-on-primary)] border-transparent",
};

/** Issue 17: the buttons shown first (above the fold on a phone); the rest are grouped below. */
const PRIMARY_BUTTONS = new Set<VdpButton["kind"]>(["enquire", "find-similar", "call", "reserve", "online-purchase"]);

function CtaButton({ button }: { button: VdpButton }) {
  const className = `block rounded border border-slate-300 px-4 py-2 text-center ${BUTTON_STYLE[button.kind] ?? ""}`;
  if (button.kind === "history-report" && button.href) return <HistoryReportLink href={button.href} label={button.label} className={className} />;
  if (button.href?.startsWith("/") && !button.href.includes("#")) {
    return (
      <Link to={button.href} className={className}>
        {button.label}
      </Link>
    );
  }
  return (
    <a href={button.href ?? "#enquire"} className={className} data-kind={button.kind}>
      {button.label}
    </a>
  );
}

function Icon({ label, value, path }: { label: string; value: string | null; path: string }) {
  return (
    <li className="flex flex-col items-center gap-1 rounded bg-slate-100 p-2 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
      <span className="text-xs text-slate-600">{label}</span>
      <span className="text-sm font-medium">{value ?? "-"}</span>
    </li>
  );
}

export default function CarPage({ loaderData }: Route.ComponentProps) {
  const { withdrawn, siteName } = loaderData;
  const vdp = readVdp(loaderData.vdp);
  if (withdrawn) {
    // Spec 4: a car not in stock shows SOLD and only 'Find Me Something Similar'.
    const findSimilar = vdp.buttons.find((b) => b.kind === "find-similar");
    return (
      <section aria-labelledby="withdrawn-title">
        {vdp.tag?.kind === "sold" ? (
          <span className="rounded bg-red-700 px-2 py-1 text-sm font-semibold uppercase text-white" data-testid="vdp-tag">
            {vdp.tag.text}
          </span>
        ) : null}
        <h1 id="withdrawn-title" className="mt-2 text-2xl font-bold">
          {vdp.title} is no longer available
        </h1>
        <p className="mt-2 text-3xl font-bold text-red-700" data-testid="vdp-price">
          SOLD
        </p>
        <p className="mt-2 text-slate-600">This vehicle has been withdrawn from sale. Here is similar stock.</p>
        {findSimilar ? (
          <div className="mt-4 max-w-xs">
            <CtaButton button={findSimilar} />
          </div>
        ) : null}
        <section id="enquire" aria-label="Find Me Something Similar" className="mt-8 max-w-3xl">
          <VdpLeadForms setup={loaderData.leadForm} makeAnOffer={false} />
        </section>
        <SimilarGrid cars={loaderData.similar} />
      </section>
    );
  }
  const savedCar = { id: vdp.id, name: vdp.title, slug: vdp.slug, make: vdp.make, model: vdp.model, primary_image_url: vdp.primaryImageUrl };
  const enquire = vdp.buttons.find((b) => b.kind === "enquire" || b.kind === "find-similar");
  const primary = vdp.buttons.filter((b) => PRIMARY_BUTTONS.has(b.kind));
  const secondary = vdp.buttons.filter((b) => !PRIMARY_BUTTONS.has(b.kind));
  const call = vdp.buttons.find((b) => b.kind === "call");
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: vdp.jsonLd }} />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link to="/">Home</Link> / <Link to={`/search/${vdp.carType}-cars`}>{vdp.carTypeLabel}</Link> / <span aria-current="page">{vdp.title}</span>
      </nav>
      {/* Issue 17: on a phone the order is gallery, then the sidebar (title, price, finance teaser,
          primary buttons), then tabs and specifications; on a wide screen the sidebar sits right. */}
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr] lg:gap-x-8 lg:gap-y-0">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <div className="relative overflow-hidden rounded-lg">
            {vdp.photos.length ? (
              <PhotoGallery photos={vdp.photos} alt={vdp.imageAlt} photosCount={vdp.photosCount} />
            ) : vdp.image.kind === "photo" ? (
              <img src={vdp.image.src} srcSet={vdp.image.srcSet} sizes="(min-width: 1024px) 66vw, 100vw" alt={vdp.imageAlt} width={vdp.image.width} height={vdp.image.height} fetchPriority="high" className="w-full" />
            ) : (
              <BodyIllustration body={vdp.image.body} label={`${vdp.simpleBody ?? vdp.itemNoun} illustration`} paint={vdp.illustration.paint} axles={vdp.illustration.axles} logoUrl={vdp.illustration.logoUrl} />
            )}
            {vdp.tag ? (
              vdp.tag.logoUrl ? (
                <img src={vdp.tag.logoUrl} alt={vdp.tag.text} width={96} height={32} className="absolute left-3 top-3 h-8 w-24 rounded bg-white p-0.5" />
              ) : (
                <span className={`absolute left-3 top-3 rounded px-2 py-1 text-sm font-semibold uppercase text-white ${vdp.tag.kind === "sold" ? "bg-red-700" : "bg-[var(--site-accent)]"}`} data-testid="vdp-tag">
                  {vdp.tag.text}
                </span>
              )
            ) : null}
          </div>
        </div>
        <div className="order-last min-w-0 lg:order-none lg:col-start-1 lg:row-start-2">
          {vdp.guaranteeBanner ? (
            <section aria-labelledby="guarantee-title" className="mt-6 rounded-lg border border-green-700 bg-green-50 p-4" data-testid="guarantee-banner">
              <h2 id="guarantee-title" className="font-semibold text-green-900">
                Our guarantee
              </h2>
              <ul className="mt-2 grid gap-1 text-sm text-green-900 sm:grid-cols-2">
                {vdp.guaranteeBanner.map((g) => (
                  <li key={g}>✓ {g}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <HydratedLater part="vdp-info-tabs">
            <InfoTabs
              comments={vdp.comments}
              standardEquipment={vdp.standardEquipment}
              features={vdp.features}
              featuresLimit={vdp.featuresLimit}
              siteName={siteName}
              itemNoun={vdp.itemNoun}
              reserve={vdp.reserve}
              inStock={vdp.inStock}
              certified={vdp.certified}
            />
          </HydratedLater>
          <section aria-labelledby="specs-title" className="mt-8">
            <h2 id="specs-title" className="text-xl font-semibold">
              Specifications
            </h2>
            <CollapsibleList
              as="dl"
              items={vdp.specs}
              limit={4}
              testId="spec-list"
              className="mt-2"
              render={(s) => (
                <div key={s.name} className="flex justify-between border-b border-slate-100 py-2 text-sm">
                  <dt className="text-slate-600">{s.label}</dt>
                  <dd className="font-medium">{s.value}</dd>
                </div>
              )}
            />
          </section>
          {vdp.keyInfo.length ? (
            <section aria-labelledby="key-info-title" className="mt-8">
              <h2 id="key-info-title" className="text-xl font-semibold">
                Key information
              </h2>
              <dl className="mt-2" data-testid="key-info">
                {vdp.keyInfo.map((k) => (
                  <div key={k.label} className="flex justify-between border-b border-slate-100 py-2 text-sm">
                    <dt className="text-slate-600">{k.label}</dt>
                    <dd className="font-medium">{k.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {vdp.servicePlan ? (
            <section aria-labelledby="service-plan-title" className="mt-8 rounded-lg bg-white p-6 shadow-sm" data-testid="service-plan">
              <h2 id="service-plan-title" className="text-xl font-semibold">
                {vdp.make} {vdp.model} capped price servicing
              </h2>
              <p className="mt-2 text-slate-700">
                {formatAud(vdp.servicePlan.pricePerService)} per service for the first {vdp.servicePlan.services} services ({formatAud(vdp.servicePlan.total)} in total) over{" "}
                {vdp.servicePlan.years} years, every {vdp.servicePlan.intervalMonths} months or {wholeNumberText(vdp.servicePlan.intervalKm)} km, whichever comes first, up to{" "}
                {wholeNumberText(vdp.servicePlan.maxKm)} km.
              </p>
            </section>
          ) : null}
        </div>
        <HydratedLater part="vdp-sidebar">
          <aside aria-labelledby="vdp-title" className="h-fit rounded-lg bg-white p-4 shadow-sm sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <h1 id="vdp-title" className="text-xl font-bold leading-tight sm:text-2xl">
              {vdp.title}
            </h1>
            {vdp.certified ? <p className="mt-1 text-sm font-semibold text-[var(--site-primary)]">{vdp.certified.programme}</p> : null}
            {vdp.inStock ? (
              <div className="mt-3">
                <p className="text-3xl font-bold" data-testid="vdp-price">
                  {vdp.price.text}
                </p>
                {vdp.price.wording ? (
                  <p className="text-sm font-medium text-slate-700" data-testid="price-wording">
                    {vdp.price.wording}
                  </p>
                ) : null}
                {vdp.price.wasText ? (
                  <p className="text-sm text-slate-500">
                    Was <s>{vdp.price.wasText}</s>
                  </p>
                ) : null}
                {vdp.market.shown ? (
                  <p className="mt-2 rounded bg-green-50 px-2 py-1 text-sm font-semibold text-green-800" data-testid="market-indicator">
                    {formatAud(vdp.market.saving)} below the {vdp.market.reference === "state" ? "state" : "national"} market average of {formatAud(vdp.market.marketPrice)}
                  </p>
                ) : null}
              </div>
            ) : (
              <p className="mt-3 text-3xl font-bold text-red-700" data-testid="vdp-price">
                SOLD
              </p>
            )}
            {loaderData.finance.inStock && loaderData.finance.estimate ? (
              <div className="mt-2" data-testid="finance-teaser">
                <FinanceEstimate estimate={loaderData.finance.estimate} compact />
              </div>
            ) : null}
            <div className="mt-4" data-testid="vdp-buttons">
              <div className="grid grid-cols-2 gap-2" data-testid="vdp-primary-buttons">
                {primary.map((b, i) => (
                  <div key={b.kind} className={primary.length % 2 === 1 && i === 0 ? "col-span-2" : undefined}>
                    <CtaButton button={b} />
                  </div>
                ))}
              </div>
              {secondary.length || loaderData.offerForm ? (
                <div className="mt-3 grid grid-cols-2 gap-2 text-sm" role="group" aria-label="More options" data-testid="vdp-secondary-buttons">
                  {secondary.map((b) => (
                    <CtaButton key={b.kind} button={b} />
                  ))}
                  {loaderData.offerForm ? <MakeOfferDialog setup={loaderData.offerForm} title={vdp.title} /> : null}
                </div>
              ) : null}
            </div>
            <ul className="mt-4 grid grid-cols-3 gap-2" aria-label="Key facts">
              {vdp.caravanIcons ? (
                <>
                  <Icon label="Length" value={vdp.caravanIcons.length} path="M3 12h18M3 8v8M21 8v8M7 12l-2-2M7 12l-2 2M17 12l2-2M17 12l2 2" />
                  <Icon label="Sleeps" value={vdp.caravanIcons.sleeps} path="M3 18V7M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-7v6M7 11h.01" />
                </>
              ) : (
                <>
                  <Icon label="Odometer" value={vdp.icons.km} path="M12 21a9 9 0 1 1 9-9M12 12l4-4M3 12h2M12 3v2M19 12h2" />
                  <Icon label="Transmission" value={vdp.icons.transmission} path="M5 4v16M12 4v16M19 4v8H5" />
                </>
              )}
              <Icon label="Body" value={vdp.icons.body} path="M3 16l2-6h14l2 6v3H3zM7 19v2M17 19v2M6 10l2-4h8l2 4" />
            </ul>
            {vdp.location ? (
              <p className="mt-4 text-sm">
                Located at{" "}
                <Link to={vdp.location.href} className="font-medium underline">
                  {vdp.location.name}
                </Link>
              </p>
            ) : null}
            <div id="finance-panel">
              <FinancePanel data={loaderData.finance} showEstimate={false} />
            </div>
            <div className="mt-4 flex flex-wrap items-center gap-2">
              {vdp.share ? <ShareMenu url={vdp.share.url} links={vdp.share.links} /> : null}
              {vdp.toggle ? <FavouriteToggle mode={vdp.toggle} car={savedCar} className="border border-slate-300" /> : null}
              <WatchlistButton car={{ id: vdp.id, name: vdp.title, inStock: vdp.inStock }} />
              <PrintLink slug={vdp.slug} />
              <PdfDownload slug={vdp.slug} />
            </div>
            <section id="call-dealer" aria-labelledby="call-title" className="mt-6 border-t border-slate-200 pt-4">
              <h2 id="call-title" className="text-sm font-semibold uppercase text-slate-600">
                Call the dealer
              </h2>
              {vdp.phone ? <PhoneReveal slug={vdp.slug} phone={vdp.phone} revealed={loaderData.phoneRevealed} /> : <p className="text-sm text-slate-600">Please use the enquiry form.</p>}
              <p className="mt-1 text-sm text-slate-600" data-testid="stock-number">
                Stock number: {vdp.stockNumber}
              </p>
              {vdp.dealerLink ? (
                <p className="mt-1 text-sm">
                  {vdp.dealerLink.name}:{" "}
                  <Link to={vdp.dealerLink.href} className="underline">
                    See more from this dealer
                  </Link>
                </p>
              ) : null}
              <ViewTracker slug={vdp.slug} viewed={loaderData.viewed} used={vdp.carType === "used"} />
            </section>
          </aside>
        </HydratedLater>
      </div>
      {vdp.location?.showMapSection ? (
        <section id="vehicle-map" aria-labelledby="map-title" className="mt-10 rounded-lg bg-white p-6 shadow-sm">
          <h2 id="map-title" className="text-xl font-semibold">
            Where to see this {vdp.itemNoun}
          </h2>
          <address className="mt-2 not-italic text-slate-700">
            {vdp.location.name}
            <br />
            {vdp.location.address}
          </address>
          {vdp.location.placeUrl ? (
            <a href={vdp.location.placeUrl} className="mt-2 inline-block underline" rel="noopener noreferrer" target="_blank">
              Open in maps
            </a>
          ) : null}
        </section>
      ) : null}
      <section id="enquire" aria-label={`Enquire about this ${vdp.itemNoun}`} className="mt-10 max-w-3xl">
        <VdpLeadForms setup={loaderData.leadForm} makeAnOffer={loaderData.makeAnOffer} />
      </section>
      {loaderData.similar.length ? (
        <HydratedLater part="vdp-similar">
          <SimilarGrid cars={loaderData.similar} />
        </HydratedLater>
      ) : null}
      <StickyBar>
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{vdp.title}</p>
            <p className="text-sm">
              <span className="font-bold">{vdp.inStock ? vdp.price.text : "SOLD"}</span>
              {vdp.inStock && vdp.price.wording ? <span className="ml-1 text-xs text-slate-600">{vdp.price.wording}</span> : null}
            </p>
          </div>
          <div className="flex gap-2">
            {call?.href ? (
              <a href={call.href} className="rounded border border-slate-300 px-3 py-2 text-sm">
                Call
              </a>
            ) : null}
            {enquire ? (
              <a href={enquire.href ?? "#enquire"} className="rounded bg-[var(--site-primary)] px-3 py-2 text-sm font-semibold text-[var(--site-on-primary)]">
                {enquire.kind === "enquire" ? "Enquire" : enquire.label}
              </a>
            ) : null}
          </div>
        </div>
      </StickyBar>
    </>
  );
}

function SimilarGrid({ cars }: { cars: CardJson[] }) {
  if (!cars.length) return null;
  return (
    <section aria-labelledby="similar-title" className="mt-10">
      <h2 id="similar-title" className="mb-4 text-2xl font-semibold">
        Similar stock
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cars.map(readCard).map((c) => (
          <CarCard key={c.id} car={c} renderWhenNear />
        ))}
      </div>
    </section>
  );
}
