import { useEffect, useState, useSyncExternalStore } from "react";
import { PREACT_IN_THE_BROWSER } from "~/browser-runtime";

const subscribe = () => () => {};

/** Set by the browser entry once the page's first hydration has run (Preact build, decision 185). */
let pageHydrated = false;

/** Marks the first hydration done: widgets mounted from now on render their hydrated form at once. */
export function markPageHydrated(): void {
  pageHydrated = true;
}

/**
 * False in the server render and during hydration, true afterwards. For widgets that only work
 * with JavaScript (a Radix slider renders its thumbs hidden and without `aria-valuenow` until it
 * has measured them, which is invalid HTML in the server's page): render them once this is true
 * and keep the no-JavaScript fallback (plain inputs) in the server's HTML.
 *
 * React uses the server snapshot while hydrating. preact/compat's `useSyncExternalStore` has no
 * server snapshot, so the Preact build (decision 185) starts from `pageHydrated` and turns true in
 * an effect: the first render matches the server's HTML, which Preact's hydration relies on.
 */
export function useHydrated(): boolean {
  if (PREACT_IN_THE_BROWSER) {
    // A compile-time constant: each build calls the same hooks on every render.
    const [hydrated, setHydrated] = useState(pageHydrated);
    useEffect(() => setHydrated(true), []);
    return hydrated;
  }
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
