/**
 * Trade-in valuer adapters (spec 2.6 "Valuation wizard", spec 3 "Trade-in valuation").
 *
 * The default, {@link createEmbeddedValuer}, values a car from comparable used and demo listings
 * in our own stock across ALL sites (the market is wider than one dealer), by the pure rule in
 * app/domain/trade-in/valuer.ts. It works offline and never invents a figure.
 *
 * Production slot: a commercial valuer (a Redbook- or Glass's-style valuation API) implements
 * {@link TradeInValuer} in a sibling module (e.g. `app/adapters/valuer/commercial.ts`), calling
 * the provider with make, model, year, km, state and the condition answers, mapping its answer
 * to a {@link Valuation} (`source` names the provider) and answering
 * `{ kind: 'no-estimate', reason: 'unavailable' }` when the provider fails. It must still apply
 * {@link estimateBlock} (spec 5) first. `valuerFor` in app/services/trade-in.server.ts is the
 * one place that picks the adapter; see docs/decisions/110-embedded-trade-in-valuer.md.
 */
import type { Database } from "../../../db/client";
import { loadCandidateListings } from "~/adapters/market-data/embedded";
import { estimateBlock, valueTradeIn, type AdjustmentAnswers, type TradeInVehicle, type Valuation, type ValuerRules } from "~/domain/trade-in/valuer";

/** Car types whose asking prices count as the trade-in market (new-car prices do not). */
export const COMPARABLE_CAR_TYPES = ["used", "demo"] as const;

/** A source of trade-in valuations. */
export interface TradeInValuer {
  /**
   * Values the shopper's car.
   * @param vehicle make, model, model year, odometer (km), state (e.g. 'WA')
   * @param answers condition answers (question id -> choice id)
   * @param now current instant (spec 5 age rule)
   * @returns an estimate (whole dollars) or the reason there is none; implementations do not throw
   */
  value(vehicle: TradeInVehicle, answers: AdjustmentAnswers, now: Date, rules: ValuerRules): Promise<Valuation>;
}

/** The embedded valuer over this database (module comment). */
export function createEmbeddedValuer(db: Database): TradeInValuer {
  return {
    async value(vehicle, answers, now, rules) {
      const block = estimateBlock(vehicle, now, rules);
      if (block) return { kind: "no-estimate", reason: block, source: "embedded-comparables" };
      const listings = await loadCandidateListings(db, { make: vehicle.make, model: vehicle.model, year: vehicle.year, carTypes: COMPARABLE_CAR_TYPES });
      return valueTradeIn(vehicle, listings, answers, now, rules);
    },
  };
}
