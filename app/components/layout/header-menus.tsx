/**
 * The header's interactive menus, built on Radix (Dropdown Menu for the desktop dropdowns and the
 * model mega menu, Dialog for the phone drawer). This module is loaded on first intent (pointer
 * over the navigation, focus on a menu button, a click on Menu) by site-header.tsx, not with the
 * page: Radix and floating-ui are about 30 KB gzip, and every page's JavaScript before interaction
 * must stay within the issue 15 budget. Until it loads, the header renders the same buttons, and
 * every link is a real link.
 */
import * as Dialog from "@radix-ui/react-dialog";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, type ReactNode } from "react";
import type { MenuModelGroup, NavItem } from "~/domain/navigation/navigation";
import { NavHref } from "./nav-link";
import { StatusDot } from "./status-dot";
import { telHref } from "~/domain/display/tel";

/** Spec 9 "Dropdown offset 8": the gap between a header item and its dropdown, in px. */
export const DROPDOWN_OFFSET_PX = 8;

/**
 * One desktop dropdown (spec 2.7, 4 "Dropdown menus"): a Radix Dropdown Menu with menu semantics,
 * arrow keys, typeahead; Escape closes it and returns focus to its button.
 * @param props.open controlled open state; `onOpenChange` reports changes from Radix.
 * @param props.focusTrigger focus the Radix button on mount (the placeholder button it replaces had focus).
 * @param props.focusFirstItem focus the first item once open (opened from the keyboard before this module loaded).
 */
export function NavDropdown(props: {
  item: NavItem;
  modelGroups: MenuModelGroup[] | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onContentPointerEnter: () => void;
  onContentPointerLeave: (e: React.PointerEvent) => void;
  keepFocusOnClose: () => boolean;
  focusTrigger: boolean;
  focusFirstItem: boolean;
  trigger: ReactNode;
  triggerClassName: string;
}) {
  const { item, modelGroups, open } = props;
  const mega = item.dynamicDropdown === "models" && modelGroups !== null;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.focusTrigger && (document.activeElement === document.body || document.activeElement === null)) triggerRef.current?.focus();
    // Only on mount: the placeholder button has just been replaced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!open || !props.focusFirstItem) return;
    const id = requestAnimationFrame(() => contentRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(id);
  }, [open, props.focusFirstItem]);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={props.onOpenChange}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label={`${item.name} menu`} className={props.triggerClassName}>
        {props.trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
          side="bottom"
          align={item.align === "right" ? "end" : "start"}
          sideOffset={DROPDOWN_OFFSET_PX}
          collisionPadding={16}
          onPointerEnter={props.onContentPointerEnter}
          onPointerLeave={props.onContentPointerLeave}
          onCloseAutoFocus={(e) => {
            // A dropdown closed by the pointer leaving does not pull focus back to its button.
            if (!props.keepFocusOnClose()) e.preventDefault();
          }}
          className={`z-40 rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl ${mega ? "w-[min(72rem,calc(100vw-2rem))]" : "min-w-56 py-2"}`}
        >
          {mega ? (
            <ModelMenuDesktop groups={modelGroups ?? []} />
          ) : (
            item.dropdownItems!.map((sub, i) => (
              <DropdownMenu.Item key={`${i}-${sub.name}`} asChild>
                <NavHref url={sub.url} className={`block px-4 py-2 text-sm outline-none hover:bg-slate-100 data-[highlighted]:bg-slate-100 ${sub.className ?? ""}`}>
                  {sub.name}
                </NavHref>
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The model mega menu's desktop variant (spec 2.7), inside the header's Radix Dropdown Menu: each
 * link is a menu item (arrow keys move between them, choosing one closes the menu); groups are
 * laid out in columns within the space below the button, re-measured by floating-ui on every
 * resize and scroll, and the menu scrolls within it.
 */
function ModelMenuDesktop({ groups }: { groups: MenuModelGroup[] }) {
  if (!groups.length) return <p className="p-4 text-sm text-slate-600">No models to show yet.</p>;
  return (
    <div data-testid="model-mega-menu" className="grid max-h-[calc(var(--radix-dropdown-menu-content-available-height)-8px)] grid-cols-2 gap-x-8 gap-y-4 overflow-y-auto p-5 text-slate-900 lg:grid-cols-4">
      {groups.map((g) => (
        <DropdownMenu.Group key={g.key} aria-labelledby={`models-${g.key}`}>
          <DropdownMenu.Label id={`models-${g.key}`} className="mb-1 text-xs font-bold uppercase tracking-wide text-slate-600">
            {g.label}
          </DropdownMenu.Label>
          {g.models.map((m) => (
            <div key={m.slug} className="flex items-center gap-2 py-0.5 text-sm">
              <DropdownMenu.Item asChild>
                <NavHref url={m.url} className="flex flex-1 items-center gap-2 rounded px-1 py-0.5 outline-none hover:underline data-[highlighted]:bg-slate-100">
                  <StatusDot status={m.status} />
                  {m.label}
                </NavHref>
              </DropdownMenu.Item>
              {m.stockUrl ? (
                <DropdownMenu.Item asChild>
                  <NavHref url={m.stockUrl} className="rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-700 outline-none hover:bg-slate-100 data-[highlighted]:bg-slate-100">
                    Our Stock<span className="sr-only">: {m.label}</span>
                  </NavHref>
                </DropdownMenu.Item>
              ) : null}
            </div>
          ))}
        </DropdownMenu.Group>
      ))}
    </div>
  );
}

/**
 * The phone and tablet drawer (spec 2.7): a Radix Dialog with the full navigation, closed by
 * Close, Escape or a choice; on close, focus returns to the Menu button (`returnFocus`).
 */
export function MobileDrawer(props: { open: boolean; onOpenChange: (open: boolean) => void; returnFocus: () => void; phone: string | null; phoneText: string | null; children: ReactNode }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            props.returnFocus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(24rem,90vw)] flex-col bg-white text-slate-900 shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close className="rounded px-2 py-1 text-sm font-semibold hover:bg-slate-100">
              Close<span className="sr-only"> menu</span>
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-2">
            {props.children}
          </nav>
          {props.phone ? (
            <a href={telHref(props.phone)} className="m-4 rounded bg-[var(--site-primary)] px-4 py-2 text-center font-semibold text-[var(--site-on-primary)]">
              Call {props.phoneText ?? props.phone}
            </a>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
