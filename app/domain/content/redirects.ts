/**
 * Site redirects as rules (issue 50 items 2 and 7): the path forms a redirect may use, the loop
 * check every save runs, and how scheduled adds and removals fold over the stored redirects. Pure;
 * app/console/content.server.ts stores them, the scheduler applies scheduled ones, and
 * app/services/redirects.server.ts answers them.
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

/**
 * A scheduled change of a site's redirects (issue 50 item 7): add (or replace) the redirect from
 * `from`, or remove it. Paths normalised ({@link normaliseSitePath}); `to` as the editor checked it.
 */
export type RedirectChange = { action: "add"; from: string; to: string } | { action: "remove"; from: string };

/** Why a redirect change cannot apply to a site's redirects: the loop an add would close, or a remove of no redirect. */
export type RedirectChangeProblem = { kind: "loop"; loop: string[] } | { kind: "missing" };

/** What stops `change` applying to `rules`, or null when it applies. */
export function redirectChangeProblem(rules: readonly RedirectRule[], change: RedirectChange): RedirectChangeProblem | null {
  if (change.action === "remove") return rules.some((r) => r.from === change.from) ? null : { kind: "missing" };
  const loop = redirectLoop(rules, change);
  return loop ? { kind: "loop", loop } : null;
}

/**
 * The redirects after `changes`, applied in order. A change with a problem is left out, as the
 * scheduler leaves it (marked failed).
 */
export function withRedirectChanges(rules: readonly RedirectRule[], changes: readonly RedirectChange[]): RedirectRule[] {
  let out = [...rules];
  for (const change of changes) {
    if (redirectChangeProblem(out, change)) continue;
    out = out.filter((r) => r.from !== change.from);
    if (change.action === "add") out.push({ from: change.from, to: change.to });
  }
  return out;
}

/** A pending redirect change with its instant (epoch ms), in the order the scheduler applies them. */
export type TimedRedirectChange = RedirectChange & { runAt: number };

/**
 * Why `change` cannot be scheduled at `runAt`: checked against the redirects as they will be then
 * (the current ones with the pending changes due by then), and it must not stop a later pending
 * change from applying (an add that would then close a loop, a remove of a redirect gone by then).
 * @param pending the site's other pending redirect changes, in the order they apply
 * @returns null, the change's own problem, or the later change it would stop and that change's problem
 */
export function scheduledRedirectProblem(
  rules: readonly RedirectRule[],
  pending: readonly TimedRedirectChange[],
  change: RedirectChange,
  runAt: number,
): RedirectChangeProblem | { kind: "later"; change: TimedRedirectChange; problem: RedirectChangeProblem } | null {
  // Changes due at the same instant apply in the order they were scheduled, so this one comes last.
  const then = withRedirectChanges(rules, pending.filter((p) => p.runAt <= runAt));
  const own = redirectChangeProblem(then, change);
  if (own) return own;
  let without = then;
  let withIt = withRedirectChanges(then, [change]);
  for (const later of pending.filter((p) => p.runAt > runAt)) {
    const problem = redirectChangeProblem(withIt, later);
    if (problem && !redirectChangeProblem(without, later)) return { kind: "later", change: later, problem };
    without = withRedirectChanges(without, [later]);
    withIt = withRedirectChanges(withIt, [later]);
  }
  return null;
}
