/**
 * Database ids in URLs and request bodies (DESIGN "bad input": a clear 400 or "not found", never
 * a 500). Every table's id is a PostgreSQL `integer` (serial), 1 to 2^31 - 1: a larger number,
 * such as `car_id=2147483648` or `1e21`, names nothing, and sent to the database it fails the
 * query ("value is out of range for type integer"). Parse ids here before they reach a query.
 */
import { z } from "zod";

/** The largest id PostgreSQL's `integer` (serial) holds; larger ids name nothing. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * Whether `value` can be a row's id: a whole number from 1 to {@link MAX_DB_ID}.
 * @param value any value (a number from `Number(...)`, a parsed body field)
 */
export function isDbId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= MAX_DB_ID;
}

/**
 * An id written in a URL or form field: decimal digits only (no sign, exponent, spaces or
 * fraction; leading zeros allowed) naming a number from 1 to {@link MAX_DB_ID}.
 * @param text the raw parameter, or null/undefined when absent
 * @returns the id, or null when `text` is absent or is not such an id
 */
export function parseDbId(text: string | null | undefined): number | null {
  if (text == null || !/^\d{1,12}$/.test(text)) return null;
  const id = Number(text);
  return isDbId(id) ? id : null;
}

/**
 * A zod schema for a required id field: coerces strings and numbers, and rejects anything that
 * is not a whole number from 1 to {@link MAX_DB_ID} with `message`.
 * @param message the error shown or answered for a missing or invalid id
 */
export function dbIdSchema(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);
}
