/**
 * A background job that runs every so often in this process (reservation expiry, scheduled
 * content changes): one run at a time (a slow run is never overlapped by the next), errors
 * reported and never thrown, the timer not keeping the process alive. Multi-node safety is each
 * job's own (row locks in the database).
 */

/**
 * Starts `tick` every `intervalMs`.
 * @param log receives a run's error (the next run still happens)
 * @returns stop(): clears the timer and waits for a run under way
 */
export function startIntervalJob(tick: () => Promise<unknown>, intervalMs: number, log?: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      await tick();
    } catch (error) {
      log?.(error);
    }
  };
  const timer = setInterval(() => {
    if (!running) running = run().finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
