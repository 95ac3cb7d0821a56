/**
 * PageWriter (issue 15, decision 216): the bytes of a page written into the reused buffer are
 * exactly the UTF-8 that `Buffer.from` gives for the same chunks, whatever the characters, the
 * sizes and the interleaving of writers.
 */
import { describe, expect, it } from "vitest";
import { PageWriter } from "./page-writer";

const expected = (chunks: (string | Uint8Array)[]) => Buffer.concat(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : Buffer.from(c))));

function written(chunks: (string | Uint8Array)[], transform?: (page: Buffer) => Buffer): Buffer {
  const writer = new PageWriter();
  for (const chunk of chunks) writer.write(chunk);
  return writer.finish(transform);
}

describe("PageWriter (decision 216)", () => {
  const CHUNKS: (string | Uint8Array)[] = [
    '<!DOCTYPE html><html lang="en-AU"><body>',
    "Café · Ōtaki · 2019 Toyota HiLux SR5 “Rogue” – $54,990 · ",
    "emoji 🚗🚙 and a lone surrogate \ud83d here, another \udc00 there",
    new TextEncoder().encode("<p>bytes from React's precomputed chunks: naïve</p>"),
    "x".repeat(300_000), // larger than the initial buffer: it grows
    "é".repeat(200_000), // two bytes each
    "</body></html>",
  ];

  it("writes the same bytes as Buffer.from for multi-byte characters, surrogates, byte chunks and pages larger than its buffer", () => {
    const out = written(CHUNKS);
    expect(out.equals(expected(CHUNKS))).toBe(true);
    expect(out.length).toBe(expected(CHUNKS).length);
  });

  it("returns bytes of their own: the next page does not overwrite the last", () => {
    const first = written(["<p>first page</p>"]);
    const second = written(["<p>second page, longer than the first</p>"]);
    expect(first.toString()).toBe("<p>first page</p>");
    expect(second.toString()).toBe("<p>second page, longer than the first</p>");
    // A page large enough to be handed to the compression worker owns all of its memory.
    const large = written(["a".repeat(100_000)]);
    expect(large.byteOffset).toBe(0);
    expect(large.buffer.byteLength).toBe(100_000);
  });

  it("passes the page through a transform, and copies its result when it is the page itself", () => {
    const rewritten = written(["<head></head><body>hello</body>"], (page) => Buffer.concat([page.subarray(0, 13), Buffer.from("<main>"), page.subarray(13)]));
    expect(rewritten.toString()).toBe("<head></head><main><body>hello</body>");
    const same = written(["<p>unchanged</p>"], (page) => page);
    written(["<p>overwrites the shared buffer</p>"]);
    expect(same.toString()).toBe("<p>unchanged</p>");
  });

  it("gives two pages written at the same time their own bytes", () => {
    const a = new PageWriter();
    const b = new PageWriter();
    a.write("<p>page A ");
    b.write("<p>page B ");
    a.write("ends</p>");
    b.write("ends too</p>");
    expect(b.finish().toString()).toBe("<p>page B ends too</p>");
    expect(a.finish().toString()).toBe("<p>page A ends</p>");
  });

  it("releases the buffer when a page is abandoned, and refuses writes after the end", () => {
    const abandoned = new PageWriter();
    abandoned.write("<p>half a page");
    abandoned.abandon();
    expect(() => abandoned.write("more")).toThrow(/after finish/);
    expect(written(["<p>next</p>"]).toString()).toBe("<p>next</p>");
    const done = new PageWriter();
    done.finish();
    expect(() => done.finish()).toThrow(/twice/);
  });
});
