/**
 * The server's caches for one shared object, kept on the object itself (issue 54 "stall",
 * decision 383).
 *
 * A car card view model is memoised per search document and shared by every page that shows the
 * car (decision 189). Its JSON text (decision 193) and its rendered markup (decision 188) were kept
 * in `WeakMap`s keyed by the card, and the card was marked stable in a `WeakSet`: four weak
 * entries and one more `WeakMap` a card, thousands of cards a node. Every weak entry is an
 * ephemeron that V8 resolves in the atomic pause of each major collection. A slot on the card
 * holds the same values with ordinary references, and they die with the card, which its own memo
 * drops after a minute (car-cards.server.ts: that memo's weak map by document was the costly one).
 *
 * The slot is a non-enumerable symbol property: `JSON.stringify`, object spread and `Object.keys`
 * leave it out, so a copy of a card (a reservation overlay) has no slot and is not shared.
 */

const SLOT = Symbol("forecourt.memoSlot");

/** What the server keeps for a shared object. */
export interface MemoSlot {
  /** The object's JSON text, once written (json-memo.ts). */
  json?: string;
  /** The markup cache's levels for this object (markup-cache.server.ts), by the level each hangs from (a cache's root for a first key). */
  markup?: Map<object, unknown>;
}

/**
 * Gives `value` a slot: marks it as shared across requests (its caches may key on its identity).
 * Idempotent.
 * @returns `value`
 * @throws TypeError when `value` is frozen or not extensible
 */
export function giveMemoSlot<T extends object>(value: T): T {
  if (!Object.prototype.hasOwnProperty.call(value, SLOT)) Object.defineProperty(value, SLOT, { value: {} satisfies MemoSlot, enumerable: false, writable: false, configurable: false });
  return value;
}

/** The slot {@link giveMemoSlot} gave `value`, or undefined for any other object. */
export function memoSlotOf(value: object): MemoSlot | undefined {
  return Object.prototype.hasOwnProperty.call(value, SLOT) ? (value as { [SLOT]: MemoSlot })[SLOT] : undefined;
}
