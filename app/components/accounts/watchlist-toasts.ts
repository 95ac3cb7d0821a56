/**
 * The site's toasts: watchlist (spec 8 "Watchlist saved / removed") here, the copied-link toast
 * in copied-link-toast.ts (the VDP's code, not every page's); spec 9 "toast time 3,000 ms", spec 4
 * "Toasts: at most one at a time". sonner is loaded on first use, not with the page; its region
 * is a polite live region, so a screen reader announces each toast.
 */

/** Spec 8 wording. */
export const WATCHLIST_TOASTS = {
  savedTitle: "Car Saved In Watchlist",
  savedBody: (name: string) => `${name} is now available in your watchlist`,
  removedTitle: "Car Removed",
  removedBody: (name: string) => `${name} is no longer in your watchlist`,
  viewList: "View List",
} as const;

/** Spec 9: toasts stay 3,000 ms. */
export const TOAST_MS = 3000;

let toasterWanted = false;
const toasterListeners = new Set<() => void>();

/**
 * Whether a toast has been asked for on this page: SiteToaster mounts sonner's region from then on
 * (decision 209). Loading sonner adds its stylesheet to the page, a style recalculation of the
 * whole page, so a page where the shopper never saves a car does not load it.
 */
export function isToasterWanted(): boolean {
  return toasterWanted;
}

/** Calls `listener` when the toast region is first asked for. @returns the unsubscribe function */
export function subscribeToasterWanted(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/**
 * Mounts the toast region (first call only) and loads sonner, with any toast on screen dismissed.
 * sonner shows a toast made before its region subscribed once it has.
 * @returns sonner's `toast` function
 */
export async function freshToaster() {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of toasterListeners) listener();
  }
  const { toast } = await import("sonner");
  toast.dismiss();
  return toast;
}

/** Shows the saved or removed toast, replacing any toast on screen. */
export async function showWatchlistToast(kind: "saved" | "removed", carName: string, viewList: () => void): Promise<void> {
  const toast = await freshToaster();
  if (kind === "saved") {
    toast.success(WATCHLIST_TOASTS.savedTitle, {
      description: WATCHLIST_TOASTS.savedBody(carName),
      duration: TOAST_MS,
      action: { label: WATCHLIST_TOASTS.viewList, onClick: viewList },
    });
  } else {
    toast(WATCHLIST_TOASTS.removedTitle, { description: WATCHLIST_TOASTS.removedBody(carName), duration: TOAST_MS });
  }
}
