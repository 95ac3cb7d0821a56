/**
 * The state and territory consumer-protection regulators (spec 2.6 complaints page, spec 3
 * "Regulator: name, website", spec 9 "8 state and territory regulators"). Data, not code: the
 * complaints page links one per state or territory where the site has a location.
 */

/** Australian states and territories, in the spec's order. */
export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AuState = (typeof AU_STATES)[number];

/** Spec 3 "Regulator". */
export interface Regulator {
  state: AuState;
  name: string;
  website: string;
}

/** The consumer-protection body of each state and territory (names and addresses as published by each government). */
export const REGULATORS: readonly Regulator[] = Object.freeze([
  { state: "ACT", name: "Access Canberra (ACT Fair Trading)", website: "https://www.accesscanberra.act.gov.au/" },
  { state: "NSW", name: "NSW Fair Trading", website: "https://www.fairtrading.nsw.gov.au/" },
  { state: "NT", name: "NT Consumer Affairs", website: "https://consumeraffairs.nt.gov.au/" },
  { state: "QLD", name: "Office of Fair Trading Queensland", website: "https://www.qld.gov.au/law/fair-trading" },
  { state: "SA", name: "Consumer and Business Services SA", website: "https://www.cbs.sa.gov.au/" },
  { state: "TAS", name: "Consumer, Building and Occupational Services Tasmania", website: "https://www.cbos.tas.gov.au/" },
  { state: "VIC", name: "Consumer Affairs Victoria", website: "https://www.consumer.vic.gov.au/" },
  { state: "WA", name: "Consumer Protection WA", website: "https://www.commerce.wa.gov.au/consumer-protection" },
]);

/**
 * The regulators of the given location states, once each, in the table's order (spec 2.6).
 * @param states state codes of the site's locations in any case ("nsw", "NSW "); unknown codes are ignored
 * @returns the matching {@link Regulator}s. Never throws.
 */
export function regulatorsForStates(states: Iterable<string>): Regulator[] {
  const wanted = new Set([...states].map((s) => s.trim().toUpperCase()));
  return REGULATORS.filter((r) => wanted.has(r.state));
}
