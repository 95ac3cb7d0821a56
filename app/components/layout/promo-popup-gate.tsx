import { lazy, Suspense, useEffect, useState } from "react";
import { isPopupVisible, popupStorageKey } from "~/domain/navigation/navigation";
import type { Popup } from "~/sites/site-config";

const PromoPopup = lazy(() => import("./promo-popup"));

function readDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * Decides in the browser whether the promotional popup shows (spec 4: visible by default,
 * remembered in local storage per site, hidden after its expiry, judged by the browser's clock)
 * and only then loads the dialog's code. Renders nothing on the server.
 */
export function PromoPopupGate({ siteSlug, popup }: { siteSlug: string; popup: Popup | null }) {
  const [show, setShow] = useState(false);
  const key = popup ? popupStorageKey(siteSlug, popup.id) : "";
  useEffect(() => {
    if (popup) setShow(isPopupVisible(popup, Date.now(), readDismissed(key)));
  }, [popup, key]);
  if (!popup || !show) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(key, new Date().toISOString());
    } catch {
      // Storage unavailable (private mode): the popup closes for this page view only.
    }
    setShow(false);
  };
  return (
    <Suspense fallback={null}>
      <PromoPopup popup={popup} onDismiss={dismiss} />
    </Suspense>
  );
}
