/**
 * Issue 10: reservations with a refundable deposit against a real database (PGlite, and
 * PostgreSQL when DATABASE_URL is set): one reservation per car by the database's unique index,
 * 50 simultaneous reservations of one car, declined cards, expiry with an injected clock, the
 * dealer's capture and release, the reconcile job, and the lead with the deposit in its ADF.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leadDeliveries, leads, paymentRequests, payments, reservations, testPaymentIntents } from "../../db/schema/index";
import { createTestPaymentsAdapter, CARD_DECLINED_MESSAGE } from "../../app/adapters/payments/test-provider.server";
import type { PaymentsAdapter } from "../../app/adapters/payments/types";
import { getCarBySlug } from "../../app/services/cars.server";
import { buildLeadMessage } from "../../app/services/lead-delivery.server";
import {
  endReservation, expireReservations, isReservedOnline, isUniqueViolation, payRequest, PAYMENT_REQUEST_CLOSED_MESSAGE, PENDING_GRACE_MS, reconcilePayments, RESERVATION_LEAD, RESERVED_BY_ANOTHER_MESSAGE, reserveCar, type ReserveInput,
} from "../../app/services/reservations.server";
import { importStock } from "../../app/services/stock-import.server";
import type { Car } from "../../app/domain/car";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
let adapter: PaymentsAdapter;
let site: Site;
const NOW = Date.parse("2026-11-22T01:00:00Z");
const HOUR = 3_600_000;

beforeAll(async () => {
  handle = await openTestDatabase();
  adapter = createTestPaymentsAdapter(handle.db);
  site = await createTestSite(handle, { config: { features: { checkout: true }, leads: { defaultEmail: "sales@dealer.test" } } });
});
afterAll(async () => {
  await handle?.close();
});

async function newCar(overrides: Record<string, unknown> = {}): Promise<Car> {
  const record = stockRecord(overrides);
  await importStock(handle.db, site, feed([record]));
  const [row] = await handle.db.execute(sql`select slug from cars where site_id = ${site.id} and stock_number = ${record.stock_number}`).then((r) => (Array.isArray(r) ? r : (r as { rows: { slug: string }[] }).rows) as { slug: string }[]);
  const lookup = await getCarBySlug(handle.db, site, row.slug);
  if (lookup.kind !== "found") throw new Error("car not found");
  return lookup.car;
}

function input(car: Car, card = "4242 4242 4242 4242", i = 0): ReserveInput {
  return {
    car,
    details: { name: "Jane", last_name: `Citizen${i}`, phone: "+61412345678", email: `jane${i}@example.com`, postcode: "2150", location_id: null },
    card: { number: card },
    now: NOW,
    ip: "203.0.113.9",
    userAgent: "vitest",
    url: `https://dealer.test/cars/${car.slug}/checkout`,
  };
}

/** Provider-side holds (authorised test intents) whose payment has no reservation: must be none. */
async function orphanHolds(): Promise<number> {
  const rows = await handle.db
    .select({ key: testPaymentIntents.idempotencyKey, reservationId: reservations.id })
    .from(testPaymentIntents)
    .leftJoin(payments, eq(payments.idempotencyKey, testPaymentIntents.idempotencyKey))
    .leftJoin(reservations, eq(reservations.paymentId, payments.id))
    .where(eq(testPaymentIntents.status, "authorised"));
  return rows.filter((r) => r.reservationId === null).length;
}

describe(`reservations (${ENGINE})`, () => {
  it("reserves a car with a test card: $200 held 48 hours, the car is reserved, a lead with the deposit is stored for dealer and shopper", async () => {
    const car = await newCar();
    const result = await reserveCar(handle.db, adapter, site, input(car));
    expect(result).toMatchObject({ kind: "reserved", depositCents: 20_000 });
    if (result.kind !== "reserved") throw new Error();
    expect(result.expiresAt.toISOString()).toBe(new Date(NOW + 48 * HOUR).toISOString());
    expect(await isReservedOnline(handle.db, car.id)).toBe(true);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.id, result.paymentId));
    expect(payment).toMatchObject({ status: "authorised", amountCents: 20_000, provider: "test" });
    const [intent] = await handle.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, payment.providerRef!));
    expect(intent).toMatchObject({ status: "authorised", amountCents: 20_000, cardLast4: "4242" });

    const [lead] = await handle.db.select().from(leads).where(eq(leads.id, result.leadId!));
    expect(lead).toMatchObject({ category: RESERVATION_LEAD.category, subcategory: RESERVATION_LEAD.subcategory, form: "reservation", carId: car.id });
    expect(lead.payload).toMatchObject({ deposit_dollars: 200, deposit_status: "authorised", confirmation_to: "jane0@example.com" });
    const jobs = await handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id)).orderBy(leadDeliveries.id);
    expect(jobs.map((j) => [j.channel, j.target])).toEqual([["email", "sales@dealer.test"], ["email", "jane0@example.com"]]);
    const dealer = await buildLeadMessage(handle.db, lead.id, "sales@dealer.test");
    expect(dealer.message.text).toContain("Deposit: $200 (authorised, fully refundable)");
    expect(dealer.message.xml).toContain("Deposit: $200 AUD (authorised, fully refundable)");
    const shopper = await buildLeadMessage(handle.db, lead.id, "jane0@example.com");
    expect(shopper.message.subject).toContain("Vehicle Reservation confirmation");
    expect(shopper.message.text).toContain("Your reservation is confirmed");
    expect(shopper.message.text).toContain("Deposit: $200, fully refundable");
  });

  it("a declined card reserves nothing and holds nothing", async () => {
    const car = await newCar();
    const result = await reserveCar(handle.db, adapter, site, input(car, "4000 0000 0000 0002"));
    expect(result).toEqual({ kind: "declined", message: CARD_DECLINED_MESSAGE });
    expect(await isReservedOnline(handle.db, car.id)).toBe(false);
    const rows = await handle.db.select().from(payments).where(eq(payments.carId, car.id));
    expect(rows.map((r) => r.status)).toEqual(["declined"]);
  });

  it("50 simultaneous reservations of one car: exactly one reservation, 49 clear refusals, no hold without a reservation", async () => {
    const car = await newCar();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => reserveCar(handle.db, adapter, site, input(car, "4242424242424242", i))));
    const reserved = results.filter((r) => r.kind === "reserved");
    const taken = results.filter((r) => r.kind === "taken");
    expect(reserved).toHaveLength(1);
    expect(taken).toHaveLength(49);
    for (const t of taken) expect(t).toEqual({ kind: "taken", message: RESERVED_BY_ANOTHER_MESSAGE });
    const rows = await handle.db.select().from(reservations).where(eq(reservations.carId, car.id));
    expect(rows).toHaveLength(1);
    expect(await orphanHolds()).toBe(0);
    // Every losing attempt that reached the provider was released there and is marked released.
    const paid = await handle.db.select().from(payments).where(eq(payments.carId, car.id));
    expect(paid.filter((p) => p.status === "authorised")).toHaveLength(1);
    expect(paid.filter((p) => !["authorised", "released"].includes(p.status))).toEqual([]);
  });

  it("a car sold or without a price cannot be reserved", async () => {
    const sold = await newCar({ status: "sold", sold_date: "2026-11-20" });
    expect((await reserveCar(handle.db, adapter, site, input(sold))).kind).toBe("unavailable");
    const noPrice = await newCar({ price: 0 });
    expect((await reserveCar(handle.db, adapter, site, input(noPrice))).kind).toBe("unavailable");
  });

  it("expiry with an injected clock: nothing before 48 hours; after, the hold is released and the car is free", async () => {
    const car = await newCar();
    const result = await reserveCar(handle.db, adapter, site, input(car));
    if (result.kind !== "reserved") throw new Error(result.kind);
    const early = await expireReservations(handle.db, adapter, NOW + 47 * HOUR);
    expect(await isReservedOnline(handle.db, car.id)).toBe(true);
    expect(early.expired).toBe(0);
    // Two "nodes" expire at once: each reservation is expired and released exactly once.
    const [a, b] = await Promise.all([expireReservations(handle.db, adapter, NOW + 48 * HOUR + 1), expireReservations(handle.db, adapter, NOW + 48 * HOUR + 1)]);
    expect(a.expired + b.expired).toBeGreaterThanOrEqual(1);
    expect(await isReservedOnline(handle.db, car.id)).toBe(false);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.id, result.paymentId));
    expect(payment.status).toBe("released");
    const [intent] = await handle.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, payment.providerRef!));
    expect(intent.status).toBe("released");
    // The car can be reserved again.
    expect((await reserveCar(handle.db, adapter, site, { ...input(car), now: NOW + 49 * HOUR })).kind).toBe("reserved");
  });

  it("the dealer captures (car sold) or releases a deposit", async () => {
    const car1 = await newCar();
    const car2 = await newCar();
    const r1 = await reserveCar(handle.db, adapter, site, input(car1));
    const r2 = await reserveCar(handle.db, adapter, site, input(car2));
    if (r1.kind !== "reserved" || r2.kind !== "reserved") throw new Error();
    expect(await endReservation(handle.db, adapter, r1.reservationId, "capture", NOW)).toEqual({ kind: "done", status: "captured" });
    expect(await isReservedOnline(handle.db, car1.id)).toBe(true); // sold: stays reserved until the feed marks it sold
    expect(await endReservation(handle.db, adapter, r2.reservationId, "release", NOW)).toEqual({ kind: "done", status: "released" });
    expect(await isReservedOnline(handle.db, car2.id)).toBe(false);
    expect(await endReservation(handle.db, adapter, r2.reservationId, "release", NOW)).toEqual({ kind: "not-active", status: "released" });
    expect(await endReservation(handle.db, adapter, 99_999_999, "capture", NOW)).toEqual({ kind: "not-found" });
    const intents = await handle.db.select().from(testPaymentIntents).innerJoin(payments, eq(payments.providerRef, testPaymentIntents.id)).where(inArray(payments.id, [r1.paymentId, r2.paymentId]));
    expect(intents.map((r) => [r.payments.id, r.test_payment_intents.status]).sort()).toEqual([[r1.paymentId, "captured"], [r2.paymentId, "released"]].sort());
  });

  it("reconcile: a hold authorised just before a crash (payment left pending, no reservation) is released after the grace period", async () => {
    const car = await newCar();
    // Simulate the crash: our pending row and the provider's hold exist, the reservation was never written.
    const key = `res-crash-${car.id}`;
    const [payment] = await handle.db.insert(payments).values({ siteId: site.id, provider: "test", idempotencyKey: key, purpose: "reservation", amountCents: 20_000, status: "pending", carId: car.id, createdAt: new Date(NOW) }).returning();
    const auth = await adapter.authorise({ amountCents: 20_000, currency: "aud", idempotencyKey: key, description: "x", card: { number: "4242424242424242" } });
    expect(auth.kind).toBe("authorised");
    expect(await orphanHolds()).toBe(1);
    await reconcilePayments(handle.db, adapter, NOW + PENDING_GRACE_MS - 1000);
    expect(await orphanHolds()).toBe(1); // still within the grace period: the request may be in flight
    await reconcilePayments(handle.db, adapter, NOW + PENDING_GRACE_MS + 1000);
    expect(await orphanHolds()).toBe(0);
    const [after] = await handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after.status).toBe("released");
  });
});

describe(`one reservation per car is a database rule (${ENGINE})`, () => {
  it("a second active reservation for the same car is refused by the unique index even when code checks are skipped", async () => {
    const car = await newCar();
    const pay = async (k: string) => (await handle.db.insert(payments).values({ siteId: site.id, provider: "test", idempotencyKey: k, purpose: "reservation", amountCents: 20_000, status: "authorised", carId: car.id }).returning())[0];
    const row = (paymentId: number) => ({ siteId: site.id, carId: car.id, paymentId, status: "active" as const, depositCents: 20_000, firstName: "A", lastName: "B", email: "a@b.test", phone: "+61412345678", postcode: "2150", expiresAt: new Date(NOW + HOUR) });
    await handle.db.insert(reservations).values(row((await pay(`direct-1-${car.id}`)).id));
    const second = (await pay(`direct-2-${car.id}`)).id;
    await expect(handle.db.insert(reservations).values(row(second))).rejects.toSatisfy((e: unknown) => isUniqueViolation(e));
    // An ended reservation does not block a new one.
    await handle.db.update(reservations).set({ status: "expired" }).where(eq(reservations.carId, car.id));
    await handle.db.insert(reservations).values(row(second));
  });
});

describe(`online payment of a dealer's request (${ENGINE})`, () => {
  const payer = { id: 1, name: "Pat", lastName: "Payer", email: "pat@example.com", phone: "+61412345678", postcode: "2150" };
  const requestOf = async (cents: number) => {
    const id = crypto.randomUUID();
    await handle.db.insert(paymentRequests).values({ id, siteId: site.id, amountCents: cents, description: "Balance of purchase" });
    return id;
  };
  const pay = (requestId: string, card: string) => payRequest(handle.db, adapter, site, { requestId, payer, card: { number: card }, now: NOW, ip: null, userAgent: "vitest", url: null });

  it("pays the requested amount once: captured, the request is paid, a lead is stored; paying again is refused and holds nothing", async () => {
    const id = await requestOf(123_450);
    const first = await pay(id, "4242 4242 4242 4242");
    expect(first.kind).toBe("paid");
    if (first.kind !== "paid") throw new Error();
    const [payment] = await handle.db.select().from(payments).where(eq(payments.id, first.paymentId));
    expect(payment).toMatchObject({ status: "captured", amountCents: 123_450, purpose: "online-payment" });
    const [intent] = await handle.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, payment.providerRef!));
    expect(intent.status).toBe("captured");
    const [request] = await handle.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    expect(request).toMatchObject({ status: "paid", paymentId: first.paymentId, paidBy: "1" });
    const [lead] = await handle.db.select().from(leads).where(eq(leads.id, first.leadId!));
    expect(lead).toMatchObject({ category: "Online Payment", form: "online-payment" });
    expect(await pay(id, "4242 4242 4242 4242")).toEqual({ kind: "closed", message: PAYMENT_REQUEST_CLOSED_MESSAGE });
  });

  it("a declined card pays nothing and leaves the request open", async () => {
    const id = await requestOf(50_000);
    expect((await pay(id, "4000 0000 0000 0002")).kind).toBe("declined");
    const [request] = await handle.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    expect(request.status).toBe("open");
  });
});
