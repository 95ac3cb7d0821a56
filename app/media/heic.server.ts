/**
 * iPhone photos (HEIC: HEVC inside HEIF) for staff uploads (issue 49 item 2): sharp's bundled
 * libvips reads only AV1 in HEIF (AVIF), so HEVC is decoded by libheif compiled to WebAssembly
 * (heic-decode), offline, on a worker thread (heic-worker.ts): about 2 s of CPU for a
 * 12-megapixel photo that would otherwise hold the node's event loop.
 */
import type { Metadata, Sharp } from "sharp";
import type { DecodedHeic } from "./heic-worker";
import { lazyWorkerPool, workerModule } from "../services/worker-module.server";

// Kept out of `new URL("...", import.meta.url)` literals so the Vite build leaves them alone.
const WORKER_SOURCE = "./heic-worker.ts";
const WORKER_BUNDLE = "../node/heic-worker.js";
const decoder = lazyWorkerPool(workerModule(import.meta.url, WORKER_SOURCE, WORKER_BUNDLE));

/** Stops the decoding worker if it was started (server shutdown, tests). Never rejects. */
export function closeHeicDecoder(): Promise<void> {
  return decoder.close();
}

/** Whether sharp's metadata describes an iPhone photo (HEVC in HEIF), which sharp cannot decode itself. */
export function isHeic(meta: Pick<Metadata, "format" | "compression">): boolean {
  return meta.format === "heif" && meta.compression === "hevc";
}

/**
 * Decodes a HEIC file's pixels on the worker thread; on the event loop (with a process warning)
 * only when piscina cannot create its pool.
 * @param bytes the file (its size and pixel count already checked from its header)
 * @returns RGBA pixels, upright (libheif applies the file's rotation and mirroring), no metadata
 * @throws when the file cannot be decoded to its end (callers refuse it as damaged)
 */
export async function decodeHeic(bytes: Uint8Array): Promise<DecodedHeic> {
  const worker = decoder.get();
  if (worker) {
    // A copy with a buffer of its own goes to the worker, moved rather than cloned: the caller's
    // bytes may be a view on a larger body or on Node's shared Buffer pool, which cannot be moved.
    // A rejection is the file's (libheif refused it), not retried on the event loop: a damaged
    // upload must not cost the node the time the worker saves.
    const copy = new Uint8Array(bytes);
    return (await worker.run({ bytes: copy }, { transferList: [copy.buffer as ArrayBuffer] })) as DecodedHeic;
  }
  process.emitWarning("HEIC worker unavailable, decoding on the event loop instead");
  const { default: decode } = await import("heic-decode");
  const { width, height, data } = await decode({ buffer: bytes });
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), threadId: 0 };
}

/**
 * A HEIC file as a sharp pipeline of its pixels (decoded by {@link decodeHeic}).
 * @throws as {@link decodeHeic}
 */
export async function heicAsSharp(bytes: Uint8Array): Promise<Sharp> {
  const [{ width, height, data }, { default: sharp }] = await Promise.all([decodeHeic(bytes), import("sharp")]);
  return sharp(data, { raw: { width, height, channels: 4 } });
}
