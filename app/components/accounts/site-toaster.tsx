/**
 * The toast region (sonner) for watchlist toasts, loaded after hydration so pages without a
 * watchlist never ship it. Spec 4 "Toasts: at most one at a time"; spec 9 "toast time 3,000 ms".
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_MS } from "./watchlist-toasts";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function SiteToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* dir given: without it sonner reads the document's computed direction, a style recalculation of the whole page while it loads (issue 15 TBT) */}
      <Toaster dir="ltr" position="bottom-center" visibleToasts={1} duration={TOAST_MS} closeButton richColors />
    </Suspense>
  );
}
