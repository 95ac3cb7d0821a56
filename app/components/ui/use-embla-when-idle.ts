import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useRef } from "react";
import { whenIdle } from "~/components/island";

type EmblaHook = typeof useEmblaCarousel;

/**
 * `useEmblaCarousel` whose carousel starts when the browser is next idle, in a task of its own,
 * instead of in the task that hydrates or mounts the page (issue 15 TBT, decision 204). Embla
 * measures every slide as it starts (about 50 ms on a 4x slowed phone for the home page's feature
 * banner); started from the viewport's ref during hydration, that ran inside the hydration task.
 *
 * Until it starts, the carousel's markup is the server's: callers keep the viewport natively
 * scrollable (or show its first slide) until `api` is defined.
 * @param options Embla options, as for `useEmblaCarousel`
 * @returns `[viewportRef, api]`: the ref for the viewport element; `api` is undefined until the
 *   carousel has started (and again once the viewport unmounts)
 */
export function useEmblaCarouselWhenIdle(...args: Parameters<EmblaHook>): ReturnType<EmblaHook> {
  const [setViewport, api] = useEmblaCarousel(...args);
  // The node the ref last received: a start scheduled for an older node is dropped.
  const current = useRef<HTMLElement | null>(null);
  const viewportRef = useCallback(
    (node: HTMLElement | null) => {
      current.current = node;
      if (!node) {
        setViewport(null);
        return;
      }
      void whenIdle().then(() => {
        if (current.current === node && node.isConnected) setViewport(node);
      });
    },
    [setViewport],
  ) as ReturnType<EmblaHook>[0];
  return [viewportRef, api] as ReturnType<EmblaHook>;
}
