/**
 * Response compression: brotli when the client accepts it, else gzip (Node's zlib).
 * Hono's own `compress` covers gzip/deflate only; DESIGN asks for brotli too.
 */
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip as gzipCallback } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|x-adf\+xml|manifest\+json)|image\/svg\+xml)/;
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
 * The encoding a response is compressed with for an `Accept-Encoding` header: brotli when
 * accepted, else gzip, else none (null). Shared by {@link compression} and the page cache key.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): "br" | "gzip" | null {
  const accept = acceptEncoding ?? "";
  return /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
}

/**
 * Compresses compressible responses of 1 KB or more with the encoding the request accepts
 * ({@link chooseEncoding}). A body of known length (Content-Length) is compressed in one call on
 * libuv's thread pool; a streamed body is compressed as it streams. Adds `Vary: Accept-Encoding`.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const length = Number(res.headers.get("content-length") ?? MIN_BYTES);
    if (!res.body || res.headers.has("content-encoding") || !COMPRESSIBLE.test(type) || length < MIN_BYTES || c.req.method === "HEAD") return;
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;
    const declared = res.headers.get("content-length");
    if (declared !== null && length <= WHOLE_BODY_MAX_BYTES) {
      // A whole body (a rendered page, app/entry.server.tsx): one compression call on libuv's
      // thread pool, so the next page renders on the main thread meanwhile (issue 15).
      const input = new Uint8Array(await res.arrayBuffer());
      const output = encoding === "br" ? await brotli(input, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength, [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } }) : await gzip(input, { level: GZIP_LEVEL });
      const headers = new Headers(res.headers);
      headers.set("content-length", String(output.byteLength));
      headers.set("content-encoding", encoding);
      headers.append("vary", "Accept-Encoding");
      c.res = undefined;
      c.res = new Response(output, { status: res.status, statusText: res.statusText, headers });
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
