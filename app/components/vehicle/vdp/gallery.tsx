import { useEmblaCarouselWhenIdle } from "~/components/ui/use-embla-when-idle";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";

/** The full-screen lightbox with zoom, loaded only when the shopper opens it (keeps the VDP's JavaScript small). */
const Lightbox = lazy(() => import("./gallery-lightbox"));

export interface GalleryPhoto {
  /** Default rendition (spec 7: width 640, quality 75). */
  src: string;
  srcSet: string;
  /** Thumbnail rendition (144 px wide for the 72 px box). */
  thumb: string;
  /** Large rendition for the lightbox. */
  full: string;
}

/**
 * The VDP photo gallery (issue 17): an Embla carousel (swipe, arrows, thumbnails, arrow keys), a
 * 'n / N photos' counter (spec 7 photos_count) and a full-screen lightbox with zoom. The first
 * photo is fetched with high priority (LCP); the rest lazily. Without JavaScript the first photo
 * shows and each thumbnail links to its full-size photo.
 * @param alt the car's title, used for every photo's alternative text with its number
 */
export function PhotoGallery({ photos, alt, photosCount }: { photos: GalleryPhoto[]; alt: string; photosCount: number }) {
  const [viewportRef, embla] = useEmblaCarouselWhenIdle({ loop: false, duration: 25 });
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    onSelect();
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);
  const go = useCallback((i: number) => embla?.scrollTo(i), [embla]);
  const total = Math.max(photosCount, photos.length);
  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${alt}`} data-testid="photo-gallery">
      <div className="relative">
        <div
          ref={viewportRef}
          className="overflow-hidden rounded-lg bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--site-primary)]"
          tabIndex={0}
          data-testid="gallery-viewport"
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") {
              e.preventDefault();
              embla?.scrollNext();
            } else if (e.key === "ArrowLeft") {
              e.preventDefault();
              embla?.scrollPrev();
            } else if (e.key === "Enter") {
              e.preventDefault();
              setLightbox(true);
            }
          }}
        >
          <div className="flex touch-pan-y">
            {photos.map((p, i) => (
              <div key={p.src} className="min-w-0 shrink-0 grow-0 basis-full" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${photos.length}`}>
                <img
                  src={p.src}
                  srcSet={p.srcSet}
                  sizes="(min-width: 1024px) 66vw, 100vw"
                  alt={`${alt}, photo ${i + 1} of ${photos.length}`}
                  width={640}
                  height={480}
                  className="aspect-[4/3] w-full object-cover"
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : "low"}
                  decoding="async"
                  onClick={() => setLightbox(true)}
                />
              </div>
            ))}
          </div>
        </div>
        <p className="absolute bottom-2 right-2 rounded bg-black/70 px-2 py-0.5 text-sm text-white" aria-live="polite" data-testid="gallery-counter">
          {index + 1} / {total} photos
        </p>
        {photos.length > 1 ? (
          <>
            <button
              type="button"
              onClick={() => embla?.scrollPrev()}
              disabled={index === 0}
              aria-label="Previous photo"
              className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg shadow disabled:opacity-40"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => embla?.scrollNext()}
              disabled={index === photos.length - 1}
              aria-label="Next photo"
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg shadow disabled:opacity-40"
            >
              ›
            </button>
          </>
        ) : null}
        <button type="button" onClick={() => setLightbox(true)} className="absolute right-2 top-2 rounded bg-white/90 px-2 py-1 text-sm font-medium shadow">
          Full screen
        </button>
      </div>
      {photos.length > 1 ? (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label="Photo thumbnails">
          {photos.map((p, i) => (
            <li key={p.src} className="shrink-0">
              <a
                href={p.full}
                onClick={(e) => {
                  if (!embla) return;
                  e.preventDefault();
                  go(i);
                }}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className={`block overflow-hidden rounded border-2 ${i === index ? "border-[var(--site-primary)]" : "border-transparent"}`}
              >
                <img src={p.thumb} alt="" width={72} height={54} loading="lazy" decoding="async" className="h-[54px] w-[72px] object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {lightbox ? (
        <Suspense fallback={null}>
          <Lightbox
            photos={photos}
            alt={alt}
            index={index}
            onClose={(i) => {
              setLightbox(false);
              go(i);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
