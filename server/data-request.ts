/**
 * React Router's data requests (a client navigation's `<path>.data`, framework mode, v8 format):
 * `/cars/x.data` is the data of `/cars/x`, `/_.data` of `/`, and `/a/b/_.data` of `/a/b/` (the
 * trailing-slash form). Its query string is the page's, plus `_routes` (the routes to load) and
 * `index` on an index route's action.
 */

/**
 * The page path a request path stands for: the path itself for a document request, the page's
 * for a data request.
 * @param path a URL pathname, e.g. "/cars/2021-toyota-camry-1.data" -> "/cars/2021-toyota-camry-1"
 */
export function documentPathOf(path: string): string {
  if (!path.endsWith(".data")) return path;
  if (path.endsWith("/_.data")) return path.slice(0, -"_.data".length);
  return path.slice(0, -".data".length) || "/";
}

