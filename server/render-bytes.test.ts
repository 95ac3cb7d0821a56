/**
 * The patched React server renderer (patches/react-dom+19.3.1.patch, decisions 201 and 202) writes
 * the same bytes as React's string renderer, in both of its builds (the server runs the production
 * one; `react-dom/server` under Vitest is the development one). The patch gathers a flush's markup
 * into one string, which the destination encodes; these trees put multi-byte characters, surrogate
 * pairs, lone surrogates, escaped characters and long strings into it.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

type PipeableRenderer = typeof import("react-dom/server").renderToPipeableStream;
const load = createRequire(import.meta.url);
const reactDom = dirname(load.resolve("react-dom/package.json"));
const builds: [string, PipeableRenderer][] = (["production", "development"] as const).map((build) => [
  build,
  (load(join(reactDom, `cjs/react-dom-server.node.${build}.js`)) as { renderToPipeableStream: PipeableRenderer }).renderToPipeableStream,
]);

function streamed(renderToPipeableStream: PipeableRenderer, element: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

/** A list of `count` items whose text and title are drawn from `alphabet` by a fixed linear congruential sequence. */
function tree(seed: number, count: number, maxLength: number): ReactNode {
  const alphabet = ["a", "ä", "€", "😀", "<", "&", '"', "x", " ", "\ud800", "☆", "\u2028"];
  let state = seed;
  const next = (n: number) => ((state = (state * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
  const items: ReactNode[] = [];
  for (let i = 0; i < count; i++) {
    let text = "";
    for (let k = next(maxLength); k > 0; k--) text += alphabet[next(alphabet.length)];
    items.push(createElement("li", { key: i, title: text.slice(0, next(600)), "data-n": i }, text, createElement("b", null, String(i))));
  }
  return createElement("ul", null, items);
}

describe.each(builds)("server renderer bytes, %s build (decisions 201 and 202)", (_build, renderToPipeableStream) => {
  it.each([
    [1, 600, 40],
    [2, 400, 1400],
    [3, 200, 3000],
  ])("tree %i (%i items, strings up to %i characters) streams exactly what renderToString returns", async (seed, count, maxLength) => {
    const element = tree(seed, count, maxLength);
    const bytes = await streamed(renderToPipeableStream, element);
    expect(bytes.length).toBeGreaterThan(4096 * 4);
    expect(bytes.equals(Buffer.from(renderToString(element), "utf8"))).toBe(true);
  });

  it("long runs of three- and four-byte characters stream exactly what renderToString returns", async () => {
    const element = createElement(
      "ul",
      null,
      Array.from({ length: 3000 }, (_, i) => createElement("li", { key: i, title: "€😀ä".repeat(i % 50) }, "☆€".repeat(i % 300))),
    );
    expect((await streamed(renderToPipeableStream, element)).equals(Buffer.from(renderToString(element), "utf8"))).toBe(true);
  });
});
