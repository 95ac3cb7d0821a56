import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";

// The Radix Dialog loads on the first press of 'Filter (n)', not with the page (issue 15).
const loadDialog = () => import("./filter-drawer-dialog");
const FilterDrawerDialog = lazy(() => loadDialog().then((m) => ({ default: m.FilterDrawerDialog })));

/**
 * The phone SRP's filter drawer (issue 17): a 'Filter (n)' control that, before JavaScript, is a
 * plain link to the filter form (`#refine`: below the results, shown when it is the link's target,
 * decision 211) and, once hydrated, opens a Radix
 * Dialog (filter-drawer-dialog.tsx, loaded on first press) sliding up from the bottom with the same filters and a 'Show N cars' button that closes
 * it. Hidden from the large-screen layout, where the sidebar form shows.
 * @param activeCount refinements in force (each ticked value and each range counts 1).
 * @param showLabel the close button's text, e.g. 'Show 1,234 cars' (the spec 9 count the shopper reads).
 * @param children the filter fields rendered inside the drawer's own form.
 */
export function FilterDrawer({ activeCount, showLabel, children }: { activeCount: number; showLabel: string; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
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
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={buttonClass}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {icon}
        {label}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <FilterDrawerDialog open={open} onOpenChange={setOpen} showLabel={showLabel} returnFocus={() => button.current?.focus()}>
            {children}
          </FilterDrawerDialog>
        </Suspense>
      ) : null}
    </>
  );
}
