/**
 * The compression worker (issue 15 "Fast pages", decision 200): compresses one whole response
 * body per task, synchronously, on its own thread. Plain JavaScript, so the same file runs from
 * the source tree (tests, `npm run dev`) and, copied by scripts/build-server.mjs, next to the
 * bundled server (build/node).
 *
 * Why a worker thread and not zlib's asynchronous calls: zlib runs those on libuv's thread pool,
 * where each call's brotli encoder allocates its window and hash tables in that thread's malloc
 * arena and glibc gives them back to the kernel afterwards, so every call page-faults them in
 * afresh: 4.3 ms of CPU for a 230 KB SRP, 0.65-1 ms of it on the event loop, against 1.2 ms for the
 * same call made synchronously. Here the synchronous call's memory is reused from one task to
 * the next, and the event loop only hands the bytes over.
 *
 * Task input: `{ input: Uint8Array, encoding: "br" | "gzip", brotliQuality: number (0-11),
 * brotliWindowBits: number (10-24), gzipLevel: number (1-9) }`. Output: `{ output, input }`, the
 * compressed bytes and the task's input, both moved (not copied) to the caller. The input goes
 * back so that the event loop's frequent collections free it: left here, where little else
 * allocates, it stayed until V8 counted enough external memory to collect. Throws zlib's error
 * for invalid options.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { move, transferableSymbol, valueSymbol } from "piscina";

/**
 * @param {{ input: Uint8Array, encoding: "br" | "gzip", brotliQuality: number, brotliWindowBits: number, gzipLevel: number }} task
 * @returns {{ output: Uint8Array, input: Uint8Array }} the compressed body and the input, moved
 */
export default function compress({ input, encoding, brotliQuality, brotliWindowBits, gzipLevel }) {
  const compressed =
    encoding === "br"
      ? brotliCompressSync(input, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength,
            [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits,
          },
        })
      : gzipSync(input, { level: gzipLevel });
  // Small results may share Node's buffer pool: copy those so only our own bytes are moved.
  const output = compressed.byteOffset === 0 && compressed.byteLength === compressed.buffer.byteLength ? compressed : new Uint8Array(compressed);
  const buffers = output.buffer === input.buffer ? [output.buffer] : [output.buffer, input.buffer];
  return move({
    get [transferableSymbol]() {
      return buffers;
    },
    get [valueSymbol]() {
      return { output, input };
    },
  });
}
