/**
 * Trade-in valuations in the dealer console (issue 49 item 6): each valuation of the site with the
 * shopper's car, the offer, the condition answers that adjusted it, the shopper's decision and
 * the lead it became. Sales staff see the valuations whose lead (else the car they want) is at
 * one of their assigned locations.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { cars, leads, tradeInValuations } from "../../db/schema/index";
import { ADJUSTMENT_QUESTIONS } from "~/domain/trade-in/valuer";
import { withinReach } from "./location-scope";
import type { ScopedSite } from "./staff.server";

/** Valuations per page. */
export const TRADE_INS_PAGE_SIZE = 50;

/** The list's filters, from its URL. */
export const TradeInFilterSchema = z.object({
  decision: z.enum(["", "accepted", "declined", "undecided"], { error: "accepted, declined or undecided" }).default(""),
  page: z.coerce.number({ error: "a page number" }).int("a whole page number").min(1, "a page number from 1").max(10_000, "a page number up to 10,000").default(1),
});
export type TradeInFilter = z.infer<typeof TradeInFilterSchema>;

/** One condition answer, in the wizard's words, with its deduction (0.05 = 5% off). */
export interface TradeInAdjustment {
  question: string;
  answer: string;
  deduction: number;
}

/** One valuation as the console lists it. Money in whole dollars. */
export interface ConsoleTradeIn {
  id: number;
  createdAt: Date;
  /** The shopper's car, e.g. "2019 Toyota Corolla Hatch, automatic"; null before the wizard's car step. */
  vehicle: string | null;
  rego: string | null;
  /** Odometer, km. */
  kms: number | null;
  /** The instant offer (spec 3 offer_price), or null when none was given. */
  offerDollars: number | null;
  /** The estimate's range when one was made. */
  range: { low: number; high: number } | null;
  /** Why no estimate was given ("too-old", "too-many-km", ...). */
  noEstimateReason: string | null;
  adjustments: TradeInAdjustment[];
  decision: "accepted" | "declined" | "undecided";
  /** The car they want from the dealer's stock. */
  wantedCar: { name: string; stockNumber: string } | null;
  leadId: number | null;
}

/** Valuations within the member's reach: the lead's location, else the wanted car's. */
function reach(scoped: ScopedSite): SQL {
  return withinReach(scoped, tradeInValuations.siteId, sql`coalesce(${leads.locationId}, ${cars.locationId})`);
}

/** Condition answers in the wizard's words (unknown ids shown as given). */
export function adjustmentsOf(answers: readonly { id: string; answer: string }[] | null): TradeInAdjustment[] {
  return (answers ?? []).map(({ id, answer }) => {
    const question = ADJUSTMENT_QUESTIONS.find((q) => q.id === id);
    const choice = question?.choices.find((c) => c.id === answer);
    return { question: question?.question ?? id, answer: choice?.label ?? answer, deduction: choice?.deduction ?? 0 };
  });
}

/**
 * One page of the site's trade-in valuations that reached a car (the wizard's first step done),
 * newest first, with the total for paging.
 * @param scoped the site opened with `leads.view`
 */
export async function listConsoleTradeIns(db: Database, scoped: ScopedSite, filter: TradeInFilter): Promise<{ rows: ConsoleTradeIn[]; total: number }> {
  const decision =
    filter.decision === "accepted" ? eq(tradeInValuations.offerAccepted, true) : filter.decision === "declined" ? eq(tradeInValuations.offerAccepted, false) : filter.decision === "undecided" ? sql`${tradeInValuations.offerAccepted} is null` : undefined;
  const where = and(reach(scoped), sql`${tradeInValuations.vehicle} is not null`, decision);
  const [rows, [total]] = await Promise.all([
    db
      .select({ v: tradeInValuations, carName: cars.name, stockNumber: cars.stockNumber })
      .from(tradeInValuations)
      .leftJoin(leads, eq(leads.id, tradeInValuations.leadId))
      .leftJoin(cars, eq(cars.id, tradeInValuations.carId))
      .where(where)
      .orderBy(desc(tradeInValuations.id))
      .limit(TRADE_INS_PAGE_SIZE)
      .offset((filter.page - 1) * TRADE_INS_PAGE_SIZE),
    db.select({ n: count() }).from(tradeInValuations).leftJoin(leads, eq(leads.id, tradeInValuations.leadId)).leftJoin(cars, eq(cars.id, tradeInValuations.carId)).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map(({ v, carName, stockNumber }) => {
      const valuation = v.valuation as { kind?: string; low?: number; high?: number; reason?: string } | null;
      const car = v.vehicle;
      return {
        id: v.id,
        createdAt: v.createdAt,
        vehicle: car ? `${car.year} ${car.make} ${car.model}${car.body ? ` ${car.body}` : ""}${car.transmission ? `, ${car.transmission.toLowerCase()}` : ""}` : null,
        rego: v.rego ? `${v.rego}${v.regoState ? ` (${v.regoState})` : ""}` : null,
        kms: v.kms,
        offerDollars: v.offerPrice,
        range: valuation?.kind === "estimate" && typeof valuation.low === "number" && typeof valuation.high === "number" ? { low: valuation.low, high: valuation.high } : null,
        noEstimateReason: valuation?.kind === "no-estimate" ? (valuation.reason ?? "no estimate") : null,
        adjustments: adjustmentsOf(v.adjustmentAnswers),
        decision: v.offerAccepted === true ? "accepted" : v.offerAccepted === false ? "declined" : "undecided",
        wantedCar: carName && stockNumber ? { name: carName, stockNumber } : null,
        leadId: v.leadId,
      };
    }),
  };
}
