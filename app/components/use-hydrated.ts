import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { PREACT_IN_THE_BROWSER } from "~/browser-runtime";

const subscribe = () => () => {};

/** Set by the browser entry once the page's first hydration has run (Preact build, decision 185). */
let pageHydrated = false;

/** Marks the first hydration done: widgets mounted from now on render their hydrated form at once. */
export function markPageHydrated(): void {
  pageHydrated = true;
}

/**
 * Whether the browser entry has run the page's first hydration (false on the server). Islands
 * (island.tsx) read it: while hydrating they wait to be near the viewport, afterwards they load
 * at once. The React build marks it as it starts hydrating, so there islands load at once.
 */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/**
 * True inside an island (island.tsx) that was on the page when it hydrated, for the render in
 * which its component hydrates the server's markup later, when it loads: that render must match
 * the server's even though the page has hydrated by then. False again once it has (decision 196).
 */
export const IslandHydrationContext = createContext(false);

/**
 * False in the server render and during hydration, true afterwards. For widgets that only work
 * with JavaScript (a Radix slider renders its thumbs hidden and without `aria-valuenow` until it
 * has measured them, which is invalid HTML in the server's page): render them once this is true
 * and keep the no-JavaScript fallback (plain inputs) in the server's HTML.
 *
 * React uses the server snapshot while hydrating. preact/compat's `useSyncExternalStore` has no
 * server snapshot, so the Preact build (decision 185) starts from `pageHydrated` and turns true in
 * an effect: the first render matches the server's HTML, which Preact's hydration relies on. An
 * island that hydrates after the page (decision 186) starts from false too.
 */
export function useHydrated(): boolean {
  if (PREACT_IN_THE_BROWSER) {
    // A compile-time constant: each build calls the same hooks on every render.
    const islandHydratesLater = useContext(IslandHydrationContext);
    const [hydrated, setHydrated] = useState(pageHydrated && !islandHydratesLater);
    useEffect(() => setHydrated(true), []);
    return hydrated;
  }
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
