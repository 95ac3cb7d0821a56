import { Link } from "react-router";
import { BodyIllustration } from "./body-illustration";
import type { CarCardData } from "./car-card-data";
import { FinanceEstimate } from "~/components/finance/finance-estimate";
import { financeHref as buildFinanceHref } from "~/domain/finance/link";

/**
 * Car card (spec 2.3): image, tag, location overlay, title, price, km and the buttons. In stock:
 * enquiry, finance and details; not in stock: only 'Find Me Something Similar'.
 */
export function CarCard({ car, detailsLabel, financeHref }: { car: CarCardData; detailsLabel: string; financeHref: string }) {
  const href = `/cars/${car.slug}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm" aria-labelledby={`car-${car.id}-title`}>
      <div className="relative aspect-[4/3]">
        {car.imageUrl ? (
          <img src={car.imageUrl} alt={car.title} width={640} height={480} loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <BodyIllustration body={car.illustration} label={`${car.body ?? "Vehicle"} illustration`} />
        )}
        {car.tag ? (
          <span className="absolute left-2 top-2 rounded bg-[var(--site-accent)] px-2 py-0.5 text-xs font-semibold uppercase text-white" data-testid="car-tag">
            {car.tag.text}
          </span>
        ) : null}
        {car.locationName ? (
          <span className="absolute bottom-2 left-2 rounded bg-black/70 px-2 py-0.5 text-xs text-white">{car.locationName}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={`car-${car.id}-title`} className="text-base font-semibold leading-snug">
          <Link to={href} className="hover:underline">
            {car.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">
          {[car.carTypeLabel, car.kmText, car.transmission, car.body].filter(Boolean).join(" · ")}
        </p>
        <p className="text-xl font-bold text-slate-900" data-testid="car-price">
          {car.priceText}
          {car.wasPriceText ? <s className="ml-2 text-sm font-normal text-slate-500">{car.wasPriceText}</s> : null}
        </p>
        {car.finance ? <FinanceEstimate estimate={car.finance} compact /> : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {car.inStock ? (
            <>
              <Link to={href} className="rounded bg-[var(--site-primary)] px-3 py-2 text-sm font-semibold text-[var(--site-on-primary)]">
                {detailsLabel}
              </Link>
              <Link to={`${href}#enquire`} className="rounded border border-slate-300 px-3 py-2 text-sm">
                Enquire
              </Link>
              <Link to={buildFinanceHref(financeHref, { car_id: car.id, car_type: car.carType })} className="rounded border border-slate-300 px-3 py-2 text-sm">
                Finance Enquiry
              </Link>
            </>
          ) : (
            <Link to={`${href}#enquire`} className="rounded border border-slate-300 px-3 py-2 text-sm">
              Find Me Something Similar
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
