/**
 * Location page block (spec 2.5): one location shows a map plus info; several a card grid, or a
 * carousel for an 'all' block where the site enables it.
 */
import { Link } from "react-router";
import type { BlockLayout } from "~/domain/locations/location-block";
import type { LocationCardView } from "~/services/locations.server";
import { Carousel, CarouselContent, CarouselControls, CarouselItem } from "~/components/ui/carousel";
import { LocationCard, LocationQuickInfo } from "./location-card";
import { LocationMap } from "./location-map";

export interface LocationBlockView {
  layout: BlockLayout;
  gridClass: string;
  locations: LocationCardView[];
  detailLabel: string;
  map: { tileUrl: string | null; attribution: string };
}

export function LocationBlock({ block, title }: { block: LocationBlockView; title: string }) {
  const { layout, locations, detailLabel } = block;
  if (layout === "empty") return null;
  if (layout === "single") {
    const l = locations[0];
    return (
      <section aria-labelledby="location-block-title" className="grid gap-6 rounded-lg bg-white p-6 shadow-sm md:grid-cols-2">
        <div>
          <h2 id="location-block-title" className="text-xl font-semibold">
            {l.name}
          </h2>
          <LocationQuickInfo location={l} />
          <Link to={l.href} className="mt-4 inline-block rounded bg-[var(--site-primary)] px-3 py-2 text-sm font-semibold text-[var(--site-on-primary)]" aria-label={`${detailLabel}: ${l.name}`}>
            {detailLabel}
          </Link>
        </div>
        <LocationMap name={l.name} address={l.address} placeUrl={l.mapUrl} lat={l.lat} long={l.long} tileUrl={block.map.tileUrl} attribution={block.map.attribution} />
      </section>
    );
  }
  if (layout === "carousel") {
    return (
      <Carousel label={title}>
        <h2 className="mb-4 text-xl font-semibold">{title}</h2>
        <CarouselContent>
          {locations.map((l, i) => (
            <CarouselItem key={l.id} index={i} count={locations.length}>
              <LocationCard location={l} detailLabel={detailLabel} headingLevel={3} />
            </CarouselItem>
          ))}
        </CarouselContent>
        <CarouselControls />
      </Carousel>
    );
  }
  return (
    <section aria-labelledby="location-block-title">
      <h2 id="location-block-title" className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      <ul className={`grid gap-6 ${block.gridClass}`}>
        {locations.map((l) => (
          <li key={l.id}>
            <LocationCard location={l} detailLabel={detailLabel} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
