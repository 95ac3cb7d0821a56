import { wholeNumberText } from "~/domain/display/number-text";
/**
 * Star rating (spec 9: up to 4 full stars plus a partial one) with the review count.
 */
const STAR = "M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z";

export function StarRating({ average, fills, count, showStars, reviewsHref }: { average: string; fills: number[]; count: number; showStars: boolean; reviewsHref?: string | null }) {
  const countText = `(${wholeNumberText(count)} ${count === 1 ? "review" : "reviews"})`;
  return (
    <p className="flex items-center gap-1 text-sm">
      {showStars ? (
        <>
          <span className="sr-only">Rated {average} out of 5</span>
          <span aria-hidden="true" className="font-semibold">
            {average}
          </span>
          <span aria-hidden="true" className="flex">
            {fills.map((fill, i) => (
              <span key={i} className="relative inline-block h-4 w-4">
                <svg viewBox="0 0 24 24" className="absolute inset-0 h-4 w-4 text-slate-300" fill="currentColor">
                  <path d={STAR} />
                </svg>
                <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                  <svg viewBox="0 0 24 24" className="h-4 w-4 text-amber-500" fill="currentColor">
                    <path d={STAR} />
                  </svg>
                </span>
              </span>
            ))}
          </span>
        </>
      ) : null}
      {reviewsHref ? (
        <a href={reviewsHref} className="text-slate-700 underline">
          {countText}
        </a>
      ) : (
        <span className="text-slate-700">{countText}</span>
      )}
    </p>
  );
}
