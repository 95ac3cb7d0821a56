import { createContext, useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * True inside an island (island.tsx) that was on the page when it hydrated, for the render in
 * which its component hydrates the server's markup later, when it loads: that render must match
 * the server's even though the page has hydrated by then. False again once it has (decision 196).
 */
export const IslandHydrationContext = createContext(false);

/**
 * False in the server render and in any render that hydrates server markup (the page's first, or
 * a Suspense boundary's, which React hydrates in a later pass), true afterwards. For widgets that only work
 * with JavaScript (a Radix slider renders its thumbs hidden and without `aria-valuenow` until it
 * has measured them, which is invalid HTML in the server's page): render them once this is true
 * and keep the no-JavaScript fallback (plain inputs) in the server's HTML.
 * React uses the server snapshot (false) while hydrating.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Set when the page's first hydration has committed ({@link useSignalPageHydrated}). */
let pageHydrated = false;

/**
 * Whether the page's first hydration has committed (false on the server and until then). Read it
 * only in a component that is not inside a Suspense boundary React may hydrate later (such a
 * boundary hydrates after the page has committed): there, use {@link useHydrated}.
 */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

let pageCommitted: () => void = () => {};
const pageCommittedPromise: Promise<void> = new Promise((resolve) => (pageCommitted = resolve));

/** Resolves once the page's first hydration has committed (see {@link useSignalPageHydrated}). */
export function whenPageHydrated(): Promise<void> {
  return pageCommittedPromise;
}

/**
 * Called by the root layout: its effect runs once React has committed the page's hydration (the
 * root's effects run after every child's), which resolves {@link whenPageHydrated}.
 */
export function useSignalPageHydrated(): void {
  useEffect(() => {
    pageHydrated = true;
    pageCommitted();
  }, []);
}
