/**
 * The embedded database folder is held by one process at a time (db/data-dir-lock.ts): a second
 * process is refused with a message naming the folder, and gets it once the first closes it or dies.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { DATA_DIR_LOCK_STALE_MS, DataDirLockedError, lockDataDir } from "./data-dir-lock";

const work = mkdtempSync(join(tmpdir(), "forecourt-lock-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `code` (an ES module body, top-level await) in a new Node process; resolves with its exit code and output. */
function runNode(code: string): Promise<{ code: number | null; out: string; child: ReturnType<typeof spawn> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  return new Promise((ok) => child.on("exit", (code) => ok({ code, out, child })));
}

describe("embedded database folder lock", () => {
  it("refuses a second process while the first holds the folder, and lets it in after close", async () => {
    const dataDir = join(work, "shared");
    const first = await openDatabase({ dataDir });
    const attempt = `import { lockDataDir } from "./db/data-dir-lock.ts";
      try { await lockDataDir(${JSON.stringify(dataDir)}); console.log("LOCKED-OK"); process.exit(0); }
      catch (e) { console.log(e.name + ": " + e.message); process.exit(3); }`;
    const refused = await runNode(attempt);
    expect(refused.code).toBe(3);
    expect(refused.out).toContain("DataDirLockedError");
    expect(refused.out).toContain(`${dataDir} is in use by process ${process.pid}`);
    await first.close();
    const admitted = await runNode(attempt);
    expect(admitted.out).toContain("LOCKED-OK");
    expect(admitted.code).toBe(0);
  }, 60_000);

  it("refuses a second open in the same process until the first is closed", async () => {
    const dataDir = join(work, "same-process");
    const first = await openDatabase({ dataDir });
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const release = await lockDataDir(dataDir);
    await release();
  }, 60_000);

  it("takes over at once the lock of a holder killed with SIGKILL (a restart after a crash is not held up)", async () => {
    const dataDir = join(work, "crashed");
    const holder = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", `import { lockDataDir } from "./db/data-dir-lock.ts"; await lockDataDir(${JSON.stringify(dataDir)}); console.log("HELD"); setInterval(() => {}, 1000);`], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((ok) => holder.stdout!.on("data", (c: Buffer) => c.toString().includes("HELD") && ok()));
    await expect(lockDataDir(dataDir)).rejects.toThrow(`in use by process ${holder.pid}`);
    holder.kill("SIGKILL");
    await new Promise((ok) => holder.on("exit", ok));
    const started = Date.now();
    const release = await lockDataDir(dataDir);
    // Not a timing assertion on speed: the stale time (30 s) must not have been waited out.
    expect(Date.now() - started).toBeLessThan(DATA_DIR_LOCK_STALE_MS);
    await release();
  }, 120_000);

  it("waits out a lock left without a process id until it is stale", async () => {
    const dataDir = join(work, "orphan");
    mkdirSync(`${dataDir}.lock`);
    utimesSync(`${dataDir}.lock`, new Date(Date.now() - 10_000), new Date(Date.now() - 10_000));
    const release = await lockDataDir(dataDir, { staleMs: 5_000 });
    expect(readFileSync(`${dataDir}.lock.pid`, "utf8")).toBe(String(process.pid));
    await release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 60_000);
});
