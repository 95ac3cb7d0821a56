/**
 * Rego lookup (spec 3 "Trade-in valuation": rego, regoState; spec 7 "Valuation helpers: a rego
 * and regoState lookup"). The offline default answers from a committed table of sample
 * registrations, data/sample-regos.json (documented in README "Trade-in valuations"); any other
 * rego is "not found" and the wizard asks for make, model, year, body and transmission.
 *
 * Production slot: a registry or commercial rego service implements {@link RegoLookup}
 * (answering null when the plate is unknown and throwing only when the service is down, which
 * the wizard treats as "not found").
 */
import { z } from "zod";
import sampleRegos from "../../../data/sample-regos.json";

/** Australian states and territories (rego states). */
export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AuState = (typeof AU_STATES)[number];

/** A vehicle identified by its rego. Year = model year. */
export interface RegoVehicle {
  make: string;
  model: string;
  year: number;
  body: string;
  transmission: string;
}

/** Source of rego lookups. */
export interface RegoLookup {
  /**
   * @param rego normalised plate (upper case, no spaces)
   * @returns the vehicle, or null when the plate is unknown in that state
   */
  lookup(rego: string, state: AuState): Promise<RegoVehicle | null>;
}

/** Upper case, spaces and dashes removed: ' 1got-123 ' -> '1GOT123'. */
export function normaliseRego(rego: string): string {
  return rego.toUpperCase().replace(/[\s-]+/g, "");
}

const SampleRegosSchema = z.object({
  regos: z.array(
    z.object({ rego: z.string().min(1), state: z.enum(AU_STATES), make: z.string(), model: z.string(), year: z.number().int(), body: z.string(), transmission: z.string() }),
  ),
});

/**
 * The offline lookup over a sample table (bundled at build time).
 * @param data `{ regos: [{ rego, state, make, model, year, body, transmission }] }`; default data/sample-regos.json
 * @throws when the table is malformed (at creation, not per lookup)
 */
export function createOfflineRegoLookup(data: unknown = sampleRegos): RegoLookup {
  const table = SampleRegosSchema.parse(data).regos;
  return {
    async lookup(rego, state) {
      const hit = table.find((r) => normaliseRego(r.rego) === normaliseRego(rego) && r.state === state);
      return hit ? { make: hit.make, model: hit.model, year: hit.year, body: hit.body, transmission: hit.transmission } : null;
    },
  };
}
