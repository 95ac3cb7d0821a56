/**
 * Issue 10, the dealer's reservation tool:
 *   npm run reservations -- list [--status active|captured|released|expired] [--limit N]
 *   npm run reservations -- capture <reservation id>   (the car is sold: the deposit is taken)
 *   npm run reservations -- release <reservation id>   (the deposit is released, the car is free)
 *   npm run reservations -- expire                     (run the expiry and reconcile jobs once now)
 *   npm run reservations -- request-payment --site <slug> --amount <dollars> --description <text>
 *                                                      (a payment request the shopper pays at /online-payment?request=<id>)
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop `npm start` first:
 * one process can open PGlite at a time). The payments provider comes from PAYMENTS_PROVIDER
 * (README "Reserve online"). Exit codes: 0 done, 1 bad usage / unknown id / not active, 2
 * database or provider error.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { openCliDatabase } from "./cli-database.ts";
import { paymentRequests } from "../db/schema/index.ts";
import { paymentsAdapterFor } from "../app/adapters/payments/index.server.ts";
import { endReservation, expireReservations, listReservations, reconcilePayments } from "../app/services/reservations.server.ts";
import { getSiteBySlug } from "../app/services/sites.server.ts";

const USAGE =
  "usage: npm run reservations -- list [--status active|captured|released|expired] [--limit N] | capture <id> | release <id> | expire | request-payment --site <slug> --amount <dollars> --description <text>";
const STATUSES = ["active", "captured", "released", "expired"];

async function run(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { status: { type: "string" }, limit: { type: "string", default: "50" }, site: { type: "string" }, amount: { type: "string" }, description: { type: "string" }, help: { type: "boolean" } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const [command, id] = args.positionals;
  const { status } = args.values;
  if (args.values.help || !command || !["list", "capture", "release", "expire", "request-payment"].includes(command) || (status && !STATUSES.includes(status))) {
    console.error(USAGE);
    return args.values.help ? 0 : 1;
  }
  if ((command === "capture" || command === "release") && !/^\d{1,10}$/.test(id ?? "")) {
    console.error(`${command} needs a reservation id (a number)\n${USAGE}`);
    return 1;
  }
  const amount = Number(args.values.amount);
  if (command === "request-payment" && (!args.values.site || !(amount >= 1 && amount <= 250_000 && Number.isInteger(amount * 100)) || !args.values.description?.trim())) {
    console.error(`request-payment needs --site, --amount (dollars, 1 to 250,000) and --description\n${USAGE}`);
    return 1;
  }
  const handle = await openCliDatabase();
  if (!handle) return 2;
  try {
    const adapter = paymentsAdapterFor(handle.db);
    if (command === "list") {
      const rows = (await listReservations(handle.db, Math.max(1, Math.min(1000, Number(args.values.limit) || 50)))).filter((r) => !status || r.status === status);
      if (!rows.length) console.log("no reservations");
      for (const r of rows) {
        console.log(
          `#${r.id}\t${r.status}\t$${r.depositCents / 100} ${r.paymentStatus}\tstock ${r.stockNumber}\t${r.car}\t${r.shopper} ${r.phone} ${r.email}\t${r.location ?? "-"}\tuntil ${r.expiresAt.toISOString()}`,
        );
      }
      return 0;
    }
    if (command === "expire") {
      const report = await expireReservations(handle.db, adapter, Date.now());
      const reconciled = await reconcilePayments(handle.db, adapter, Date.now());
      console.log(`expired ${report.expired}, deposits released ${report.released}, payments reconciled ${reconciled}`);
      return 0;
    }
    if (command === "request-payment") {
      const site = await getSiteBySlug(handle.db, args.values.site!);
      if (!site) {
        console.error(`no site ${args.values.site}`);
        return 1;
      }
      const requestId = randomUUID();
      await handle.db.insert(paymentRequests).values({ id: requestId, siteId: site.id, amountCents: Math.round(amount * 100), description: args.values.description!.trim() });
      console.log(`payment request ${requestId}: $${amount} "${args.values.description!.trim()}"\nsend the shopper: ${site.config.url ?? `http://${site.slug}.localhost:3000`}/online-payment?request=${requestId}`);
      return 0;
    }
    const result = await endReservation(handle.db, adapter, Number(id), command as "capture" | "release", Date.now());
    switch (result.kind) {
      case "done":
        console.log(`reservation ${id}: deposit ${result.status}`);
        return 0;
      case "not-found":
        console.error(`no reservation ${id}`);
        return 1;
      case "not-active":
        console.error(`reservation ${id} is ${result.status}; nothing to ${command}`);
        return 1;
      default:
        console.error(`reservation ${id} is ended but the payment provider failed; the reservation worker retries it`);
        return 2;
    }
  } catch (error) {
    console.error(`failed: ${(error as Error).message}`);
    return 2;
  } finally {
    await handle.close();
  }
}

process.exitCode = await run();
