/**
 * The Make an Offer dialog's body (Radix Dialog), loaded by make-offer.tsx when the shopper first
 * presses Make an Offer (issue 15 JavaScript budget: Radix Dialog is about 10 KB gzip).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { LeadForm } from "~/components/leads/lead-form";
import type { LeadFormSetup } from "~/services/lead-forms.server";

/**
 * The dialog, controlled by make-offer.tsx; on close, focus returns to its button (`returnFocus`).
 */
export function MakeOfferDialogBody({ setup, title, open, onOpenChange, returnFocus }: { setup: LeadFormSetup; title: string; open: boolean; onOpenChange: (open: boolean) => void; returnFocus: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-slate-50 p-4 shadow-xl"
        >
          <Dialog.Title className="px-2 text-xl font-bold">Make an Offer</Dialog.Title>
          <Dialog.Description className="mt-1 px-2 text-sm text-slate-600">Tell us what you would pay for the {title}.</Dialog.Description>
          <div className="mt-3">
            <LeadForm setup={setup} heading="Your offer" />
          </div>
          <div className="mt-3 flex justify-end px-2">
            <Dialog.Close className="rounded border border-slate-300 bg-white px-4 py-2">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
