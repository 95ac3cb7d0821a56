/**
 * Issue 55 restore drill: seed, take a lead, back up (`npm run backup`), take another lead,
 * restore into a new database (`npm run restore`), start the app on it: the first lead is there,
 * the second is not, and the site serves. PostgreSQL (pg_dump -Fc / pg_restore, needs Debian's
 * postgresql-client) when DATABASE_URL is set, else the embedded database's folder snapshot.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { leads } from "../../db/schema/index";
import { leadFormSchema } from "../../app/forms/lead-forms";
import { submitLead } from "../../app/services/leads.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE } from "./database";
import { freeLoopbackPort, startServerProcess } from "./server-process";
import { get } from "../../scripts/bench/server";

const hasPgTools = spawnSync("pg_dump", ["--version"], { stdio: "ignore" }).status === 0 && spawnSync("pg_restore", ["--version"], { stdio: "ignore" }).status === 0;
if (ENGINE === "postgres" && !hasPgTools) console.warn("SKIPPED: pg_dump/pg_restore are not installed (Debian: apt-get install postgresql-client); the restore drill did not run");

async function takeLead(handle: DatabaseHandle, site: Site, name: string): Promise<number> {
  const values = leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
    name, last_name: "Drill", postcode: "2150", phone: "0412 345 678", email: `${name.toLowerCase()}@example.com`, message: "Restore drill", terms: true,
  });
  const result = await submitLead(handle.db, site, { form: "enquiry", values, category: "General Enquiry", subcategory: null, car: null, ip: "203.0.113.7", userAgent: "vitest", url: null, now: Date.now() });
  if (result.kind !== "accepted") throw new Error("lead refused");
  return result.leadId;
}


function npm(args: string[], env: Record<string, string>): string {
  return execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/backup.ts", ...args], { env: { ...process.env, ...env }, encoding: "utf8" });
}

describe(`backup and restore drill (${ENGINE})`, () => {
  it.skipIf(ENGINE === "postgres" && !hasPgTools)("the restored database has the lead taken before the backup, not the one after, and the site serves from it", { timeout: 600_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), "forecourt-drill-"));
    const admin = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
    const names = { source: `forecourt_drill_${process.pid}`, restored: `forecourt_drill_${process.pid}_restored` };
    const urlOf = (db: string) => {
      const url = new URL(admin!.toString());
      url.pathname = `/${db}`;
      return url.toString();
    };
    const psql = (statement: string) => execFileSync("psql", [urlOf("postgres"), "-qc", statement], { stdio: "ignore" });
    const source: Record<string, string> = admin ? { DATABASE_URL: urlOf(names.source) } : { DATA_DIR: join(work, "source"), DATABASE_URL: "" };
    const restored: Record<string, string> = admin ? { DATABASE_URL: urlOf(names.restored) } : { DATA_DIR: join(work, "restored"), DATABASE_URL: "" };
    let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
    try {
      if (admin) {
        psql(`drop database if exists ${names.source}`);
        psql(`drop database if exists ${names.restored}`);
        psql(`create database ${names.source}`);
        psql(`create database ${names.restored}`);
      }
      // Seed a site and take the first lead.
      let handle = await openDatabase(admin ? { url: source.DATABASE_URL, poolSize: 2 } : { dataDir: source.DATA_DIR });
      await migrateDatabase(handle);
      const site = await createTestSite(handle);
      const first = await takeLead(handle, site, "Before");
      if (!admin) await handle.close(); // the embedded folder: backed up with no server holding it

      const file = npm([], { ...source, BACKUP_DIR: join(work, "backups") }).trim();
      expect(readdirSync(join(work, "backups"))).toHaveLength(1);

      if (!admin) handle = await openDatabase({ dataDir: source.DATA_DIR });
      const second = await takeLead(handle, site, "After");
      await handle.close();

      npm(["restore", file], restored);
      const metricsPort = String(await freeLoopbackPort());
      server = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3500, { ...restored, SEED_DEMO: "0", LEAD_WORKER: "0", HOST: "127.0.0.1", METRICS_PORT: metricsPort });
      expect((await get(server.port, "/", `${site.slug}.localhost`)).status).toBe(200);
      if (!admin) {
        // While the server holds the embedded folder, `npm run backup` asks it for the snapshot.
        const live = npm([], { ...restored, METRICS_PORT: metricsPort, BACKUP_DIR: join(work, "live") }).trim();
        npm(["restore", live], { DATA_DIR: join(work, "from-live"), DATABASE_URL: "" });
        const copy = await openDatabase({ dataDir: join(work, "from-live") });
        expect((await copy.db.select({ id: leads.id }).from(leads)).map((l) => l.id)).toContain(first);
        await copy.close();
      }
      server.child.kill("SIGTERM");
      await server.exited;

      const check = await openDatabase(admin ? { url: restored.DATABASE_URL, poolSize: 2 } : { dataDir: restored.DATA_DIR });
      try {
        const ids = (await check.db.select({ id: leads.id }).from(leads)).map((l) => l.id);
        expect(ids).toContain(first);
        expect(ids).not.toContain(second);
      } finally {
        await check.close();
      }
    } finally {
      server?.cleanup();
      if (admin) {
        psql(`drop database if exists ${names.restored} with (force)`);
        psql(`drop database if exists ${names.source} with (force)`);
      }
      rmSync(work, { recursive: true, force: true });
    }
  });
});
