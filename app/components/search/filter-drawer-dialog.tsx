/**
 * The phone SRP's filter drawer body (Radix Dialog), loaded by filter-drawer.tsx on the first press
 * of 'Filter (n)' (issue 15 JavaScript budget).
 */
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/**
 * The drawer, controlled by filter-drawer.tsx: the filter fields (`children`) and a close button
 * labelled `showLabel`; on close, focus returns to the 'Filter (n)' button (`returnFocus`).
 */
export function FilterDrawerDialog({ open, onOpenChange, showLabel, returnFocus, children }: { open: boolean; onOpenChange: (open: boolean) => void; showLabel: string; returnFocus: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-xl bg-white shadow-xl"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
        >
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
