import { useEffect, useState } from "react";
import { whenIdle, whenLaterPartsHydrated } from "~/components/island";
import { isPopupVisible, popupStorageKey } from "~/domain/navigation/navigation";
import type { Popup } from "~/sites/site-config";
import PromoPopup from "./promo-popup";

/**
 * Dispatched on `document` once the gate has decided (detail: `{ shown: boolean }`), so a test can
 * tell "not shown" from "not decided yet".
 */
export const PROMO_POPUP_CHECKED_EVENT = "forecourt:promo-popup-checked";

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
 * once the page has hydrated and the browser is idle, and only then opens the dialog. Renders
 * nothing on the server. The dialog is the browser's own `<dialog>` (decision 204), a few hundred
 * bytes, so it ships with the home page instead of a lazy chunk.
 */
export function PromoPopupGate({ siteSlug, popup }: { siteSlug: string; popup: Popup | null }) {
  const [show, setShow] = useState(false);
  const key = popup ? popupStorageKey(siteSlug, popup.id) : "";
  useEffect(() => {
    if (!popup) return;
    // Opened once the page and its later parts have hydrated and the browser is idle, in a task of
    // its own: a modal dialog restyles the whole page as it opens (issue 15 TBT, decision 204).
    let cancelled = false;
    void whenLaterPartsHydrated()
      .then(() => whenIdle())
      .then(() => {
        if (cancelled) return;
        const shown = isPopupVisible(popup, Date.now(), readDismissed(key));
        setShow(shown);
        document.dispatchEvent(new CustomEvent(PROMO_POPUP_CHECKED_EVENT, { detail: { shown } }));
      });
    return () => {
      cancelled = true;
    };
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
  return <PromoPopup popup={popup} onDismiss={dismiss} />;
}
