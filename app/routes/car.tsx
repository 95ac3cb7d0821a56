import { data, Link } from "react-router";
import type { Route } from "./+types/car";
import { CarCard } from "~/components/vehicle/car-card";
import { toCarCard, type CarCardData } from "~/components/vehicle/car-card-data";
import { BodyIllustration } from "~/components/vehicle/body-illustration";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { carTitle, isInStock, type Car } from "~/domain/car";
import { getPriceDisplay } from "~/domain/display/price-display";
import { chooseBodyIllustration } from "~/domain/display/images";
import { getCarBySlug, getSimilarCars } from "~/services/cars.server";
import { VDP_PAGES, VdpLeadForms, vdpLeadPage } from "~/components/leads/vdp-lead-forms";
import { leadFormAction, loadLeadForm } from "~/services/lead-forms.server";
import { priceOptionsFor } from "~/sites/display-options";
import type { Site } from "~/sites/site";

const SLUG = /^[a-z0-9-]{1,200}$/;

function cards(site: Site, list: Car[], now: number): CarCardData[] {
  return list.map((c) => toCarCard(site, { ...c, title: carTitle(c), locationName: c.location?.name ?? null }, new Date(now)));
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  if (!SLUG.test(params.slug)) throw new Response("Not Found", { status: 404 });
  const lookup = await getCarBySlug(db, site, params.slug);
  if (lookup.kind === "not-found") throw new Response("Not Found", { status: 404 });
  const car = lookup.car;
  // Similar stock never fails the page (STYLE: deferred data never throws).
  const similar = await getSimilarCars(db, site, car).catch(() => [] as Car[]);
  const price = getPriceDisplay(car, priceOptionsFor(site.config));
  const payload = {
    withdrawn: lookup.kind === "withdrawn",
    car,
    title: carTitle(car),
    inStock: isInStock(car),
    priceText: price.text,
    illustration: chooseBodyIllustration(car),
    similar: cards(site, similar, now),
    siteName: site.name,
    detailsLabel: site.config.display.detailsButtonLabel,
    financePath: site.config.finance.linkPath,
    canonical: `${site.config.url ?? origin}${new URL(request.url).pathname}`,
    leadForm: await loadLeadForm(db, site, vdpLeadPage(new URL(request.url).searchParams.get("form"), isInStock(car), site.config.display.makeAnOffer), car),
    makeAnOffer: site.config.display.makeAnOffer,
  };
  return lookup.kind === "withdrawn" ? data(payload, { status: 410 }) : payload;
}

/** Lead forms of the VDP post here (issue 5). */
export async function action({ params, context, request }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const lookup = SLUG.test(params.slug) ? await getCarBySlug(db, site, params.slug) : { kind: "not-found" as const };
  if (lookup.kind !== "found") throw new Response("Not Found", { status: 404 });
  return leadFormAction(db, site, request, VDP_PAGES, { now: info.now, clientIp: info.clientIp ?? null }, lookup.car);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Vehicle not found" }];
  const { car, title, priceText, siteName } = data;
  const km = car.km !== null ? `${car.km.toLocaleString("en-AU")} km, ` : "";
  return [
    { title: `${title} | ${priceText} | ${siteName}` },
    { name: "description", content: `${car.carType === "used" ? "Used" : car.carType === "demo" ? "Demo" : "New"} ${title} for sale at ${car.location?.name ?? siteName}: ${km}${[car.simpleTransmission, car.simpleBody, car.simpleFuel].filter(Boolean).join(", ")}. ${priceText}` },
    { tagName: "link", rel: "canonical", href: data.canonical },
    ...(data.withdrawn ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

function Spec({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === "") return null;
  return (
    <div className="flex justify-between border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export default function CarPage({ loaderData }: Route.ComponentProps) {
  const { car, title, priceText, similar, withdrawn, inStock } = loaderData;
  if (withdrawn) {
    return (
      <section aria-labelledby="withdrawn-title">
        <h1 id="withdrawn-title" className="text-2xl font-bold">
          {title} is no longer available
        </h1>
        <p className="mt-2 text-slate-600">This vehicle has been withdrawn from sale. Here is similar stock.</p>
        <SimilarCars cars={similar} detailsLabel={loaderData.detailsLabel} financePath={loaderData.financePath} />
      </section>
    );
  }
  const comments = (car.dealerComments ?? "").split("|").map((p) => p.trim()).filter(Boolean);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link to="/">Home</Link> / <Link to={`/search/${car.carType}-cars`}>{car.carType === "used" ? "Used" : car.carType === "demo" ? "Demo" : "New"}</Link> / <span aria-current="page">{title}</span>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div>
          <div className="overflow-hidden rounded-lg">
            {car.primaryImageUrl ? (
              <img src={car.primaryImageUrl} alt={title} width={640} height={480} className="w-full" />
            ) : (
              <BodyIllustration body={loaderData.illustration} label={`${car.simpleBody ?? "Vehicle"} illustration`} />
            )}
          </div>
          <section aria-labelledby="comments-title" className="mt-8">
            <h2 id="comments-title" className="text-xl font-semibold">
              Dealer Comments
            </h2>
            {comments.length ? comments.map((p, i) => <p key={i} className="mt-2 text-slate-700">{p}</p>) : <p className="mt-2 text-slate-700">Dealer comments are pending. Please check back here later.</p>}
          </section>
          <section aria-labelledby="specs-title" className="mt-8">
            <h2 id="specs-title" className="text-xl font-semibold">
              Specifications
            </h2>
            <dl className="mt-2">
              <Spec label="Stock number" value={car.stockNumber} />
              <Spec label="Year" value={car.year} />
              <Spec label="Make" value={car.make} />
              <Spec label="Model" value={car.model} />
              <Spec label="Badge" value={car.badge} />
              <Spec label="Body" value={car.simpleBody} />
              <Spec label="Colour" value={car.colour} />
              <Spec label="Fuel" value={car.fuel} />
              <Spec label="Fuel consumption" value={car.fuelConsumptionCombined !== null ? `${car.fuelConsumptionCombined} L/100km` : null} />
              <Spec label="Engine" value={car.engineSizeLitres !== null ? `${car.cylinders ?? "?"} cyl, ${car.engineSizeLitres} L` : null} />
              <Spec label="Drive" value={car.drive} />
              <Spec label="Seats" value={car.seats} />
              <Spec label="Doors" value={car.doors} />
              {car.caravan ? (
                <>
                  <Spec label="Body length" value={car.caravan.bodyLengthFeet !== null ? `${car.caravan.bodyLengthFeet} ft (${(car.caravan.bodyLengthFeet * 0.3048).toFixed(2)} m)` : null} />
                  <Spec label="Sleeps" value={car.caravan.sleeps} />
                  <Spec label="Tare weight" value={car.caravan.tareWeight !== null ? `${car.caravan.tareWeight.toLocaleString("en-AU")} kg` : null} />
                  <Spec label="ATM" value={car.caravan.aggregateTrailerMass !== null ? `${car.caravan.aggregateTrailerMass.toLocaleString("en-AU")} kg` : null} />
                  <Spec label="Axle" value={car.caravan.axleType} />
                </>
              ) : null}
            </dl>
          </section>
          {car.features.length ? (
            <section aria-labelledby="features-title" className="mt-8">
              <h2 id="features-title" className="text-xl font-semibold">
                Features
              </h2>
              <ul className="mt-2 list-disc pl-6 text-slate-700">
                {car.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside aria-labelledby="vdp-title" className="h-fit rounded-lg bg-white p-6 shadow-sm">
          <h1 id="vdp-title" className="text-2xl font-bold leading-tight">
            {title}
          </h1>
          {inStock ? (
            <p className="mt-3 text-3xl font-bold" data-testid="vdp-price">
              {priceText}
            </p>
          ) : (
            <p className="mt-3 text-3xl font-bold text-red-700" data-testid="vdp-price">
              SOLD
            </p>
          )}
          <ul className="mt-4 grid grid-cols-3 gap-2 text-center text-sm" aria-label="Key facts">
            <li className="rounded bg-slate-100 p-2">
              <span className="block text-xs text-slate-500">Odometer</span>
              {car.km !== null ? `${car.km.toLocaleString("en-AU")} km` : "-"}
            </li>
            <li className="rounded bg-slate-100 p-2">
              <span className="block text-xs text-slate-500">Transmission</span>
              {car.simpleTransmission ?? "-"}
            </li>
            <li className="rounded bg-slate-100 p-2">
              <span className="block text-xs text-slate-500">Body</span>
              {car.simpleBody ?? "-"}
            </li>
          </ul>
          {car.location ? (
            <p className="mt-4 text-sm">
              Located at{" "}
              <a href="#vehicle-map" className="font-medium underline">
                {car.location.name}
              </a>
            </p>
          ) : null}
          <div className="mt-6 flex flex-col gap-2">
            {inStock ? (
              <>
                <a href="#enquire" className="rounded bg-[var(--site-primary)] px-4 py-2 text-center font-semibold text-[var(--site-on-primary)]">
                  Enquire
                </a>
                <Link to={`${loaderData.financePath}?car_id=${car.id}#finance-form`} className="rounded border border-slate-300 px-4 py-2 text-center">
                  Finance Enquiry
                </Link>
              </>
            ) : (
              <a href="#enquire" className="rounded border border-slate-300 px-4 py-2 text-center">
                Find Me Something Similar
              </a>
            )}
          </div>
        </aside>
      </div>
      <section id="enquire" aria-label="Enquire about this vehicle" className="mt-10 max-w-3xl">
        <VdpLeadForms setup={loaderData.leadForm} makeAnOffer={loaderData.makeAnOffer} />
      </section>
      {car.location ? (
        <section id="vehicle-map" aria-labelledby="map-title" className="mt-10 rounded-lg bg-white p-6 shadow-sm">
          <h2 id="map-title" className="text-xl font-semibold">
            Where to see this {car.itemType === "car" ? "car" : car.itemType}
          </h2>
          <address className="mt-2 not-italic text-slate-700">
            {car.location.name}
            <br />
            {car.location.address.street}, {car.location.address.city} {car.location.address.state} {car.location.address.postcode}
          </address>
          {car.location.address.placeUrl ? (
            <a href={car.location.address.placeUrl} className="mt-2 inline-block underline" rel="noopener noreferrer" target="_blank">
              Open in maps
            </a>
          ) : null}
        </section>
      ) : null}
      <SimilarCars cars={similar} detailsLabel={loaderData.detailsLabel} financePath={loaderData.financePath} />
    </>
  );
}

function SimilarCars({ cars, detailsLabel, financePath }: { cars: CarCardData[]; detailsLabel: string; financePath: string }) {
  if (!cars.length) return null;
  return (
    <section aria-labelledby="similar-title" className="mt-10">
      <h2 id="similar-title" className="mb-4 text-2xl font-semibold">
        Similar stock
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cars.map((c) => (
          <CarCard key={c.id} car={c} detailsLabel={detailsLabel} financeHref={financePath} />
        ))}
      </div>
    </section>
  );
}
