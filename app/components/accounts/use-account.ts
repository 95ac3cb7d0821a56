import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { AccountView } from "~/domain/accounts/account-view";

/** The root loader's account data (issue 9), or null outside the site layout (error pages). */
export function useAccount(): AccountView | null {
  const data = useRouteLoaderData("root") as { account?: AccountView } | undefined;
  return data?.account ?? null;
}

// Local watchlist changes made on this page (spec 4: "saving adds the car locally at once"),
// laid over the server's list from the root loader until the next full load.
const overrides = new Map<number, boolean>();
const listeners = new Set<() => void>();
let version = 0;

/** Marks a car saved (true) or not (false) locally and re-renders every watchlist button. */
export function setLocallySaved(carId: number, saved: boolean): void {
  overrides.set(carId, saved);
  version++;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a car is in the shopper's watchlist: the local change if any, else the server's list. */
export function useIsSaved(carId: number, account: AccountView | null): boolean {
  useSyncExternalStore(subscribe, () => version, () => 0);
  const local = overrides.get(carId);
  if (local !== undefined) return local;
  return account?.savedCarIds.includes(carId) ?? false;
}
