import * as Dialog from "@radix-ui/react-dialog";
import type { Popup } from "~/sites/site-config";
import { NavHref } from "./nav-link";

/**
 * The promotional popup (spec 2.6, 4, 9): an accessible modal dialog with image, title,
 * description and button; at most 600 px wide and 80vh tall. Loaded lazily by PromoPopupGate.
 * `onDismiss` runs on close, Escape, outside click or the button.
 */
export default function PromoPopup({ popup, onDismiss }: { popup: Popup; onDismiss: () => void }) {
  return (
    <Dialog.Root defaultOpen onOpenChange={(open) => (open ? null : onDismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={popup.description ? "promo-popup-description" : undefined}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[80vh] w-[calc(100vw-2rem)] max-w-[600px] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl bg-white text-slate-900 shadow-2xl"
        >
          {popup.imageUrl ? <img src={popup.imageUrl} alt={popup.imageAlt} className="max-h-64 w-full object-cover" /> : null}
          <div className="p-6">
            <Dialog.Title className="text-2xl font-bold">{popup.title}</Dialog.Title>
            {popup.description ? (
              <Dialog.Description id="promo-popup-description" className="mt-2 text-slate-700">
                {popup.description}
              </Dialog.Description>
            ) : null}
            <div className="mt-6 flex flex-wrap gap-3">
              {popup.button ? (
                <NavHref url={popup.button.url} onClick={onDismiss} className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
                  {popup.button.label}
                </NavHref>
              ) : null}
              <Dialog.Close className="rounded border border-slate-300 px-4 py-2 font-semibold">No thanks</Dialog.Close>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
