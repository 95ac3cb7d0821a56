import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import type { MenuModelGroup, NavItem } from "~/domain/navigation/navigation";
import { NoScriptNav } from "~/components/no-script";
import { ABSENT_KEY } from "~/components/cached-markup";
import { CachedElement } from "~/components/cached-element";
import { ModelMenu } from "./model-menu";
import { NavHref, PlainLinksContext } from "./nav-link";
import type { SiteChrome } from "./site-chrome";
import { telHref } from "~/domain/display/tel";

// Radix menus load on first intent, not with the page (issue 15 JavaScript budget): header-menus.tsx.
const loadMenus = () => import("./header-menus");
const NavDropdown = lazy(() => loadMenus().then((m) => ({ default: m.NavDropdown })));
const MobileDrawer = lazy(() => loadMenus().then((m) => ({ default: m.MobileDrawer })));

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
 * an item closes it). Hovering the item opens its dropdown, DROPDOWN_OFFSET_PX (header-menus.tsx) below the button,
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
    if (key === null) setKeyboardKey(null);
    onOpenChange(key !== null);
  };
  const hoverOpen = (key: string) => (e: React.PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    want();
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
  // Narrow padding, and a list that wraps rather than overflows: a dealer's eleven items fit one
  // row at 1,280 px with the right-aligned ones (spec 2.7) at the right edge; a longer menu takes
  // a second row instead of clipping its last item and scrolling the page sideways.
  const linkClass = "block rounded px-1.5 py-2 hover:bg-black/10";
  const triggerClass = "rounded px-0.5 py-2 hover:bg-black/10 data-[state=open]:rotate-180";
  // Until the Radix module has loaded, each dropdown button is this placeholder: same look and
  // name; a click (or Enter) loads the module and opens the menu; focus and hover start the load.
  const [menusWanted, setMenusWanted] = useState(false);
  const [keyboardKey, setKeyboardKey] = useState<string | null>(null);
  const focusedKey = useRef<string | null>(null);
  const want = () => {
    if (!menusWanted) {
      void loadMenus();
      setMenusWanted(true);
    }
  };
  const placeholder = (item: NavItem, key: string) => (
    <button
      type="button"
      aria-label={`${item.name} menu`}
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClass}
      onFocus={() => {
        focusedKey.current = key;
        want();
      }}
      onClick={(e) => {
        // detail 0: activated from the keyboard (Enter or Space), so the first item gets focus.
        if (e.detail === 0) setKeyboardKey(key);
        byPointer.current = false;
        want();
        set(key);
      }}
    >
      <Chevron />
    </button>
  );

  return (
    <nav aria-label="Main" className="order-last hidden w-full border-t border-white/20 xl:block">
      {/* Issue 15 (decision 189): the server renders the list once per navigation (memoised per site version). */}
      <CachedElement as="ul" className="flex flex-wrap items-center whitespace-nowrap text-sm font-medium" cacheKeys={[items, modelGroups ?? ABSENT_KEY, DESKTOP_NAV_PART]}>
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
              {menusWanted ? (
                <Suspense fallback={placeholder(item, key)}>
                  <NavDropdown
                    item={item}
                    modelGroups={modelGroups}
                    open={openKey === key}
                    onOpenChange={(open) => {
                      if (open) byPointer.current = false;
                      set(open ? key : null);
                    }}
                    onContentPointerEnter={keepOpen}
                    onContentPointerLeave={hoverClose}
                    keepFocusOnClose={() => !byPointer.current}
                    focusTrigger={focusedKey.current === key}
                    focusFirstItem={keyboardKey === key}
                    trigger={<Chevron />}
                    triggerClassName={triggerClass}
                  />
                </Suspense>
              ) : (
                placeholder(item, key)
              )}
            </li>
          );
        })}
      </CachedElement>
    </nav>
  );
}

/** Marks the desktop navigation's entry in the markup cache. */
const DESKTOP_NAV_PART: object = Object.freeze({ part: "desktop-nav" });

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
 * The phone and tablet menu: a Menu button opening a Radix Dialog drawer (loaded on first use) with
 * the full navigation. Without JavaScript the button is a native <details> disclosure showing the same
 * list, so every link stays reachable.
 */
function MobileMenu({ site }: { site: SiteChrome }) {
  const [open, setOpen] = useState(false);
  // The Radix drawer (header-menus.tsx) loads on the first press of Menu, or when the pointer or focus reaches it.
  const [wanted, setWanted] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const nav = site.navigation;
  return (
    <details className="xl:hidden">
      <summary
        ref={summary}
        onClick={(e) => {
          e.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadMenus()}
        onFocus={() => void loadMenus()}
        className="flex cursor-pointer list-none items-center gap-2 rounded border border-current/40 px-3 py-1.5 text-sm font-semibold [&::-webkit-details-marker]:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
        Menu
      </summary>
      {/* No-JavaScript fallback: the same navigation under the button, inside <noscript> (decision 192: with JavaScript the drawer shows it). */}
      <NoScriptNav cacheKeys={[nav.header, nav.modelGroups ?? ABSENT_KEY]} aria-label="Main" className="absolute inset-x-0 top-full z-40 max-h-[80vh] overflow-y-auto bg-white p-3 text-slate-900 shadow-lg">
        <PlainLinksContext.Provider value={true}>
          <MobileNavList items={nav.header} modelGroups={nav.modelGroups} />
        </PlainLinksContext.Provider>
      </NoScriptNav>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} returnFocus={() => summary.current?.focus()} phone={site.phone ?? null} phoneText={site.phoneText ?? null}>
            <MobileNavList items={nav.header} modelGroups={nav.modelGroups} onChoose={() => setOpen(false)} />
          </MobileDrawer>
        </Suspense>
      ) : null}
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
      className={`site-header surface-primary relative z-30 bg-[var(--site-primary)] text-[var(--site-on-primary)] ${menuOpen ? "site-header--menu-open shadow-lg" : ""}`}
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
          {site.tagline ? <span className="hidden text-xs sm:block">{site.tagline}</span> : null}
        </Link>
        <DesktopNav items={site.navigation.header} modelGroups={site.navigation.modelGroups} onOpenChange={setMenuOpen} />
        <div data-slot="account" className="ml-auto flex shrink-0 items-center gap-3">
          {accountSlot}
          {site.phone ? (
            <a href={telHref(site.phone)} className="hidden text-sm font-semibold whitespace-nowrap md:inline">
              Call {site.phoneText ?? site.phone}
            </a>
          ) : null}
          <MobileMenu site={site} />
        </div>
      </div>
    </header>
  );
}
