/**
 * The toast region (sonner) for watchlist toasts. Spec 4 "Toasts: at most one at a time"; spec 9
 * "toast time 3,000 ms". It mounts, and sonner loads, when the page first shows a toast
 * (`showWatchlistToast`), not after hydration (decision 209): sonner adds a stylesheet to the
 * page as it loads, and the style recalculation of the whole page that follows was a long task
 * on every page of a site with a watchlist. Renders nothing on the server and while hydrating.
 */
import { lazy, Suspense, useSyncExternalStore } from "react";
import { isToasterWanted, subscribeToasterWanted, TOAST_MS } from "./watchlist-toasts";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function SiteToaster() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* dir given: without it sonner reads the document's computed direction, a style recalculation of the whole page while it loads (issue 15 TBT) */}
      <Toaster dir="ltr" position="bottom-center" visibleToasts={1} duration={TOAST_MS} closeButton richColors />
    </Suspense>
  );
}
