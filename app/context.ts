/**
 * Per-request values put on the router context once by the server (server/app.ts) and read in
 * loaders and actions with `context.get(...)`.
 *
 * The server runs from source while routes run from the Vite build, so this module is loaded
 * twice; each context is kept under a global symbol so both copies share one identity.
 */
import { createContext, type RouterContext } from "react-router";
import type { Database } from "../db/client";
import type { Site } from "./sites/site";

export function sharedContext<T>(name: string, defaultValue?: T): RouterContext<T> {
  const key = Symbol.for(`forecourt.context.${name}`);
  const store = globalThis as unknown as Record<symbol, RouterContext<T> | undefined>;
  return (store[key] ??= createContext<T>(defaultValue));
}

/** The site (tenant) chosen by the request's host. */
export const siteContext = sharedContext<Site>("site");
/** The database handle. */
export const dbContext = sharedContext<Database>("db");
/**
 * Request-scoped facts the server knows: its public origin, "now" (epoch ms) and the client's IP
 * address (the socket peer, or the first X-Forwarded-For hop when TRUST_PROXY is set; null when unknown).
 */
export const requestInfoContext = sharedContext<{ origin: string; now: number; clientIp?: string | null }>("requestInfo");
/**
 * The app's structured logger (pino, server/index.ts), or the part of it that app/entry.server.tsx
 * uses for unexpected server errors (server/server-errors.ts). Null when the server put none.
 */
export const serverLogContext = sharedContext<{ error(details: object, message: string): void } | null>("serverLog", null);
/**
 * Every site of the deployment, from the server's cached site list (server/app.ts: refreshed
 * every few seconds, one query shared by concurrent requests): what a dealer group's search
 * finds its member sites in (issue 54 item 7). Null when the server put none.
 */
export const siteListContext = sharedContext<(() => Promise<Site[]>) | null>("siteList", null);
