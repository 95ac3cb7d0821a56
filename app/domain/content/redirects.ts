/**
 * Site redirects as rules (issue 50 item 2): the path forms a redirect may use, and the loop
 * check every save runs. Pure; app/console/redirects.server.ts stores them and server/app.ts
 * answers them.
 */

/**
 * A site path as redirects compare it: starts with "/", no query or fragment, no trailing "/"
 * (except the home page "/"), no "//", lower-cased (the site's routes match paths case-insensitively).
 * @returns the normalised path, or null when `input` is not a site path (absolute URLs, "..", spaces)
 */
export function normaliseSitePath(input: string): string | null {
  const path = input.trim().replace(/[?#].*$/, "");
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  if (!/^[A-Za-z0-9\-._~/%]*$/.test(path) || /(^|\/)\.\.?(\/|$)/.test(path) || path.includes("//")) return null;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed.toLowerCase() || "/";
}

/** One stored redirect, paths normalised ({@link normaliseSitePath}); `to` may be an absolute URL. */
export interface RedirectRule {
  from: string;
  to: string;
}

/**
 * The loop a new or changed redirect would close, following the chain from its target through
 * the site's other redirects (A -> B, B -> C, then C -> A closes A -> B -> C -> A). An absolute
 * URL ends a chain (another site's paths are not ours).
 * @param rules the site's redirects (the one being saved is replaced by `rule` when they share `from`)
 * @returns the paths of the loop from `rule.from` back to it (["/a", "/b", "/c", "/a"]), or null
 */
export function redirectLoop(rules: readonly RedirectRule[], rule: RedirectRule): string[] | null {
  const next = new Map(rules.map((r) => [r.from, r.to]));
  next.set(rule.from, rule.to);
  const chain = [rule.from];
  let at = rule.to;
  for (;;) {
    const path = normaliseSitePath(at);
    if (path === null) return null;
    chain.push(path);
    if (path === rule.from) return chain;
    // A loop not through `rule.from` was refused when it was saved; stop rather than spin.
    if (chain.indexOf(path) < chain.length - 1) return null;
    const to = next.get(path);
    if (to === undefined) return null;
    at = to;
  }
}
