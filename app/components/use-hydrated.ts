import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true afterwards. For widgets that only work
 * with JavaScript (a Radix slider renders its thumbs hidden and without `aria-valuenow` until it
 * has measured them, which is invalid HTML in the server's page): render them once this is true
 * and keep the no-JavaScript fallback (plain inputs) in the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
