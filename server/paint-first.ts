/**
 * Paint first, then load the page's JavaScript (issue 15 LCP, decision 190).
 *
 * React Router's `<Scripts />` writes a `<link rel="modulepreload">` for every module of the
 * page (React hoists them into `<head>`) and one inline module script whose static imports load
 * and run them. A browser fetches all of them while it still waits for the stylesheet, and runs
 * them before its first paint whenever they arrive first. On a slow phone network a page's
 * 80-95 KB of scripts then share the connection with its 9 KB stylesheet, and the first paint
 * waits for both. Every page works before its JavaScript has loaded (links, forms and the
 * no-JavaScript menu are plain HTML), so the scripts can wait for the first paint.
 *
 * {@link paintBeforeScripts} rewrites a rendered page so that the scripts start loading once the
 * browser has painted: the module preloads leave the HTML, and the module script's static imports
 * become the same preloads and imports run in the frame after the first paint (or after
 * {@link PAINT_FALLBACK_MS} where animation frames do not run, as in a background tab). The
 * modules, their order and what React Router's browser entry reads (`__reactRouterRouteModules`)
 * are as before; a page whose module script is not in the shape React Router 7 writes is left
 * unchanged.
 */

/** Longest wait for the first paint before the scripts load anyway (ms): a background tab runs no animation frames. */
export const PAINT_FALLBACK_MS = 100;

const MODULE_SCRIPT_OPEN = Buffer.from('<script type="module" async="">');
const SCRIPT_CLOSE = Buffer.from("</script>");
const PRELOAD_OPEN = Buffer.from('<link rel="modulepreload"');
const HEAD_CLOSE = Buffer.from("</head>");
/** `import "/assets/x.js";` */
const SIDE_EFFECT_IMPORT = /^import ("[^"\\]+");$/;
/** `import * as route0 from "/assets/x.js";` */
const NAMESPACE_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"\\]+");$/;
/** A module URL as React Router writes it: a path on this origin. */
const SAME_ORIGIN_PATH = /^"\/(?!\/)[\w./~-]+"$/;

/** ` href="/assets/x.js"` and the tag's end, as React writes a module preload. */
const PRELOAD_REST = /^ href="(\/(?!\/)[\w./~-]+)"\/>$/;

/**
 * Rewrites React Router's module script (the text between its tags) to load after the first
 * paint: it then imports the script's static imports in parallel, adds a module preload for each
 * of `preloads` (JSON string literals of paths, the page's former `<link rel="modulepreload">`
 * targets) that it does not import itself, one per task (decision 207), and runs the rest of the
 * script with the imports' namespaces bound to the same names.
 * @returns the new script text, or null when the script is not the expected shape: only static
 *   imports of same-origin paths (side-effect or namespace), then statements without `import`
 *   or `export` declarations.
 */
export function rewriteModuleScript(script: string, preloads: readonly string[] = []): string | null {
  const imports: { name: string | null; url: string }[] = [];
  const lines = script.split("\n");
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    const bare = SIDE_EFFECT_IMPORT.exec(line);
    const named = bare ? null : NAMESPACE_IMPORT.exec(line);
    if (!bare && !named) break;
    const url = bare ? bare[1] : named![2];
    if (!SAME_ORIGIN_PATH.test(url)) return null;
    imports.push({ name: named ? named[1] : null, url });
  }
  const rest = lines.slice(i).join("\n");
  if (!imports.length || /^\s*(?:import\s*[^\s(]|export\b)/m.test(rest) || rest.includes("</")) return null;
  const names = imports.map((i) => i.name ?? "").join(",");
  // import() fetches what it imports: only the modules those import are preloaded.
  const imported = new Set(imports.map((i) => i.url));
  const deps = preloads.filter((p) => !imported.has(p));
  // Decision 207: one preload per task. Starting a fetch costs the renderer 1-14 ms on the
  // development machine (Lighthouse counts four times that), and twelve in one task made it long.
  const preloadEach = deps.length
    ? `let i=0;const h=[${deps.join(",")}];const n=()=>{const l=document.createElement("link");l.rel="modulepreload";l.href=h[i++];document.head.appendChild(l);if(i<h.length)setTimeout(n,0)};setTimeout(n,0);`
    : "";
  return (
    `new Promise(r=>{const t=setTimeout(r,${PAINT_FALLBACK_MS});requestAnimationFrame(()=>setTimeout(()=>{clearTimeout(t);r()},0))})` +
    `.then(()=>{const m=Promise.all([${imports.map((i) => `import(${i.url})`).join(",")}]);${preloadEach}return m})` +
    `.then(([${names}])=>{${rest.trim()}});`
  );
}

/**
 * The page with its scripts loading after the first paint (see the module comment).
 * @param page a rendered HTML page, UTF-8 bytes
 * @returns a new buffer without the `<link rel="modulepreload" …/>` tags of its `<head>` and
 *   with React Router's module script (the page's last `<script type="module" async="">`) rewritten by {@link rewriteModuleScript}; `page` itself when it has no such
 *   script or the script is in another shape (nothing is removed then). Never throws.
 */
export function paintBeforeScripts(page: Buffer): Buffer {
  // React Router writes its one module script after the page's content, and React hoists the
  // preloads into <head>: searching for the script from the end and for preloads only in <head>
  // spares two scans of the whole page (1% of a VDP's server CPU under load, decision 198).
  const open = page.lastIndexOf(MODULE_SCRIPT_OPEN);
  if (open === -1) return page;
  const bodyStart = open + MODULE_SCRIPT_OPEN.length;
  const close = page.indexOf(SCRIPT_CLOSE, bodyStart);
  if (close === -1) return page;
  const headEnd = page.subarray(0, open).indexOf(HEAD_CLOSE);
  const head = page.subarray(0, headEnd === -1 ? open : headEnd);
  const parts: Buffer[] = [];
  const preloads: string[] = [];
  let from = 0;
  for (let at = head.indexOf(PRELOAD_OPEN); at !== -1; at = head.indexOf(PRELOAD_OPEN, from)) {
    const end = page.indexOf("/>", at);
    if (end === -1 || end > open) return page;
    const href = PRELOAD_REST.exec(page.toString("latin1", at + PRELOAD_OPEN.length, end + 2));
    if (!href) return page;
    preloads.push(JSON.stringify(href[1]));
    parts.push(page.subarray(from, at));
    from = end + 2;
  }
  const rewritten = rewriteModuleScript(page.toString("utf8", bodyStart, close), preloads);
  if (rewritten === null) return page;
  parts.push(page.subarray(from, bodyStart), Buffer.from(rewritten), page.subarray(close));
  return Buffer.concat(parts);
}
