import { lazy, Suspense, useRef, useState } from "react";
import type { LeadFormSetup } from "~/services/lead-forms.server";

// The dialog (Radix) loads on the first press of the button, not with the page (issue 15).
const loadBody = () => import("./make-offer-dialog");
const MakeOfferDialogBody = lazy(() => loadBody().then((m) => ({ default: m.MakeOfferDialogBody })));

/**
 * Make an Offer dialog, spec 2.4 ("one dealer set": SiteConfig `display.makeAnOffer`) and spec 5
 * "Make an Offer": the lead form of kind offer (offer_from_client required, currency, the car's
 * price as placeholder; no message or opt_in), submitted through the lead pipeline. Without
 * JavaScript the same form is reached from the enquiry tabs (`?form=offer#enquire`).
 * The button is rendered here; the dialog body (make-offer-dialog.tsx) loads on first press.
 */
export function MakeOfferDialog({ setup, title }: { setup: LeadFormSetup; title: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="rounded border border-slate-300 px-4 py-2 text-center font-semibold"
      >
        Make an Offer
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MakeOfferDialogBody setup={setup} title={title} open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
