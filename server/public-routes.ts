/**
 * Issue 50 (console content): the public site's route patterns as the console needs them, read
 * from the React Router build's route manifest (the route table in app/routes.ts), so the content
 * editor's reserved URLs are whatever the site routes, never a hand-kept list.
 */
import type { ServerBuild } from "react-router";
import type { PublicRoute } from "../app/console/context";
import { CONSOLE_PREFIX } from "../app/console/route-table";

/**
 * The leaf routes of the build with their full path patterns ("/finance", "/pages/*", "/*"),
 * console routes left out. A route whose module exports `handle.contentPage` is the content page
 * route (its paths are served from `content_pages`).
 */
export function publicRoutesOf(build: ServerBuild): PublicRoute[] {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const parents = new Set(routes.map((r) => r.parentId).filter(Boolean));
  const byId = new Map(routes.map((r) => [r.id, r]));
  const fullPath = (id: string | undefined): string => {
    const parts: string[] = [];
    for (let route = id ? byId.get(id) : undefined; route; route = route.parentId ? byId.get(route.parentId) : undefined) if (route.path) parts.unshift(route.path);
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  };
  return routes
    .filter((r) => !parents.has(r.id))
    .map((r) => ({ path: fullPath(r.id), contentPage: (r.module.handle as { contentPage?: boolean } | undefined)?.contentPage === true }))
    .filter((r) => r.path !== `/${CONSOLE_PREFIX}` && !r.path.startsWith(`/${CONSOLE_PREFIX}/`));
}

/** {@link publicRoutesOf} for the production build (read once) or a development build loader (read each time: routes change while editing). */
export function publicRoutesLoader(build: ServerBuild | (() => Promise<ServerBuild>)): () => Promise<PublicRoute[]> {
  if (typeof build === "function") return async () => publicRoutesOf(await build());
  const routes = publicRoutesOf(build);
  return async () => routes;
}
