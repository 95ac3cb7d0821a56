/**
 * The HEIC decoding worker (issue 49 item 2): decodes an iPhone photo (HEVC inside HEIF) with
 * libheif compiled to WebAssembly (heic-decode) on a worker thread. A 12-megapixel photo takes
 * about 2 s of CPU, which on the event loop would hold every other request of the node for as
 * long. Runs from the source tree through tsx's loader (tests, `npm run dev`) and bundled as
 * build/node/heic-worker.js (scripts/build-server.mjs).
 *
 * Task input: `{ bytes: Uint8Array }` (the file). Output: `{ width, height, data, threadId }`,
 * `data` the RGBA pixels (4 bytes per pixel, rows top to bottom), moved to the caller, not copied.
 */
import { threadId } from "node:worker_threads";
import { move, transferableSymbol, valueSymbol } from "piscina";

/** What the worker sends back (see the module comment). */
export interface DecodedHeic {
  width: number;
  height: number;
  data: Uint8Array;
  /** The thread that decoded it (not 0, the main thread's id, when the worker ran it). */
  threadId: number;
}

/**
 * @param task the file's bytes
 * @returns the pixels, moved
 * @throws when the file cannot be decoded to its end
 */
export default async function decodeHeicTask({ bytes }: { bytes: Uint8Array }) {
  const { default: decode } = await import("heic-decode");
  const { width, height, data } = await decode({ buffer: bytes });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const value: DecodedHeic = { width, height, data: pixels, threadId };
  return move({
    get [transferableSymbol]() {
      return [pixels.buffer];
    },
    get [valueSymbol]() {
      return value;
    },
  });
}
