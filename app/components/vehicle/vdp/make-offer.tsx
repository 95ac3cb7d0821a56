import * as Dialog from "@radix-ui/react-dialog";
import { LeadForm } from "~/components/leads/lead-form";
import type { LeadFormSetup } from "~/services/lead-forms.server";

/**
 * Make an Offer dialog, spec 2.4 ("one dealer set": SiteConfig `display.makeAnOffer`) and spec 5
 * "Make an Offer": the lead form of kind offer (offer_from_client required, currency, the car's
 * price as placeholder; no message or opt_in), submitted through the lead pipeline. Without
 * JavaScript the same form is reached from the enquiry tabs (`?form=offer#enquire`).
 */
export function MakeOfferDialog({ setup, title }: { setup: LeadFormSetup; title: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="rounded border border-slate-300 px-4 py-2 text-center font-semibold">Make an Offer</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-slate-50 p-4 shadow-xl">
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
