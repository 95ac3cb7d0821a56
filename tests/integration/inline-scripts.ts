/**
 * A rendered page's inline scripts (no `src`), split the way a browser treats them (issue 16
 * defect 10, decision 222): scripts it runs, which the CSP must name by hash, and data blocks
 * (`type="application/json"`, `type="application/ld+json"`), which it never runs.
 * Read with a regex of its own, independent of server/csp.ts, so the tests check that code.
 * @param html a server-rendered page
 * @returns `[attributes, body]` pairs in page order; `attributes` is the text after `<script`
 */
export function inlineScripts(html: string): { run: [string, string][]; data: [string, string][] } {
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => [attributes, body] as [string, string]).filter(([attributes]) => !/\bsrc=/.test(attributes));
  const isData = (attributes: string) => /type="application\/(ld\+)?json"/.test(attributes);
  return { run: inline.filter(([attributes]) => !isData(attributes)), data: inline.filter(([attributes]) => isData(attributes)) };
}
