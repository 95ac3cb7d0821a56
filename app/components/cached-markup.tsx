import { createContext, type ReactNode } from "react";

/**
 * Renders `node` to static HTML once per combination of `keys` (compared by identity) and returns
 * the HTML string (UTF-8 text, no hydration markers). Server only (issue 15 "Fast pages", decision
 * 188): see `createMarkupCache` (markup-cache.server.ts).
 */
export type CachedMarkup = (keys: readonly object[], node: ReactNode) => string;

/**
 * The server's markup cache, provided by app/entry.server.tsx; null in the browser and wherever no
 * provider is set (tests, other renderers), where callers render their children as usual.
 */
export const CachedMarkupContext = createContext<CachedMarkup | null>(null);

/** A stand-in key for a part that is absent (null) in a `CachedMarkup` key list. */
export const ABSENT_KEY: object = Object.freeze({});
