import { createElement, useState, type HTMLAttributes, type ReactNode } from "react";
import { KEEP_SERVER_CONTENT, PREACT_IN_THE_BROWSER } from "~/browser-runtime";
import { isPageHydrated } from "./use-hydrated";

/** The tags {@link KeptOnHydration} renders. */
export type KeptTag = "div" | "ul";

/**
 * Whether an element mounted now keeps the server's content instead of hydrating it: only in the
 * Preact browser build (decision 185), and only while the page's first hydration runs. Read once
 * per element (the answer holds for the element's life).
 */
export function keepsServerContent(): boolean {
  return PREACT_IN_THE_BROWSER && !isPageHydrated();
}

/**
 * The element that keeps the server's content: `as` with `props` and a constant
 * `dangerouslySetInnerHTML`, which Preact leaves alone while hydrating and on re-renders.
 * Shared by {@link KeptOnHydration} and CachedElement's `keepOnHydration`.
 */
export function keptElement(as: string, props: object) {
  return createElement(as, { ...props, dangerouslySetInnerHTML: KEEP_SERVER_CONTENT });
}

/**
 * An element whose content the browser keeps as the server sent it when the page first hydrates,
 * instead of walking it (issue 15 TBT, decision 191): Preact hydrates a page in one task, and
 * every element it hydrates lengthens that task. For content with no event handlers of its own:
 * plain links, images, text, native `<details>`, and inputs whose changes a parent form handles
 * (the SRP's facet checkboxes: its form listens for `change`).
 *
 * The server renders `children`. In the browser, an element mounted during the first hydration
 * renders with a constant `dangerouslySetInnerHTML`, which Preact leaves alone while hydrating
 * and on re-renders; one mounted later (client-side navigation, a remount by key) renders its
 * children as usual. So content that must change after hydration needs a new element: give the
 * element, or a parent, a key that changes with it.
 * @param props the element's attributes; `as` its tag (default div); `children` its content.
 */
export function KeptOnHydration({ as = "div", children, ...props }: HTMLAttributes<HTMLElement> & { as?: KeptTag; children: ReactNode }) {
  const [keep] = useState(keepsServerContent);
  return keep ? keptElement(as, props) : createElement(as, props, children);
}
