/**
 * Which phone number the call button and call-the-dealer panel use, spec 5 "Call number choice
 * order" and spec 8 ("Missing phone number: console warning").
 */
import type { CarType } from "~/domain/car";

/**
 * Per-site phone numbers (SiteConfig `phones`). Blank strings count as not set. All default to
 * null / empty.
 */
export interface CallNumberOptions {
  /** Step 1: overrides every other number. Default `null`. */
  override: string | null;
  /**
   * Step 2: numbers by car type, used when the page is filtered by a car type (a `/search/{type}-cars`
   * landing page, or a VDP passing its car's type). A missing demo number falls back to the new one.
   * Default: none.
   */
  byCarType: Partial<Record<CarType, string | null>>;
  /** Step 3: number for new (and demo) cars. Default `null`. */
  newCarPhone: string | null;
  /** Step 3: number for used cars. Default `null`. */
  usedCarPhone: string | null;
}

export const DEFAULT_CALL_NUMBER_OPTIONS: Readonly<CallNumberOptions> = Object.freeze({
  override: null,
  byCarType: Object.freeze({}),
  newCarPhone: null,
  usedCarPhone: null,
});

/** What the page knows when it needs a number. */
export interface CallNumberContext {
  /** The car type the page is filtered by (step 2), or null when not filtering by type. */
  filterCarType: CarType | null;
  /** The car's type (step 3), or null on pages without a car. */
  carType: CarType | null;
  /** The car location's phone (step 4), or null. */
  locationPhone: string | null;
}

export const MISSING_PHONE_WARNING = "No phone number configured for this car or site";

function present(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * Chooses the number to call, spec 5, first present wins:
 * 1. `override`;
 * 2. when filtering by type: `byCarType[filterCarType]`, a demo filter falling back to `byCarType.new`;
 * 3. `usedCarPhone` for a used car, `newCarPhone` for a new or demo car;
 * 4. the car location's phone;
 * 5. none: returns null and calls `onMissing` once with {@link MISSING_PHONE_WARNING} (the caller
 *    passes `console.warn` or a logger; spec 8 wants a console warning only).
 *
 * @param context see {@link CallNumberContext}
 * @param options partial {@link CallNumberOptions}
 * @param onMissing optional warning callback
 * @returns the raw number as configured (trimmed; format with `formatPhone`), or null. Never throws.
 */
export function chooseCallNumber(
  context: Partial<CallNumberContext>,
  options: Partial<CallNumberOptions> = {},
  onMissing?: (message: string) => void,
): string | null {
  const o: CallNumberOptions = { ...DEFAULT_CALL_NUMBER_OPTIONS, ...options };
  const filterCarType = context.filterCarType ?? null;
  const carType = context.carType ?? null;

  const byFilter =
    filterCarType === null
      ? null
      : (present(o.byCarType[filterCarType]) ?? (filterCarType === "demo" ? present(o.byCarType.new) : null));
  const byCar = carType === null ? null : present(carType === "used" ? o.usedCarPhone : o.newCarPhone);

  const number = present(o.override) ?? byFilter ?? byCar ?? present(context.locationPhone);
  if (number === null) onMissing?.(MISSING_PHONE_WARNING);
  return number;
}
