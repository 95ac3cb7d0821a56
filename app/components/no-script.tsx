import type { ReactNode } from "react";
import { PREACT_IN_THE_BROWSER } from "~/browser-runtime";

/**
 * `<noscript>` for what a shopper without JavaScript needs (a submit button, a number input, a
 * link). The server renders `children`. With scripting on, a browser parses a `<noscript>`'s
 * content as one text node, so the browser build (Preact, decision 185) renders the element empty
 * instead of hydrating elements that are not there; the content only matters without JavaScript.
 * @param children what to show without JavaScript (server HTML only).
 */
export function NoScript({ children }: { children: ReactNode }) {
  return PREACT_IN_THE_BROWSER ? <noscript /> : <noscript>{children}</noscript>;
}
