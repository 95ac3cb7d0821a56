/**
 * `npm run leads -- list [--status pending|sent|dead] [--limit N]`
 * `npm run leads -- summary` (deliveries per site and status; dead ones need a person)
 * `npm run leads -- retry <delivery id>`
 * `npm run leads -- retry-dead`
 * `npm run leads -- anonymise` (now: leads older than their site's leads.retentionDays; issue 49 item 4)
 *
 * Looks at the lead delivery outbox (DESIGN 6): lists deliveries with their lead, status,
 * attempts and last error; re-queues one delivery or every dead one for an immediate attempt
 * (a running server's worker sends it). Uses DATABASE_URL when set, else the embedded database
 * in DATA_DIR (stop `npm start` first: one process can open PGlite at a time).
 * Exit codes: 0 done, 1 bad usage or unknown id, 2 database error.
 */
import { parseArgs } from "node:util";
import { openCliDatabase } from "./cli-database.ts";
import { anonymiseExpiredLeads } from "../app/console/leads.server.ts";
import { deliverySummary, listDeliveries, retryDeadDeliveries, retryDelivery } from "../app/services/lead-delivery.server.ts";

const USAGE = "usage: npm run leads -- list [--status pending|sent|dead] [--limit N] | summary | retry <delivery id> | retry-dead | anonymise";

async function run(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { status: { type: "string" }, limit: { type: "string", default: "50" }, help: { type: "boolean" } }, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const [command, id] = args.positionals;
  const status = args.values.status;
  if (args.values.help || !command || !["list", "summary", "retry", "retry-dead", "anonymise"].includes(command) || (status && !["pending", "sent", "dead"].includes(status))) {
    console.error(USAGE);
    return args.values.help ? 0 : 1;
  }
  if (command === "retry" && !/^\d+$/.test(id ?? "")) {
    console.error(`retry needs a delivery id\n${USAGE}`);
    return 1;
  }
  const handle = await openCliDatabase();
  if (!handle) return 2;
  try {
    if (command === "list") {
      const rows = await listDeliveries(handle.db, status as "pending" | "sent" | "dead" | undefined, Math.max(1, Math.min(1000, Number(args.values.limit) || 50)));
      if (!rows.length) console.log("no deliveries");
      for (const r of rows) {
        console.log(`#${r.id}\tlead ${r.leadId}\tsite ${r.siteId}\t${r.channel}\t${r.target}\t${r.status}\tattempts ${r.attempts}\tnext ${r.nextAttemptAt.toISOString()}${r.lastError ? `\t${r.lastError}` : ""}`);
      }
      return 0;
    }
    if (command === "summary") {
      const rows = await deliverySummary(handle.db);
      if (!rows.length) console.log("no deliveries");
      for (const r of rows) console.log(`${r.siteSlug}\t${r.status}\t${r.count}`);
      const dead = rows.filter((r) => r.status === "dead").reduce((n, r) => n + r.count, 0);
      console.log(dead ? `${dead} dead deliveries need attention: npm run leads -- list --status dead` : "no dead deliveries");
      return 0;
    }
    if (command === "retry") {
      const ok = await retryDelivery(handle.db, Number(id));
      console.log(ok ? `delivery #${id} queued for an immediate attempt` : `no delivery #${id}`);
      return ok ? 0 : 1;
    }
    if (command === "anonymise") {
      const sites = await anonymiseExpiredLeads(handle.db, Date.now());
      for (const s of sites) console.log(`${s.slug}\t${s.anonymised} leads anonymised`);
      console.log(`${sites.reduce((n, s) => n + s.anonymised, 0)} leads anonymised in all`);
      return 0;
    }
    console.log(`${await retryDeadDeliveries(handle.db)} dead deliveries queued again`);
    return 0;
  } catch (error) {
    console.error(`database error: ${(error as Error).message}`);
    return 2;
  } finally {
    await handle.close();
  }
}

run().then((code) => process.exit(code));
