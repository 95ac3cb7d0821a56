import { describe, expect, it } from "vitest";
import { paintBeforeScripts, PAINT_FALLBACK_MS, rewriteModuleScript } from "./paint-first";

/** The module script React Router 7's <Scripts /> writes (issue 15, decision 190). */
const ROUTER_SCRIPT = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/home-B.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-C.js");`;

const page = (script: string) =>
  Buffer.from(
    `<!DOCTYPE html><html lang="en-AU"><head><meta charSet="utf-8"/><title>Café</title>` +
      `<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/shell-D.js"/><link rel="stylesheet" href="/assets/app.css"/></head>` +
      `<body><p>Prix: 12 000 $ — “quoted”</p><script>window.__reactRouterContext = {};</script><script type="module" async="">${script}</script></body></html>`,
  );

describe("paintBeforeScripts (issue 15 LCP, decision 190)", () => {
  it("drops the module preloads and loads the same modules after the first paint", () => {
    const out = paintBeforeScripts(page(ROUTER_SCRIPT)).toString("utf8");
    expect(out).not.toContain('<link rel="modulepreload"');
    // Everything else is byte for byte as rendered, non-ASCII text included.
    expect(out).toContain('<title>Café</title><link rel="stylesheet" href="/assets/app.css"/></head><body><p>Prix: 12 000 $ — “quoted”</p><script>window.__reactRouterContext = {};</script>');
    const script = out.slice(out.indexOf('<script type="module" async="">') + 31, out.lastIndexOf("</script>"));
    expect(script).toContain(`setTimeout(r,${PAINT_FALLBACK_MS})`);
    expect(script).toContain("requestAnimationFrame(");
    // The manifest is imported directly, so only the shell is preloaded (decision 207).
    expect(script).toContain('const h=["/assets/shell-D.js"]');
    expect(script).toContain('Promise.all([import("/assets/manifest-1.js"),import("/assets/root-A.js"),import("/assets/home-B.js")])');
    expect(script).toContain('.then(([,route0,route1])=>{window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script).toContain('import("/assets/entry.client-C.js");});');
    expect(script).not.toMatch(/^\s*import\s/m);
    // Still a valid script (dynamic import() is allowed outside modules too).
    expect(() => new Function(script)).not.toThrow();
  });

  it("runs the route modules' namespaces into __reactRouterRouteModules and imports the entry last", async () => {
    const script = rewriteModuleScript(ROUTER_SCRIPT, ['"/assets/shell-D.js"'])!;
    const imported: string[] = [];
    const preloaded: string[] = [];
    const win: Record<string, unknown> = {};
    const env = {
      setTimeout: (fn: () => void) => (queueMicrotask(fn), 1),
      clearTimeout: () => undefined,
      requestAnimationFrame: (fn: () => void) => (queueMicrotask(fn), 1),
      document: { createElement: () => ({}) as { href?: string }, head: { appendChild: (l: { href: string }) => preloaded.push(l.href) } },
      window: win,
      load: async (url: string) => (imported.push(url), { url }),
    };
    // The browser's import() is stood in for by `load`: Node cannot load /assets/ paths.
    const run = new Function(...Object.keys(env), script.replaceAll("import(", "load("));
    run(...Object.values(env));
    await new Promise((r) => setTimeout(r, 10));
    expect(preloaded).toEqual(["/assets/shell-D.js"]);
    expect(imported).toEqual(["/assets/manifest-1.js", "/assets/root-A.js", "/assets/home-B.js", "/assets/entry.client-C.js"]);
    expect(win.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-A.js" }, "routes/home": { url: "/assets/home-B.js" } });
  });

  it("starts the imports first, then adds each preload the imports do not cover in a task of its own (decision 207)", () => {
    const script = rewriteModuleScript(ROUTER_SCRIPT, ['"/assets/manifest-1.js"', '"/assets/shell-D.js"', '"/assets/card-E.js"', '"/assets/dist-F.js"'])!;
    const log: string[] = [];
    const tasks: (() => void)[] = [];
    const env = {
      // Every timer is a task of its own, run below one at a time.
      setTimeout: (fn: () => void) => (tasks.push(fn), tasks.length),
      clearTimeout: () => undefined,
      requestAnimationFrame: (fn: () => void) => (tasks.push(fn), tasks.length),
      document: { createElement: () => ({}) as { href?: string }, head: { appendChild: (l: { href: string }) => log.push(`preload ${l.href}`) } },
      window: {},
      load: (url: string) => (log.push(`import ${url}`), new Promise(() => undefined)),
    };
    new Function(...Object.keys(env), script.replaceAll("import(", "load("))(...Object.values(env));
    const perTask: string[][] = [];
    const drain = async () => {
      for (let guard = 0; guard < 20; guard++) {
        await new Promise((r) => setImmediate(r));
        const task = tasks.shift();
        if (!task) return;
        const before = log.length;
        task();
        await new Promise((r) => setImmediate(r));
        if (log.length > before) perTask.push(log.slice(before));
      }
    };
    return drain().then(() => {
      expect(perTask).toEqual([
        ["import /assets/manifest-1.js", "import /assets/root-A.js", "import /assets/home-B.js"],
        ["preload /assets/shell-D.js"],
        ["preload /assets/card-E.js"],
        ["preload /assets/dist-F.js"],
      ]);
    });
  });

  it("adds no preload step when the imports cover every preload", () => {
    const script = rewriteModuleScript(ROUTER_SCRIPT, ['"/assets/manifest-1.js"'])!;
    expect(script).not.toContain("modulepreload");
    expect(() => new Function(script)).not.toThrow();
  });

  it("leaves a page alone when its module script is in another shape, imports from elsewhere, or is missing", () => {
    for (const script of [
      'import { x } from "/assets/a.js";\nx();',
      'import "https://cdn.example/a.js";\nimport("/assets/entry.js");',
      'import * as route0 from "/assets/root.js";\nexport const late = route0;',
      'import "//cdn.example/a.js";\nimport("/assets/entry.js");',
      'window.x = 1;\nimport("/assets/entry.js");',
    ]) {
      const input = page(script);
      expect(paintBeforeScripts(input)).toBe(input);
    }
    const plain = Buffer.from("<!DOCTYPE html><html><head></head><body><p>No scripts</p></body></html>");
    expect(paintBeforeScripts(plain)).toBe(plain);
  });

  it("takes preloads from <head> only (React hoists them there); a preload in the body stays as written", () => {
    const input = Buffer.from(page(ROUTER_SCRIPT).toString("utf8").replace("<body><p>", '<body><link rel="modulepreload" href="/assets/late-E.js"/><p>'));
    const out = paintBeforeScripts(input).toString("utf8");
    expect(out).toContain('</head><body><link rel="modulepreload" href="/assets/late-E.js"/><p>');
    expect(out).toContain('const h=["/assets/shell-D.js"]');
    expect(out.match(/<link rel="modulepreload"/g)).toHaveLength(1);
  });

  it("leaves a page alone when a preload is not a plain same-origin path", () => {
    const input = Buffer.from(page(ROUTER_SCRIPT).toString("utf8").replace('href="/assets/shell-D.js"', 'href="//evil.example/x.js"'));
    expect(paintBeforeScripts(input)).toBe(input);
  });
});
