/**
 * Load shedding for one node (issue 54 item 5): a request body is read in full before the
 * request may start database work, and the number of requests doing that work at once is capped.
 * Beyond the cap a short queue waits; beyond the queue, or past the wait, the shopper gets a 503
 * with `Retry-After` at once, instead of every request queueing for a pooled connection until
 * the pool's own timeout turns them all into 500s.
 */
import type { Context, MiddlewareHandler } from "hono";
import { plainPage } from "./guards";

export interface InflightOptions {
  /** Requests doing work (loaders, actions) at once on this node; default 40 (four per pooled connection). */
  max: number;
  /** Requests that may wait for a free slot; more get a 503 at once. Default 200. */
  queue: number;
  /** How long a queued request waits for a slot before it gets a 503, in ms. Default 5,000. */
  maxWaitMs: number;
  /** How long a request body may take to arrive, in ms; a slower one gets a 408. Default 15,000. */
  bodyTimeoutMs: number;
  /** Seconds a refused client is asked to wait (the `Retry-After` header). Default 2. */
  retryAfterSeconds: number;
}

export const DEFAULT_INFLIGHT: InflightOptions = { max: 40, queue: 200, maxWaitMs: 5_000, bodyTimeoutMs: 15_000, retryAfterSeconds: 2 };

/** What the limiter is doing now, for /metrics and tests. */
export interface InflightStats {
  /** Requests holding a slot. */
  active: number;
  /** Requests waiting for one. */
  queued: number;
  /** Requests refused with a 503 since start. */
  shed: number;
  /** Request bodies that did not arrive in time (408) since start. */
  slowBodies: number;
}

/**
 * A counting gate with a bounded queue (first come, first served).
 * `acquire()` resolves to a release function, or to null when the queue is full or the wait ran out.
 */
class Gate {
  active = 0;
  shed = 0;
  private readonly waiting: { grant: (release: () => void) => void; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly options: Pick<InflightOptions, "max" | "queue" | "maxWaitMs">) {}

  get queued(): number {
    return this.waiting.length;
  }

  acquire(): Promise<(() => void) | null> {
    if (this.active < this.options.max) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.options.queue) {
      this.shed++;
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      const entry = {
        grant: (release: () => void) => resolve(release),
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          this.shed++;
          resolve(null);
        }, this.options.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) {
        // The slot passes straight to the next in line: `active` stays the same.
        clearTimeout(next.timer);
        next.grant(this.releaser());
      } else {
        this.active--;
      }
    };
  }
}

/**
 * Hono middleware in front of the request handler. For a request with a body it first reads the
 * whole body (already size-limited by `limitRequestBodies`), so a slow sender holds no slot and
 * no pooled connection; a body that takes longer than `bodyTimeoutMs` gets a 408 with
 * `Connection: close`. Then it takes a slot; with none free within the queue and wait limits the
 * answer is 503 with `Retry-After` (a plain page that tells the shopper to try again shortly).
 * The slot is held until the handler's response is produced (a streamed body may finish later;
 * its database work is done by then).
 * @returns the middleware and a `stats()` reader
 */
export function limitInflightWork(options: Partial<InflightOptions> = {}): { middleware: MiddlewareHandler; stats: () => InflightStats } {
  const settings = { ...DEFAULT_INFLIGHT, ...options };
  const gate = new Gate(settings);
  let slowBodies = 0;
  const busy = (c: Context) =>
    plainPage(c, 503, "We are very busy right now", "Too many people are using this site at this moment. Please try again in a few seconds; nothing you sent was stored.", {
      "Retry-After": String(settings.retryAfterSeconds),
      "Cache-Control": "no-store",
    });

  const middleware: MiddlewareHandler = async (c, next) => {
    const raw = c.req.raw;
    if (raw.body) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), settings.bodyTimeoutMs)));
      const body = await Promise.race([raw.arrayBuffer(), timedOut]).finally(() => clearTimeout(timer));
      if (body === "timeout") {
        slowBodies++;
        return plainPage(c, 408, "This took too long to arrive", "Your form did not reach us in time. Please check your connection and send it again.", { Connection: "close" });
      }
      c.req.raw = new Request(raw, { body });
    }
    const release = await gate.acquire();
    if (!release) return busy(c);
    try {
      await next();
    } finally {
      release();
    }
  };
  return { middleware, stats: () => ({ active: gate.active, queued: gate.queued, shed: gate.shed, slowBodies }) };
}
