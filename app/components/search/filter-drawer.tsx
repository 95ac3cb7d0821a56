import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState, type ReactNode } from "react";

/**
 * The phone SRP's filter drawer (issue 17): a 'Filter (n)' control that, before JavaScript, is a
 * plain link to the filter form (`#refine`, lower on the page) and, once hydrated, opens a Radix
 * Dialog sliding up from the bottom with the same filters and a 'Show N cars' button that closes
 * it. Hidden from the large-screen layout, where the sidebar form shows.
 * @param activeCount refinements in force (each ticked value and each range counts 1).
 * @param showLabel the close button's text, e.g. 'Show 1,234 cars' (the spec 9 count the shopper reads).
 * @param children the filter fields rendered inside the drawer's own form.
 */
export function FilterDrawer({ activeCount, showLabel, children }: { activeCount: number; showLabel: string; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  const label = `Filter (${activeCount})`;
  const buttonClass = "inline-flex items-center gap-2 rounded border border-slate-300 bg-white px-4 py-2 text-sm font-semibold";
  const icon = (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
  if (!hydrated) {
    return (
      <a href="#refine" className={buttonClass}>
        {icon}
        {label}
      </a>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass}>
        {icon}
        {label}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-xl bg-white shadow-xl" aria-describedby={undefined}>
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">Filters</Dialog.Title>
            <Dialog.Close className="rounded px-2 py-1 text-sm underline">Close</Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4">{children}</div>
          <div className="border-t border-slate-200 p-3">
            <Dialog.Close className="w-full rounded bg-[var(--site-primary)] px-4 py-3 font-semibold text-[var(--site-on-primary)]">
              {showLabel}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
