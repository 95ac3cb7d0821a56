/**
 * Response compression: brotli when the client accepts it, else gzip (Node's zlib).
 * Hono's own `compress` covers gzip/deflate only; DESIGN asks for brotli too.
 */
import { Readable } from "node:stream";
import { Piscina } from "piscina";
import { promisify } from "node:util";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip as gzipCallback } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { wholeBodyOf } from "./whole-body";

/**
 * Types whose bodies are whole documents even when they come without a Content-Length (a resource
 * route's `new Response(JSON.stringify(...))`: the search API, sitemaps, ADF/XML): read whole and
 * compressed in one call like a page, not through a stream with brotli's 4 MB default window.
 */
const DOCUMENT_TYPES = /^(application\/(json|xml|x-adf\+xml|manifest\+json)|text\/xml|image\/svg\+xml)/;
/** Compressible content types: text, scripts and the document types. */
const isCompressible = (type: string) => /^(text\/|application\/javascript)/.test(type) || DOCUMENT_TYPES.test(type);
const MIN_BYTES = 1024;
/**
 * Brotli quality for responses compressed as they stream (0-11). Issue 15: on a 228 KB SRP,
 * quality 4 takes about two thirds of quality 5's time for 9% more bytes (22.4 vs 20.6 KB).
 */
export const BROTLI_QUALITY = 4;
/**
 * Brotli window for whole bodies: 2^19 bytes (512 KB) covers every page we render (the SRP is
 * about 230 KB) with a quarter of the default window's encoder memory (issue 15 memory).
 */
export const BROTLI_WINDOW_BITS = 19;
/** gzip level for dynamic responses (1-9). */
export const GZIP_LEVEL = 6;
/** Bodies of a known length up to this size (bytes) are compressed in one call, off the main thread. */
const WHOLE_BODY_MAX_BYTES = 8 * 1024 * 1024;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * The compression worker thread (server/compress-worker.mjs, decision 200), started on first
 * use; null once it has failed to start or to compress, after which whole bodies go to zlib's
 * asynchronous calls (libuv's thread pool) as before. One thread: compressing a page costs a
 * small fraction of rendering it, so one event loop cannot outrun it (a cluster's processes have
 * one each). Up to {@link WORKER_QUEUE} bodies are handed to it at once: with one at a time, the
 * next body waited for the event loop to take the last result, which under load (a page render
 * per turn) left the worker idle and some pages waiting over a second. An idle worker does not
 * keep the process alive.
 */
let pool: Piscina | null | undefined;
/** The worker that has compressed a body: from then on bodies are handed over, not copied. */
let provenWorker: Piscina | null = null;
/** Bodies handed to the compression worker at once; it compresses them in turn. */
const WORKER_QUEUE = 64;

function compressionPool(): Piscina | null {
  if (pool === undefined) {
    try {
      pool = new Piscina({ filename: new URL("./compress-worker.mjs", import.meta.url).href, minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: WORKER_QUEUE, idleTimeout: 60_000 });
    } catch {
      pool = null;
    }
  }
  return pool;
}

/**
 * Stops the compression worker, if it was started (server shutdown). Resolves once it has
 * exited; never rejects. A later compression starts a new one.
 */
export async function closeCompression(): Promise<void> {
  const running = pool;
  pool = undefined;
  provenWorker = null;
  await running?.destroy().catch(() => undefined);
}

/**
 * `input` compressed with `encoding` at {@link BROTLI_QUALITY} / {@link BROTLI_WINDOW_BITS} or
 * {@link GZIP_LEVEL}: on the compression worker, else with zlib's asynchronous calls.
 * Until the worker has answered once, it gets a copy, so that a worker that cannot start loses no
 * page; afterwards `input`'s buffer is handed over (transferred, so the caller must not use
 * `input` again). A copy made in the worker stayed there until V8 counted enough external memory
 * to collect it: 30 MB more resident memory under load. The worker sends the input back with the
 * output and the event loop's frequent collections free it.
 * @param input the whole body, a Uint8Array over the whole of its own ArrayBuffer
 * @returns the compressed bytes
 * @throws when the worker fails after taking the body over (a crashed thread)
 */
async function compressWholeBody(input: Uint8Array<ArrayBuffer>, encoding: "br" | "gzip"): Promise<Uint8Array> {
  const worker = compressionPool();
  if (worker) {
    try {
      const task = { input, encoding, brotliQuality: BROTLI_QUALITY, brotliWindowBits: BROTLI_WINDOW_BITS, gzipLevel: GZIP_LEVEL };
      const handOver = provenWorker === worker && input.byteOffset === 0 && input.byteLength === input.buffer.byteLength;
      const { output } = (await worker.run(task, handOver ? { transferList: [input.buffer] } : {})) as { output: Uint8Array };
      provenWorker = worker;
      return output;
    } catch (error) {
      // The worker could not start (its file is missing) or failed: compress here from now on.
      if (pool === worker) {
        pool = null;
        process.emitWarning(`compression worker unavailable, compressing on the thread pool instead: ${error instanceof Error ? error.message : String(error)}`);
      }
      void worker.destroy().catch(() => undefined);
      if (input.buffer.byteLength === 0) throw error; // handed over and lost with the thread
    }
  }
  return encoding === "br"
    ? brotli(input, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength, [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } })
    : gzip(input, { level: GZIP_LEVEL });
}

/** RFC 9110 5.6.2 token: a content coding's name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
/** RFC 9110 12.4.2 qvalue: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
/** Distinct Accept-Encoding headers remembered by {@link chooseEncoding}; browsers send a handful. */
export const ENCODING_MEMO_SIZE = 256;
const encodingMemo = new Map<string, "br" | "gzip" | null>();

/**
 * The encoding a response is compressed with for an `Accept-Encoding` header (RFC 9110 12.5.3),
 * shared by {@link compression} and the page cache key (server/page-cache.ts).
 *
 * Each element is a coding name (case-insensitive; `x-gzip` counts as `gzip`, RFC 9110 8.4.1.3)
 * or `*`, with an optional weight `;q=` from 0 to 1 (default 1). A coding's weight is its own
 * element's (the first, if repeated), else `*`'s, else 0. q=0 means "not acceptable". Decisions:
 * - a malformed weight (`q=abc`, `q=-1`, `q=1.5`, `q=0.1234`, `q=`) makes that element's coding
 *   not acceptable (as q=0) rather than ignoring the element, so a `*` cannot bring it back;
 * - an element whose name is not a token is ignored; parameters other than q are ignored;
 * - the higher weight wins; brotli is preferred over gzip at equal weight;
 * - `identity` competes only when listed by name: a higher weight than the best coding's means
 *   no compression. An absent or empty header means no compression.
 * Results are memoised per header string (at most {@link ENCODING_MEMO_SIZE}, then the memo starts
 * again), as it runs on every request.
 * @param acceptEncoding the request's Accept-Encoding header, if any
 * @returns "br", "gzip" or null (send the body as it is). Never throws.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const known = encodingMemo.get(acceptEncoding);
  if (known !== undefined) return known;
  const chosen = negotiateEncoding(acceptEncoding);
  if (encodingMemo.size >= ENCODING_MEMO_SIZE) encodingMemo.clear();
  encodingMemo.set(acceptEncoding, chosen);
  return chosen;
}

function negotiateEncoding(header: string): "br" | "gzip" | null {
  const weights = new Map<string, number>();
  for (const element of header.split(",")) {
    const [name, ...params] = element.split(";");
    let coding = name.trim().toLowerCase();
    if (!TOKEN.test(coding)) continue;
    if (coding === "x-gzip") coding = "gzip";
    let q = 1;
    for (const param of params) {
      const at = param.indexOf("=");
      if (param.slice(0, at === -1 ? undefined : at).trim().toLowerCase() !== "q") continue;
      const value = at === -1 ? "" : param.slice(at + 1).trim();
      q = QVALUE.test(value) ? Number(value) : 0;
    }
    if (!weights.has(coding)) weights.set(coding, q);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  const best = Math.max(br, gzip);
  if (best <= 0 || (weights.get("identity") ?? 0) > best) return null;
  return br >= gzip ? "br" : "gzip";
}

/**
 * Compresses compressible responses of 1 KB or more with the encoding the request accepts
 * ({@link chooseEncoding}). A body of known length (Content-Length) or of a document type
 * ({@link DOCUMENT_TYPES}) is compressed in one call on the compression worker thread (decision
 * 200); any other body (a React Router data request) is compressed as it streams. Adds `Vary: Accept-Encoding`.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // A rendered page comes with its bytes (server/whole-body.ts). Its Response is not asked for
    // its `body` or `statusText` (a page has the default, ""): with @hono/node-server either
    // getter builds the full Fetch Response and a body stream, 1.6% of a VDP's CPU (decision 202).
    const attached = wholeBodyOf(res);
    const type = res.headers.get("content-type") ?? "";
    const length = Number(res.headers.get("content-length") ?? MIN_BYTES);
    if ((!attached && !res.body) || res.headers.has("content-encoding") || !isCompressible(type) || length < MIN_BYTES || c.req.method === "HEAD") return;
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;
    const declared = res.headers.get("content-length");
    if (declared !== null ? length <= WHOLE_BODY_MAX_BYTES : DOCUMENT_TYPES.test(type)) {
      // A whole body (a rendered page, app/entry.server.tsx; an API answer): one compression call
      // on the compression worker, so the next page renders on the main thread meanwhile
      // (decision 200). A rendered page comes with its bytes; other bodies are read.
      const input = attached && attached.byteLength === length ? (attached as Uint8Array<ArrayBuffer>) : new Uint8Array(await res.arrayBuffer());
      const statusText = input === attached ? "" : res.statusText;
      if (input.byteLength < MIN_BYTES) {
        // A document without a declared length turned out too small to be worth compressing.
        const headers = new Headers(res.headers);
        headers.set("content-length", String(input.byteLength));
        c.res = undefined;
        c.res = new Response(input, { status: res.status, statusText, headers });
        return;
      }
      const output = await compressWholeBody(input, encoding);
      const headers = new Headers(res.headers);
      headers.set("content-length", String(output.byteLength));
      headers.set("content-encoding", encoding);
      headers.append("vary", "Accept-Encoding");
      c.res = undefined;
      c.res = new Response(output as Uint8Array<ArrayBuffer>, { status: res.status, statusText, headers });
      return;
    }
    const compressor =
      encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : createGzip({ level: GZIP_LEVEL });
    const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream).pipe(compressor);
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    headers.set("content-encoding", encoding);
    headers.append("vary", "Accept-Encoding");
    // Clear first: Hono's setter would otherwise copy the old headers (content-length) across.
    c.res = undefined;
    c.res = new Response(Readable.toWeb(body) as ReadableStream, { status: res.status, statusText: res.statusText, headers });
  };
}
