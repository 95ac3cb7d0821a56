/**
 * Where a rendered page's markup becomes bytes (issue 15 "Fast pages", decision 216). React's
 * patched renderer (decision 202) hands over the page as strings of up to about 8 KB and, rarely,
 * byte chunks; they are UTF-8 encoded straight into one buffer that the process reuses from page
 * to page, instead of a new Buffer per string that `Buffer.concat` then copied into another.
 *
 * A page is rendered and written in one synchronous call (app/entry.server.tsx pipes it once it
 * is all ready, and its sink never asks React to wait), so one buffer serves the whole process;
 * a writer that finds it taken (a page written while another is still open) uses one of its own.
 */

/** Initial size of a page buffer (bytes); it doubles as needed and the process keeps the largest. */
const INITIAL_BYTES = 256 * 1024;
/** A UTF-16 code unit takes at most 3 bytes of UTF-8 (a surrogate pair: 4 bytes for 2 units). */
const MAX_BYTES_PER_UNIT = 3;

let shared: Buffer | null = null;
let sharedInUse = false;

/**
 * One page's bytes. `write` takes React's chunks in order; `finish` returns the page.
 * A writer is used once: `finish` (or `abandon`) releases its buffer. Make it when the first chunk
 * arrives, not when the render starts: it holds the process's buffer until then.
 */
export class PageWriter {
  private buffer: Buffer;
  private length = 0;
  private readonly usesShared: boolean;
  private finished = false;

  constructor() {
    this.usesShared = !sharedInUse;
    if (this.usesShared) {
      sharedInUse = true;
      shared ??= Buffer.allocUnsafeSlow(INITIAL_BYTES);
      this.buffer = shared;
    } else {
      this.buffer = Buffer.allocUnsafeSlow(INITIAL_BYTES);
    }
  }

  /**
   * Appends a chunk: a string is UTF-8 encoded (a lone surrogate as U+FFFD, as `Buffer.from`
   * does), bytes are copied.
   * @throws Error when called after `finish`
   */
  write(chunk: string | Uint8Array): void {
    if (this.finished) throw new Error("PageWriter: write after finish");
    if (typeof chunk === "string") {
      this.reserve(chunk.length * MAX_BYTES_PER_UNIT);
      this.length += this.buffer.write(chunk, this.length);
    } else {
      this.reserve(chunk.byteLength);
      this.buffer.set(chunk, this.length);
      this.length += chunk.byteLength;
    }
  }

  /**
   * The page's bytes, passed through `transform` (which may return its input or new bytes), as a
   * Buffer of its own: exactly its size, at offset 0 of its memory unless it is small enough for
   * Node's buffer pool (under 4 KB). Releases the writer's buffer.
   * @param transform a function of the page's bytes that reads them before it returns (it is
   *   given a view of the reused buffer, which must not be kept)
   * @throws Error when called twice
   */
  finish(transform: (page: Buffer) => Buffer = (page) => page): Buffer {
    if (this.finished) throw new Error("PageWriter: finish called twice");
    this.finished = true;
    try {
      const view = this.buffer.subarray(0, this.length);
      const out = transform(view);
      return out.buffer === this.buffer.buffer ? copyOf(out) : out;
    } finally {
      this.release();
    }
  }

  /** Gives the buffer back without a page (React gave up on it); idempotent. */
  abandon(): void {
    if (this.finished) return;
    this.finished = true;
    this.release();
  }

  private release(): void {
    if (!this.usesShared) return;
    shared = this.buffer;
    sharedInUse = false;
  }

  /** Grows the buffer (doubling, copying what is written) so that `bytes` more fit. */
  private reserve(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const grown = Buffer.allocUnsafeSlow(size);
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

/** A copy of `bytes` in memory of its own (Node's pool for small ones). */
function copyOf(bytes: Buffer): Buffer {
  const copy = bytes.length < Buffer.poolSize >>> 1 ? Buffer.allocUnsafe(bytes.length) : Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
