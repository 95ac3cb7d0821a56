import { useEffect, useRef } from "react";
import type { Popup } from "~/sites/site-config";
import { NavHref } from "./nav-link";

/**
 * The promotional popup (spec 2.6, 4, 9): a modal dialog with image, title, description and
 * button; at most 600 px wide and 80vh tall. It is the browser's own `<dialog>` opened with
 * `showModal()` (decision 204): the browser makes the rest of the page inert, keeps focus inside,
 * closes it on Escape and returns focus on close, with no script walking the page, so opening
 * it is a short task on a phone. Rendered by PromoPopupGate once it decides to show.
 *
 * `onDismiss` runs once on close, whichever way it closes: Escape, a click on the backdrop,
 * "No thanks" or the button's link.
 */
export default function PromoPopup({ popup, onDismiss }: { popup: Popup; onDismiss: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const dismissed = useRef(false);
  const dismissOnce = () => {
    if (dismissed.current) return;
    dismissed.current = true;
    onDismiss();
  };
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      element.showModal();
      setPageScrollLocked(true);
    }
    return () => {
      if (element?.open) element.close();
      setPageScrollLocked(false);
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="promo-popup-title"
      aria-describedby={popup.description ? "promo-popup-description" : undefined}
      onClose={() => {
        setPageScrollLocked(false);
        dismissOnce();
      }}
      // The dialog's own box is only hit outside its content (the content fills it): the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="promo-popup m-auto max-h-[80vh] w-[calc(100vw-2rem)] max-w-[600px] overflow-hidden rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex max-h-[80vh] flex-col overflow-y-auto">
        {popup.imageUrl ? <img src={popup.imageUrl} alt={popup.imageAlt} className="max-h-64 w-full object-cover" /> : null}
        <div className="p-6">
          <h2 id="promo-popup-title" className="text-2xl font-bold">
            {popup.title}
          </h2>
          {popup.description ? (
            <p id="promo-popup-description" className="mt-2 text-slate-700">
              {popup.description}
            </p>
          ) : null}
          <form method="dialog" className="mt-6 flex flex-wrap gap-3">
            {popup.button ? (
              <NavHref url={popup.button.url} onClick={dismissOnce} className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
                {popup.button.label}
              </NavHref>
            ) : null}
            <button type="submit" className="rounded border border-slate-300 px-4 py-2 font-semibold">
              No thanks
            </button>
          </form>
        </div>
      </div>
    </dialog>
  );
}

/**
 * Marks `<html>` while the modal popup is open (`data-modal-open`), which app.css turns into
 * `overflow: hidden` so the page behind it does not scroll (decision 209: an attribute, not a
 * `:has()` rule that every style recalculation of the page would evaluate).
 * @param locked true when the popup has opened, false when it has closed or unmounted
 */
function setPageScrollLocked(locked: boolean): void {
  document.documentElement.toggleAttribute("data-modal-open", locked);
}
