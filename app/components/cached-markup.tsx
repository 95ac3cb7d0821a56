import { createContext, type ReactNode } from "react";

/** A stand-in key for a part that is absent (null) in a `HydratableMarkup` key list. */
export const ABSENT_KEY: object = Object.freeze({});

/**
 * Renders `node` to hydratable HTML once per combination of `keys` (compared by identity): the
 * markup React's streaming renderer writes for it, `<!-- -->` text separators included. Returns
 * null when `node` cannot be cached (it hoists a resource into the document's `<head>`, such as an
 * image preload, or suspends); the caller then renders it as usual. Server only (decision 189):
 * see `createHydratableMarkupCache` (markup-cache.server.ts).
 */
export type HydratableMarkup = (keys: readonly object[], node: ReactNode) => string | null;

/**
 * The server's markup cache (issue 15 "Fast pages", decisions 188 and 189), provided by
 * app/entry.server.tsx; null in the browser and wherever no provider is set (tests, other
 * renderers), where callers render their children as usual.
 */
export const HydratableMarkupContext = createContext<HydratableMarkup | null>(null);
