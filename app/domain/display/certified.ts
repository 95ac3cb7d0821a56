/**
 * Certified pre-owned badge, spec 4 ("Certified badge: only for the single brand, when the car is
 * certified, not sold and the site enables it") and spec 9 (certified benefits).
 */
import type { Car } from "~/domain/car";

/** Per-site options (SiteConfig `display.certifiedBadge`, `display.certifiedProgrammeName`). */
export interface CertifiedBadgeOptions {
  /**
   * The site shows the certified badge. Only single-brand sites with a certified programme turn
   * this on, so "only for the single brand" is this flag, never a brand check. Default `false`.
   */
  certifiedBadge: boolean;
}

export const DEFAULT_CERTIFIED_BADGE_OPTIONS: Readonly<CertifiedBadgeOptions> = Object.freeze({
  certifiedBadge: false,
});

/** Spec 9: benefits of a certified pre-owned car, in display order. */
export const DEFAULT_CERTIFIED_BENEFITS: readonly string[] = Object.freeze([
  "Extra 1-year warranty",
  "90-point inspection",
  "12-month roadside assist",
]);

/**
 * Whether the certified badge shows, spec 4: the site enables it, the car is `certified`, and
 * the car is not sold (`sold` false and status not 'sold').
 *
 * @param car the car's certified and sold fields
 * @param options partial {@link CertifiedBadgeOptions}; default badge off
 * @returns true when the badge is shown. Never throws.
 */
export function showsCertifiedBadge(
  car: Pick<Car, "certified" | "sold" | "status">,
  options: Partial<CertifiedBadgeOptions> = {},
): boolean {
  const { certifiedBadge } = { ...DEFAULT_CERTIFIED_BADGE_OPTIONS, ...options };
  return certifiedBadge && car.certified && !car.sold && car.status !== "sold";
}
