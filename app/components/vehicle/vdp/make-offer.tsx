import * as Dialog from "@radix-ui/react-dialog";

/**
 * Make an Offer dialog, spec 2.4 ("one dealer set": SiteConfig `display.makeAnOffer`). The offer
 * field is `offer_from_client` in dollars with the car's price as its placeholder. UI only in this
 * issue: sending the offer belongs to the leads issue (issue 5), so the submit button is disabled
 * and the dialog points to the enquiry form.
 */
export function MakeOfferDialog({ slug, title, priceText }: { slug: string; title: string; priceText: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="rounded border border-slate-300 px-4 py-2 text-center font-semibold">Make an Offer</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">Make an Offer</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Tell us what you would pay for the {title}.
          </Dialog.Description>
          <form className="mt-4 grid gap-3" method="post" action={`/cars/${slug}#enquire`} onSubmit={(e) => e.preventDefault()}>
            <input type="hidden" name="category" value="Vehicle Enquiry" />
            <input type="hidden" name="subcategory" value="Make an Offer" />
            <label className="grid gap-1 text-sm font-medium">
              Your offer (AUD)
              <span className="flex items-center rounded border border-slate-300 px-2">
                <span aria-hidden="true">$</span>
                <input name="offer_from_client" inputMode="numeric" pattern="[0-9,]*" placeholder={priceText.replace(/^\$/, "")} className="w-full px-1 py-2 outline-none" />
              </span>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              Name
              <input name="name" autoComplete="name" className="rounded border border-slate-300 px-2 py-2" />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              Email
              <input name="email" type="email" autoComplete="email" className="rounded border border-slate-300 px-2 py-2" />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              Phone
              <input name="phone" type="tel" autoComplete="tel" className="rounded border border-slate-300 px-2 py-2" />
            </label>
            <p className="text-xs text-slate-600">
              Online offers open soon. Until then, please use the <a href="#enquire" className="underline">enquiry form</a> or call us.
            </p>
            <div className="flex justify-end gap-2">
              <Dialog.Close className="rounded border border-slate-300 px-4 py-2">Cancel</Dialog.Close>
              <button type="submit" disabled className="rounded bg-slate-400 px-4 py-2 font-semibold text-white">
                Send offer
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
