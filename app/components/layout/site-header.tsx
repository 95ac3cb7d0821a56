import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { MenuModelGroup, NavItem } from "~/domain/navigation/navigation";
import { ModelMenu } from "./model-menu";
import { NavHref } from "./nav-link";
import type { SiteChrome } from "./site-chrome";

/** Spec 9 "Dropdown offset 8": the gap between a header item and its dropdown, in px. */
export const DROPDOWN_OFFSET_PX = 8;

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 4l4 4 4-4" />
    </svg>
  );
}

/** Pointer grace period before a hover-opened dropdown closes (lets the pointer cross the 8 px gap). */
const HOVER_CLOSE_MS = 150;

/**
 * Desktop navigation (spec 2.7, 4 "Dropdown menus"): each top-level item is a real link (works
 * without JavaScript); an item with sub-items adds a button opening a Radix Dropdown Menu
 * (menu semantics, arrow keys, typeahead, Escape closes and returns focus to the button, choosing
 * an item closes it). Hovering the item opens its dropdown, DROPDOWN_OFFSET_PX below the button,
 * with no caret; the position is re-measured on window resize and scroll (Radix/floating-ui).
 * `onOpenChange` reports whether a dropdown is open (the header adds a class).
 */
function DesktopNav({ items, modelGroups, onOpenChange }: { items: NavItem[]; modelGroups: MenuModelGroup[] | null; onOpenChange: (open: boolean) => void }) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const byPointer = useRef(false);
  const set = (key: string | null) => {
    window.clearTimeout(timer.current);
    setOpenKey(key);
    onOpenChange(key !== null);
  };
  const hoverOpen = (key: string) => (e: React.PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    byPointer.current = true;
    set(key);
  };
  const hoverClose = (e: React.PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => set(null), HOVER_CLOSE_MS);
  };
  const keepOpen = () => window.clearTimeout(timer.current);
  const firstRight = items.findIndex((i) => i.align === "right");
  const linkClass = "block rounded px-2 py-2 hover:bg-black/10";

  return (
    <nav aria-label="Main" className="order-last hidden w-full border-t border-white/20 xl:block">
      <ul className="flex items-center gap-0.5 whitespace-nowrap text-sm font-medium">
        {items.map((item, index) => {
          const key = `nav-${index}`;
          const mega = item.dynamicDropdown === "models" && modelGroups !== null;
          const hasMenu = Boolean(item.dropdownItems?.length) || mega;
          const liClass = `${index === firstRight ? "ml-auto" : ""} ${item.className ?? ""}`;
          if (!hasMenu) {
            return (
              <li key={key} className={liClass}>
                <NavHref url={item.url} className={linkClass}>
                  {item.name}
                </NavHref>
              </li>
            );
          }
          return (
            <li key={key} className={`flex items-center ${liClass}`} onPointerEnter={hoverOpen(key)} onPointerLeave={hoverClose}>
              <NavHref url={item.url} className={`${linkClass} pr-1`}>
                {item.name}
              </NavHref>
              <DropdownMenu.Root
                modal={false}
                open={openKey === key}
                onOpenChange={(open) => {
                  if (open) byPointer.current = false;
                  set(open ? key : null);
                }}
              >
                <DropdownMenu.Trigger aria-label={`${item.name} menu`} className="rounded px-1 py-2 hover:bg-black/10 data-[state=open]:rotate-180">
                  <Chevron />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content
                    side="bottom"
                    align={item.align === "right" ? "end" : "start"}
                    sideOffset={DROPDOWN_OFFSET_PX}
                    collisionPadding={16}
                    onPointerEnter={keepOpen}
                    onPointerLeave={hoverClose}
                    onCloseAutoFocus={(e) => {
                      // A dropdown closed by the pointer leaving does not pull focus back to its button.
                      if (byPointer.current) e.preventDefault();
                    }}
                    className={`z-40 rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl ${mega ? "w-[min(72rem,calc(100vw-2rem))]" : "min-w-56 py-2"}`}
                  >
                    {mega ? (
                      <ModelMenu groups={modelGroups ?? []} variant="desktop" label={`${item.name} models`} />
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
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The full navigation as nested lists: the mobile drawer's body and the no-JavaScript fallback. */
function MobileNavList({ items, modelGroups, onChoose }: { items: NavItem[]; modelGroups: MenuModelGroup[] | null; onChoose?: () => void }) {
  return (
    <ul className="divide-y divide-slate-200 text-base">
      {items.map((item, index) => {
        const subs = item.dropdownItems ?? [];
        const models = item.dynamicDropdown === "models" && modelGroups?.length ? modelGroups : null;
        return (
          <li key={`${index}-${item.name}`} className="py-1">
            {subs.length || models ? (
              <details>
                <summary className="flex cursor-pointer list-none items-center justify-between px-2 py-2 font-medium [&::-webkit-details-marker]:hidden">
                  {item.name}
                  <Chevron />
                </summary>
                <div className="pb-2 pl-4">
                  <NavHref url={item.url} onClick={onChoose} className="block px-2 py-1.5 underline">
                    {subs.some((s) => s.url === item.url) ? `All ${item.name}` : item.name}
                  </NavHref>
                  {models ? <ModelMenu groups={models} variant="mobile" onChoose={onChoose} label={`${item.name} models`} /> : null}
                  <ul>
                    {subs.map((s, i) => (
                      <li key={`${i}-${s.name}`}>
                        <NavHref url={s.url} onClick={onChoose} className="block px-2 py-1.5">
                          {s.name}
                        </NavHref>
                      </li>
                    ))}
                  </ul>
                </div>
              </details>
            ) : (
              <NavHref url={item.url} onClick={onChoose} className="block px-2 py-2 font-medium">
                {item.name}
              </NavHref>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The phone and tablet menu: a Menu button opening a Radix Dialog drawer with the full
 * navigation. Without JavaScript the button is a native <details> disclosure showing the same
 * list, so every link stays reachable.
 */
function MobileMenu({ site }: { site: SiteChrome }) {
  const [open, setOpen] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const nav = site.navigation;
  return (
    <details className="xl:hidden">
      <summary
        ref={summary}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
        className="flex cursor-pointer list-none items-center gap-2 rounded border border-current/40 px-3 py-1.5 text-sm font-semibold [&::-webkit-details-marker]:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
        Menu
      </summary>
      {/* No-JavaScript fallback: the same navigation under the button. */}
      <nav aria-label="Main" className="absolute inset-x-0 top-full z-40 max-h-[80vh] overflow-y-auto bg-white p-3 text-slate-900 shadow-lg">
        <MobileNavList items={nav.header} modelGroups={nav.modelGroups} />
      </nav>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content
            aria-describedby={undefined}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              summary.current?.focus();
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
              <MobileNavList items={nav.header} modelGroups={nav.modelGroups} onChoose={() => setOpen(false)} />
            </nav>
            {site.phone ? (
              <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="m-4 rounded bg-[var(--site-primary)] px-4 py-2 text-center font-semibold text-[var(--site-on-primary)]">
                Call {site.phoneText ?? site.phone}
              </a>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </details>
  );
}

/**
 * The site header (spec 2.7): logo or word mark, the desktop navigation (from xl up), a slot for
 * the account control (right-aligned, `data-slot="account"`), the phone number and, below xl,
 * the Menu button. One line on a phone.
 */
export function SiteHeader({ site, accountSlot }: { site: SiteChrome; accountSlot?: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header
      data-menu-open={menuOpen ? "true" : undefined}
      className={`site-header relative z-30 bg-[var(--site-primary)] text-[var(--site-on-primary)] ${menuOpen ? "site-header--menu-open shadow-lg" : ""}`}
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="relative mx-auto flex max-w-7xl flex-nowrap items-center gap-x-3 px-4 py-2 xl:flex-wrap xl:pb-0">
        <Link to="/" className="flex min-w-0 shrink flex-col" aria-label={`${site.name} home`}>
          {site.logoUrl ? (
            <img src={site.logoUrl} alt="" height={40} className="h-10 w-auto" />
          ) : (
            <span className="truncate text-lg font-bold tracking-tight sm:text-xl">{site.name}</span>
          )}
          {site.tagline ? <span className="hidden text-xs opacity-90 sm:block">{site.tagline}</span> : null}
        </Link>
        <DesktopNav items={site.navigation.header} modelGroups={site.navigation.modelGroups} onOpenChange={setMenuOpen} />
        <div data-slot="account" className="ml-auto flex shrink-0 items-center gap-3">
          {accountSlot}
          {site.phone ? (
            <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="hidden text-sm font-semibold whitespace-nowrap md:inline">
              Call {site.phoneText ?? site.phone}
            </a>
          ) : null}
          <MobileMenu site={site} />
        </div>
      </div>
    </header>
  );
}
