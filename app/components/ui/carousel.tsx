/**
 * Accessible carousel on Embla (spec 2.5 location carousel): previous and next arrows, dots,
 * arrow-key navigation and a 'Swipe' hint. Parts read the carousel through context; any part
 * used outside <Carousel> throws (spec 8 "Carousel used outside its container").
 * Without JavaScript the slides scroll natively (overflow-x), so every slide stays reachable.
 */
import { useEmblaCarouselWhenIdle } from "~/components/ui/use-embla-when-idle";
import { createContext, useCallback, useContext, useEffect, useState, type KeyboardEvent, type ReactNode } from "react";

type EmblaApi = ReturnType<typeof useEmblaCarouselWhenIdle>[1];

interface CarouselState {
  viewportRef: ReturnType<typeof useEmblaCarouselWhenIdle>[0];
  api: EmblaApi;
  selected: number;
  snapCount: number;
  canPrev: boolean;
  canNext: boolean;
  ready: boolean;
  label: string;
}

const CarouselContext = createContext<CarouselState | null>(null);

/** Spec 8: the message thrown when a carousel part is rendered outside <Carousel>. */
export const CAROUSEL_CONTEXT_ERROR = "useCarousel must be used within a <Carousel />";

/**
 * The enclosing carousel's state.
 * @throws Error (spec 8) when called outside a <Carousel>
 */
export function useCarousel(): CarouselState {
  const state = useContext(CarouselContext);
  if (!state) throw new Error(CAROUSEL_CONTEXT_ERROR);
  return state;
}

/**
 * The carousel container: a labelled region that takes ArrowLeft / ArrowRight.
 * @param label accessible name of the region, e.g. "Our locations"
 */
export function Carousel({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  const [viewportRef, api] = useEmblaCarouselWhenIdle({ align: "start", containScroll: "trimSnaps", duration: 25 });
  const [state, setState] = useState({ selected: 0, snapCount: 0, canPrev: false, canNext: false, ready: false });
  const sync = useCallback((a: NonNullable<EmblaApi>) => {
    setState({ selected: a.selectedScrollSnap(), snapCount: a.scrollSnapList().length, canPrev: a.canScrollPrev(), canNext: a.canScrollNext(), ready: true });
  }, []);
  useEffect(() => {
    if (!api) return;
    sync(api);
    api.on("select", sync).on("reInit", sync);
    return () => {
      api.off("select", sync).off("reInit", sync);
    };
  }, [api, sync]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      api?.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      api?.scrollNext();
    }
  };
  return (
    <CarouselContext.Provider value={{ viewportRef, api, label, ...state }}>
      <section aria-roledescription="carousel" aria-label={label} onKeyDownCapture={onKeyDown} className={`relative ${className}`} data-carousel-ready={state.ready ? "true" : "false"}>
        {children}
      </section>
    </CarouselContext.Provider>
  );
}

/** The sliding track; children are <CarouselItem>s. Focusable so the arrow keys work. */
export function CarouselContent({ children }: { children: ReactNode }) {
  const { viewportRef, ready, label } = useCarousel();
  return (
    <div ref={viewportRef} role="group" tabIndex={0} aria-label={`${label}: use the left and right arrow keys to move`} className={`${ready ? "overflow-hidden" : "snap-x overflow-x-auto"} rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2`}>
      <ul className="-ml-4 flex">{children}</ul>
    </div>
  );
}

/**
 * One slide.
 * @param index 0-based position, @param count number of slides (for "2 of 6")
 */
export function CarouselItem({ children, index, count }: { children: ReactNode; index: number; count: number }) {
  useCarousel();
  return (
    <li aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} className="min-w-0 shrink-0 grow-0 basis-full snap-start pl-4 sm:basis-1/2 lg:basis-1/3">
      {children}
    </li>
  );
}

const arrowClass = "rounded-full border border-slate-300 bg-white p-2 shadow-sm disabled:opacity-40";

/** Previous and next arrows, the dots and the 'Swipe' hint. */
export function CarouselControls() {
  const { api, selected, snapCount, canPrev, canNext, ready } = useCarousel();
  const swipe = (
    <p className="text-xs text-slate-600 sm:hidden" aria-hidden="true">
      Swipe
    </p>
  );
  // Before hydration (or without JavaScript) the track scrolls natively: only the hint.
  if (!ready) return <div className="mt-2 text-center">{swipe}</div>;
  return (
    <div className="mt-4 flex items-center justify-between gap-4">
      <button type="button" className={arrowClass} onClick={() => api?.scrollPrev()} disabled={!canPrev} aria-label="Previous slide">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M15 18l-6-6 6-6" />
        </svg>
      </button>
      <div className="flex flex-col items-center gap-1">
        <ul className="flex gap-2" aria-label="Choose a slide">
          {Array.from({ length: snapCount }, (_, i) => (
            <li key={i}>
              <button
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === selected ? "true" : undefined}
                onClick={() => api?.scrollTo(i)}
                className={`block h-3 w-3 rounded-full border border-slate-500 ${i === selected ? "bg-slate-700" : "bg-white"}`}
              />
            </li>
          ))}
        </ul>
        {swipe}
      </div>
      <button type="button" className={arrowClass} onClick={() => api?.scrollNext()} disabled={!canNext} aria-label="Next slide">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M9 18l6-6-6-6" />
        </svg>
      </button>
    </div>
  );
}
