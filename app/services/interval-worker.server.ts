/**
 * A background job that runs on this node every `intervalMs` (reservation expiry, feed pulls,
 * scheduled content changes):
 * one run at a time (a tick that is still running skips the next), errors handed to `log` so the
 * next tick tries again, and a timer that never keeps the process alive.
 */

/** A started worker. */
export interface IntervalWorker {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Starts running `run` every `intervalMs` milliseconds.
 * @param log receives what a run threw (e.g. the database was unreachable)
 */
export function runEvery(intervalMs: number, run: () => Promise<void>, log?: (error: unknown) => void): IntervalWorker {
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      await run();
    } catch (error) {
      log?.(error);
    }
  };
  const timer = setInterval(() => {
    if (!running) running = tick().finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
