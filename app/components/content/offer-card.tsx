/**
 * Offer card (spec 2.6): list and grid layouts; 'Enquire Now' (site wording), 'Explore {model}'
 * and 'Book A Test Drive'; description and disclaimer truncated (spec 9) with a 'View more' /
 * 'View less' toggle that is a native <details>, so it works without JavaScript.
 */
import { Link } from "react-router";
import type { TruncatedText } from "~/domain/content/truncate";
import type { OfferView } from "~/services/offers.server";

/** Truncated text with a no-JavaScript 'View more' / 'View less' toggle. */
export function Expandable({ text, className = "" }: { text: TruncatedText; className?: string }) {
  if (!text.full) return null;
  if (!text.truncated) return <p className={className}>{text.full}</p>;
  return (
    <div className={`${className} [&:has(details[open])>p]:hidden`}>
      <p>{text.short}</p>
      <details className="group">
        <summary className="cursor-pointer font-semibold text-[var(--site-primary)] underline">
          <span className="group-open:hidden">View more</span>
          <span className="hidden group-open:inline">View less</span>
        </summary>
        <p>{text.full}</p>
      </details>
    </div>
  );
}

/** Issue 50 (NCCP reg 100): a finance offer's rate, with its comparison rate as prominent and the warning. */
export function OfferFinance({ offer }: { offer: OfferView }) {
  if (!offer.finance) return null;
  return (
    <div className="rounded border border-slate-300 p-3" data-testid="offer-finance">
      <p className="text-lg font-bold">{offer.finance.headline}</p>
      <p className="text-lg font-bold">{offer.finance.comparisonText}</p>
      <p className="mt-1 text-xs">{offer.finance.detail}</p>
      <p className="mt-1 text-xs font-semibold">{offer.finance.warning}</p>
    </div>
  );
}

/** Spec 2.6: 'Explore {model}' (when the offer has a model) and 'Book A Test Drive'. */
export function OfferLinks({ offer }: { offer: OfferView }) {
  return (
    <>
      {offer.model && offer.exploreUrl ? (
        <Link to={offer.exploreUrl} className="rounded border border-slate-400 px-3 py-2 text-sm font-semibold">
          Explore {offer.model.name}
        </Link>
      ) : null}
      <Link to="/book-test-drive" className="rounded border border-slate-400 px-3 py-2 text-sm font-semibold">
        Book A Test Drive
      </Link>
    </>
  );
}

export function OfferCard({ offer, layout, enquireLabel, headingLevel = 2 }: { offer: OfferView; layout: "grid" | "list"; enquireLabel: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`overflow-hidden rounded border border-slate-200 bg-white shadow-sm ${layout === "list" ? "sm:flex" : "flex flex-col"}`} aria-labelledby={`offer-${offer.id}-title`}>
      <img src={offer.imageUrl} alt="" width={640} height={360} loading="lazy" className={`object-cover ${layout === "list" ? "h-48 w-full sm:h-auto sm:w-80" : "h-48 w-full"}`} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {offer.category ? <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{offer.category}</p> : null}
        <Heading id={`offer-${offer.id}-title`} className="text-xl font-bold">
          <Link to={offer.path} className="hover:underline">
            {offer.name}
          </Link>
        </Heading>
        <Expandable text={offer.description} className="text-slate-800" />
        <OfferFinance offer={offer} />
        <Expandable text={offer.disclaimer} className="text-xs text-slate-600" />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link to={`${offer.path}#offer-enquiry`} className="rounded bg-[var(--site-primary)] px-3 py-2 text-sm font-semibold text-[var(--site-on-primary)]" aria-label={`${enquireLabel}: ${offer.name}`}>
            {enquireLabel}
          </Link>
          <OfferLinks offer={offer} />
        </div>
      </div>
    </article>
  );
}
