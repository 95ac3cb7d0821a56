/**
 * Watchlist toasts (spec 8 "Watchlist saved / removed", spec 9 "toast time 3,000 ms", spec 4
 * "Toasts: at most one at a time"). sonner is loaded on first use, not with the page.
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

/** Shows the saved or removed toast, replacing any toast on screen. */
export async function showWatchlistToast(kind: "saved" | "removed", carName: string, viewList: () => void): Promise<void> {
  const { toast } = await import("sonner");
  toast.dismiss();
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
