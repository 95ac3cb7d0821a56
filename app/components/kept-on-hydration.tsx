import { createElement, useContext, useState, type HTMLAttributes, type ReactElement, type ReactNode } from "react";
import { KEEP_SERVER_CONTENT, PREACT_IN_THE_BROWSER } from "~/browser-runtime";
import { IslandHydrationContext, isPageHydrated } from "./use-hydrated";

/** The tags {@link KeptOnHydration} renders. */
export type KeptTag = "div" | "ul";

/**
 * Whether an element mounted now keeps the server's content instead of hydrating it: only in the
 * Preact browser build (decision 185), and only while server HTML is being hydrated: the page's
 * first hydration, or the render in which an island hydrates later (decision 196). Read once per
 * element (the answer holds for the element's life).
 * @param inHydratingIsland IslandHydrationContext: inside an island hydrating after the page
 */
export function keepsServerContent(inHydratingIsland = false): boolean {
  return PREACT_IN_THE_BROWSER && (!isPageHydrated() || inHydratingIsland);
}

/**
 * Whether an element that kept the server's content still does: while every value in `keepWhile`
 * is the same (`Object.is`) as when it mounted. `null` (no list) keeps it for the element's life.
 * @param mounted the list at mount; `now` the list on this render.
 */
export function stillKept(mounted: readonly unknown[] | null, now: readonly unknown[] | null): boolean {
  if (mounted === null || now === null) return mounted === now;
  return mounted.length === now.length && mounted.every((value, i) => Object.is(value, now[i]));
}

/**
 * The site path a click on a kept element's link navigates to in the app, or null where the
 * browser should follow the link itself (decision 192). Kept content is never hydrated, so its
 * React Router `<Link>`s have no click handlers; the app-wide click listener (`useAppLinkClicks`
 * in link.tsx, decision 206, which also serves the browser's plain links) navigates them
 * instead, as `<Link>` would: a plain primary-button click (no modifier key, not already handled) on an
 * `<a>` inside `container` that the app's `<Link>` wrote (it carries `data-discover`; a link that
 * loads a document, such as a sitemap's `.xml`, is written without it), with no `target` other
 * than `_self`, no `download`, on this origin.
 * @param event the click; `container` the kept element; `origin` the page's origin
 * @returns pathname + search + hash, e.g. "/cars/2021-toyota-camry-ascent-1#enquire"
 */
export function keptLinkPath(
  event: Pick<globalThis.MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented" | "target">,
  container: Element,
  origin: string,
): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target as Element | null;
  const anchor = typeof target?.closest === "function" ? (target.closest("a[href][data-discover]") as HTMLAnchorElement | null) : null;
  if (!anchor || !container.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.origin !== origin) return null;
  return anchor.pathname + anchor.search + anchor.hash;
}

/**
 * The element that keeps the server's content, while it does: `as` with `props` and a constant
 * `dangerouslySetInnerHTML` (its links' clicks are navigated by the app-wide listener, decision
 * 206), which Preact
 * leaves alone while hydrating and on re-renders. Null when the element renders its children:
 * `keep` false, mounted after the first hydration, or a value in `keepWhile` changed since it
 * mounted ({@link stillKept}). Shared by {@link KeptOnHydration} and CachedElement's
 * `keepOnHydration`.
 * @param keep whether this element may keep the server's content at all
 * @param keepWhile the values its content is a function of; null: kept while the element lives
 */
export function useKeptElement(keep: boolean, keepWhile: readonly unknown[] | null, as: string, props: object): ReactElement | null {
  const inHydratingIsland = useContext(IslandHydrationContext);
  const [mounted] = useState(() => (keep && keepsServerContent(inHydratingIsland) ? { keepWhile } : null));
  return mounted && stillKept(mounted.keepWhile, keepWhile) ? createElement(as, { ...props, dangerouslySetInnerHTML: KEEP_SERVER_CONTENT }) : null;
}

/**
 * An element whose content the browser keeps as the server sent it when the page first hydrates,
 * instead of walking it (issue 15 TBT, decisions 191 and 192): Preact hydrates a page in one task,
 * and every element it hydrates lengthens that task. For content with no event handlers of its own
 * other than links: plain links and the app's `<Link>`s (the app-wide click listener navigates
 * for them, decision 206), images, text, native `<details>`, and inputs whose changes a parent
 * form handles (the SRP's facet checkboxes: its form listens for `change`).
 *
 * The server renders `children`. In the browser, an element mounted during the first hydration
 * renders with a constant `dangerouslySetInnerHTML`, which Preact leaves alone while hydrating
 * and on re-renders, until a value in `keepWhile` changes; then, like an element mounted later
 * (client-side navigation, a remount by key), it renders its children as usual.
 * @param props the element's attributes; `as` its tag (default div); `children` its content;
 *   `keepWhile` (optional) the values the content is a function of (compared with `Object.is`);
 *   without it the content is kept while the element lives, so content that must change needs a
 *   new element (a key on it or a parent that changes with the data).
 */
export function KeptOnHydration({ as = "div", keepWhile = null, children, ...props }: HTMLAttributes<HTMLElement> & { as?: KeptTag; keepWhile?: readonly unknown[] | null; children: ReactNode }) {
  return useKeptElement(true, keepWhile, as, props) ?? createElement(as, props, children);
}
