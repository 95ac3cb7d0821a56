import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cars } from "./cars";
import { leads } from "./leads";
import { sites } from "./sites";

/**
 * One shopper's trade-in valuation (issue 11; spec 3 "Trade-in valuation", spec 7 "Valuation
 * helpers"). The wizard keeps its state here between steps (the token travels in the URL), so it
 * works one step per page without JavaScript. `leadId`, `formCompleted` and `offerAccepted` are
 * spec 7's offer-accepted update.
 */
export const tradeInValuations = pgTable(
  "trade_in_valuations",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    /** Random UUID naming the wizard session (unguessable; the only handle the browser holds). */
    token: text("token").notNull(),
    /** The car the shopper wants (/cars/trade-in?car_id=), if any. */
    carId: integer("car_id").references(() => cars.id, { onDelete: "set null" }),
    /** Normalised plate, e.g. 1GOT123. */
    rego: text("rego"),
    /** ACT, NSW, NT, QLD, SA, TAS, VIC or WA. */
    regoState: text("rego_state"),
    /** { make, model, year, body, transmission, source: 'rego' | 'manual' }. */
    vehicle: jsonb("vehicle").$type<{ make: string; model: string; year: number; body: string; transmission: string; source: "rego" | "manual" } | null>(),
    /** Odometer, km. */
    kms: integer("kms"),
    /** Spec 3 adjustmentAnswers: [{ id, answer }]. */
    adjustmentAnswers: jsonb("adjustment_answers").$type<{ id: string; answer: string }[] | null>(),
    /** The Valuation (app/domain/trade-in/valuer.ts). */
    valuation: jsonb("valuation").$type<Record<string, unknown> | null>(),
    /** Spec 3 offer_price, whole dollars; null when no figure was given. */
    offerPrice: integer("offer_price"),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    formCompleted: boolean("form_completed").notNull().default(false),
    /** null until the shopper accepts (true) or declines (false). */
    offerAccepted: boolean("offer_accepted"),
    /** Values saved through POST /api/miscellaneous, keyed by column_name (spec 7). */
    miscellaneous: jsonb("miscellaneous").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trade_in_valuations_token").on(t.token), index("trade_in_valuations_site_lead").on(t.siteId, t.leadId)],
);
