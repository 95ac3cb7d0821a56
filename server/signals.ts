/**
 * SIGTERM and SIGINT handling shared by the server process (server/main.ts) and a cluster's
 * primary (server/cluster.ts): the first signal of either kind stops, and during a drain
 * (decision 220) the next one does something else.
 */

/** A handler for SIGTERM or SIGINT, given the signal received. */
export type StopHandler = (signal: NodeJS.Signals) => void;

/** Calls `handler` on the next SIGTERM or SIGINT (once each; the caller swaps it out after the first). */
export function onStopSignal(handler: StopHandler): void {
  process.once("SIGTERM", handler);
  process.once("SIGINT", handler);
}

/** Removes `handler` (installed by {@link onStopSignal}) from whichever signal has not called it. */
export function offStopSignal(handler: StopHandler): void {
  process.off("SIGTERM", handler);
  process.off("SIGINT", handler);
}

/** Replaces `current` (installed by {@link onStopSignal}) by `next` for the next SIGTERM or SIGINT. */
export function replaceStopSignal(current: StopHandler, next: StopHandler): void {
  offStopSignal(current);
  onStopSignal(next);
}
