import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { chooseEncoding, closeCompression, compression, ENCODING_MEMO_SIZE } from "./compress";
import { attachWholeBody } from "./whole-body";

/**
 * Whole-body compression on the compression worker thread (issue 15 "Fast pages", decision 200):
 * what a browser receives decodes to exactly the page the app rendered, whichever encoding it
 * asked for, when many pages are compressed at once, and after the worker has been stopped.
 */
function pageFor(n: number): string {
  // Multi-byte UTF-8 and enough repetition to compress; every page's bytes differ.
  return `<!DOCTYPE html><html><body><h1>Café Motors — page ${n}</h1>${"<p>2021 Toyota HiLux SR5 €59,990 drive away</p>".repeat(40 + n)}</body></html>`;
}

function app() {
  const hono = new Hono();
  hono.use(compression());
  hono.get("/page/:n", (c) => {
    const body = Buffer.from(pageFor(Number(c.req.param("n"))), "utf8");
    return new Response(body, { headers: { "content-type": "text/html; charset=utf-8", "content-length": String(body.byteLength) } });
  });
  return hono;
}

async function fetchPage(n: number, acceptEncoding: string) {
  const res = await app().request(`/page/${n}`, { headers: { "accept-encoding": acceptEncoding } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

afterAll(() => closeCompression());

describe("whole-body compression on the worker thread (decision 200)", () => {
  it("sends brotli that decodes to the rendered page, with its compressed length and Vary", async () => {
    const { res, bytes } = await fetchPage(1, "gzip, deflate, br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(pageFor(1)) / 5);
    expect(brotliDecompressSync(bytes).toString("utf8")).toBe(pageFor(1));
  });

  it("sends gzip to a client that does not accept brotli", async () => {
    const { res, bytes } = await fetchPage(2, "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(bytes).toString("utf8")).toBe(pageFor(2));
  });

  it("gives each of 30 concurrent pages its own bytes", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, n) => fetchPage(n, n % 3 === 0 ? "gzip" : "br")));
    results.forEach(({ res, bytes }, n) => {
      const decoded = res.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes) : brotliDecompressSync(bytes);
      expect(decoded.toString("utf8")).toBe(pageFor(n));
    });
  });

  it("hands bodies over once the worker has answered, and each page still gets its own bytes", async () => {
    await fetchPage(4, "br");
    for (const n of [5, 6, 7, 8]) {
      const { bytes } = await fetchPage(n, "br");
      expect(brotliDecompressSync(bytes).toString("utf8")).toBe(pageFor(n));
    }
  });

  it("compresses a JSON answer without a Content-Length whole, and leaves a small one as it is", async () => {
    const hono = new Hono();
    hono.use(compression());
    const hits = Array.from({ length: 60 }, (_, i) => ({ id: i, title: `2021 Toyota HiLux SR5 ${i}`, priceText: "$59,990", location: "Osborne Park" }));
    hono.get("/api/search", () => new Response(JSON.stringify({ hits }), { headers: { "content-type": "application/json; charset=utf-8" } }));
    hono.get("/api/small", () => new Response(JSON.stringify({ ok: true }), { headers: { "content-type": "application/json; charset=utf-8" } }));
    const big = await hono.request("/api/search", { headers: { "accept-encoding": "br" } });
    const bytes = Buffer.from(await big.arrayBuffer());
    expect(big.headers.get("content-encoding")).toBe("br");
    expect(Number(big.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(JSON.parse(brotliDecompressSync(bytes).toString("utf8"))).toEqual({ hits });
    const small = await hono.request("/api/small", { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("content-length")).toBe("11");
    expect(await small.json()).toEqual({ ok: true });
  });

  it("compresses a rendered page from its attached bytes without reading its body or status text (decision 202)", async () => {
    // With @hono/node-server either getter builds a full Fetch Response and a stream for the body.
    const reads: string[] = [];
    const hono = new Hono();
    hono.use(compression());
    hono.get("/rendered", () => {
      const body = Buffer.from(pageFor(9), "utf8");
      const res = attachWholeBody(new Response(body, { headers: { "content-type": "text/html; charset=utf-8", "content-length": String(body.byteLength) } }), body);
      for (const name of ["body", "statusText"] as const) {
        Object.defineProperty(res, name, {
          get() {
            reads.push(name);
            return name === "body" ? null : "";
          },
        });
      }
      return res;
    });
    const res = await hono.request("/rendered", { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(pageFor(9));
    expect(reads).toEqual([]);
  });

  it("starts a new worker after the server has stopped the last one", async () => {
    await closeCompression();
    const { res, bytes } = await fetchPage(3, "br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(bytes).toString("utf8")).toBe(pageFor(3));
  });
});

describe("chooseEncoding (Accept-Encoding, RFC 9110 12.5.3)", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["GZIP;Q=0.5", "gzip"],
    ["deflate", null],
    ["identity", null],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
  ] as const)("%j -> %j", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it("sends nothing compressed without a header or with an empty one", () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding(" , ")).toBeNull();
  });

  it("treats q=0 as not acceptable", () => {
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.000, gzip;q=0.001")).toBe("gzip");
    expect(chooseEncoding("*;q=0")).toBeNull();
    expect(chooseEncoding("gzip, *;q=0")).toBe("gzip");
  });

  it("lets the highest weight win and prefers brotli at equal weight", () => {
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.8, br;q=0.8")).toBe("br");
    expect(chooseEncoding("gzip ; q=1.000 , br ;q= 0.999")).toBe("gzip");
    expect(chooseEncoding("br;level=5;q=0.2, gzip;q=0.1")).toBe("br");
  });

  it("makes a coding with a malformed weight not acceptable, even where * would allow it", () => {
    for (const q of ["-1", "abc", "1.5", "2", "0.1234", "", "1.001", ".5", "NaN", "1e0"]) {
      expect(chooseEncoding(`br;q=${q}`), `br;q=${q}`).toBeNull();
      expect(chooseEncoding(`br;q=${q}, gzip;q=0.1`), `br;q=${q}, gzip`).toBe("gzip");
      expect(chooseEncoding(`br;q=${q}, *`), `br;q=${q}, *`).toBe("gzip");
    }
    expect(chooseEncoding("br;q")).toBeNull();
  });

  it("ignores elements whose name is not a token", () => {
    expect(chooseEncoding("b r, gzip")).toBe("gzip");
    expect(chooseEncoding("br/1, gzip;q=0")).toBeNull();
  });

  it("sends the body as it is when identity is named with a higher weight than any coding", () => {
    expect(chooseEncoding("br;q=0.5, identity")).toBeNull();
    expect(chooseEncoding("br, identity")).toBe("br");
    expect(chooseEncoding("gzip;q=0.5, identity;q=0.2")).toBe("gzip");
  });

  it("gives the same answer for a remembered header and stays correct past the memo's size", () => {
    for (let i = 0; i < ENCODING_MEMO_SIZE + 10; i++) expect(chooseEncoding(`gzip;q=0.${String(i % 1000).padStart(3, "0")}, unknown-${i}`)).toBe(i % 1000 === 0 ? null : "gzip");
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(chooseEncoding("gzip, br;q=0.5")).toBe("gzip");
  });

  it("compresses nothing for a client that refuses both codings with q=0", async () => {
    const { res, bytes } = await fetchPage(3, "gzip;q=0, br;q=0");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(bytes.toString("utf8")).toBe(pageFor(3));
  });
});
