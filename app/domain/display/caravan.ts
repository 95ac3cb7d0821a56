/**
 * Caravan dimensions, spec 3 ("body_width and body_length (feet)") and spec 9
 * ("Feet-to-metres factor 0.3048").
 */
import type { CaravanSpecifications } from "~/domain/car";
import { decimalText } from "./number-text";

/** Spec 9: metres per foot (exact, international foot). */
export const FEET_TO_METRES = 0.3048;
/** Decimal places shown for metres: 2 (centimetres). */
export const DEFAULT_METRES_FRACTION_DIGITS = 2;

/**
 * Converts feet to metres (x 0.3048), unrounded.
 * @param feet length in feet
 * @returns length in metres
 * @throws RangeError when `feet` is not a finite number
 */
export function feetToMetres(feet: number): number {
  if (!Number.isFinite(feet)) throw new RangeError(`feetToMetres: not a finite length: ${feet}`);
  return feet * FEET_TO_METRES;
}

/**
 * Formats a feed length in feet as metres for display: `20` -> `'6.10 m'`, `24.5` -> `'7.47 m'`
 * (en-AU digits, fixed `fractionDigits` decimals, default 2).
 *
 * @param feet length in feet, or null
 * @returns the text, or null when the length is missing, not finite, or not above 0. Never throws
 *   for bad data.
 */
export function formatFeetAsMetres(
  feet: number | null | undefined,
  fractionDigits: number = DEFAULT_METRES_FRACTION_DIGITS,
): string | null {
  if (typeof feet !== "number" || !Number.isFinite(feet) || feet <= 0) return null;
  // Without Intl, written as Intl writes it (decision 194: no ICU while a caravan's page loads).
  const metres = decimalText(feetToMetres(feet), fractionDigits);
  return `${metres} m`;
}

/** Caravan length and width, in metres and as text; null parts are unknown. */
export interface CaravanDimensions {
  lengthMetres: number | null;
  widthMetres: number | null;
  lengthText: string | null;
  widthText: string | null;
}

/**
 * Length and width of a caravan in metres, spec 3/9.
 * @param caravan the car's caravan specifications (feet), or null for a non-caravan
 * @returns unrounded metres and formatted text ({@link formatFeetAsMetres}); all null when absent
 */
export function getCaravanDimensions(
  caravan: Pick<CaravanSpecifications, "bodyLengthFeet" | "bodyWidthFeet"> | null,
): CaravanDimensions {
  const convert = (feet: number | null | undefined) =>
    typeof feet === "number" && Number.isFinite(feet) && feet > 0 ? feetToMetres(feet) : null;
  return {
    lengthMetres: convert(caravan?.bodyLengthFeet),
    widthMetres: convert(caravan?.bodyWidthFeet),
    lengthText: formatFeetAsMetres(caravan?.bodyLengthFeet),
    widthText: formatFeetAsMetres(caravan?.bodyWidthFeet),
  };
}
