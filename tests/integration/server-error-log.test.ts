/**
 * Unexpected server errors (a loader that throws: 500) are logged once on the app logger at error
 * level with the method and the path, never the query string's values, and never with
 * console.error (app/entry.server.tsx handleError, server/server-errors.ts). Expected answers
 * (404, 405) and abandoned requests log no error.
 *
 * The fault is real: the test's own embedded database (never the shared one, whatever
 * DATABASE_URL says) loses its `cars` table, so the search and vehicle pages' queries fail.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { SERVER_ERROR_MESSAGE } from "../../server/server-errors";
import { startTestApp, type TestApp } from "./app-harness";

type Line = { level: number; msg: string; method?: string; path?: string; status?: number; err?: { name: string; message: string } };
const lines: Line[] = [];
const raw: string[] = [];
const logger = pino({ level: "info" }, new Writable({ write: (chunk, _e, done) => (raw.push(String(chunk)), lines.push(JSON.parse(String(chunk))), done()) }));
const consoleErrors: string[] = [];
let consoleSpy: ReturnType<typeof vi.spyOn>;
let handle: DatabaseHandle;
let t: TestApp;

const SECRETS = ["private@example.com", "private%40example.com", "0412345678", "Secretname"];
const query = "?make=private%40example.com&email=private%40example.com&phone=0412345678&name=Secretname";

beforeAll(async () => {
  handle = await openDatabase();
  await migrateDatabase(handle);
  t = await startTestApp(handle, { app: { logger } });
  await handle.db.execute(sql`ALTER TABLE cars RENAME TO cars_gone`);
  consoleSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void consoleErrors.push(args.map((a) => (a instanceof Error ? `${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" ")));
});
afterAll(async () => {
  consoleSpy?.mockRestore();
  await handle?.close();
});

/** Log lines and console.error calls since the last call. */
function take() {
  const taken = { errors: lines.filter((l) => l.level >= 50), requests: lines.filter((l) => l.msg === "request"), text: raw.join(""), console: [...consoleErrors] };
  lines.length = 0;
  raw.length = 0;
  consoleErrors.length = 0;
  return taken;
}

describe("server errors on the app logger", () => {
  it.each(["/search", `/cars/SLUG`])("a 500 from %s's loader is one error-level line with method and path, without the query's values", async (pathTemplate) => {
    const path = pathTemplate.replace("SLUG", t.carSlug);
    take();
    const res = await t.request(`${path}${query}`);
    expect(res.status).toBe(500);
    const logs = take();
    expect(logs.errors).toHaveLength(1);
    expect(logs.errors[0]).toMatchObject({ level: 50, msg: SERVER_ERROR_MESSAGE, method: "GET", path });
    expect(logs.errors[0].err?.message).toBeTruthy();
    expect(logs.requests.map((l) => l.status)).toEqual([500]);
    for (const secret of SECRETS) expect(logs.text).not.toContain(secret);
    expect(logs.text).not.toContain("email=");
    expect(logs.console).toEqual([]);
  });

  it("expected answers (404 page, 405 for a post to a page without a form) and an abandoned request log no error", async () => {
    take();
    expect((await t.request(`/no-such-page${query}`)).status).toBe(404);
    expect((await t.request("/sitemap.xml", { method: "POST", headers: { origin: `http://${t.host}` } })).status).toBe(405);
    const abort = new AbortController();
    abort.abort();
    await t.request(`/search${query}`, { signal: abort.signal });
    const logs = take();
    expect(logs.requests.map((l) => l.status)).toEqual([404, 405, 499]);
    expect(logs.errors).toEqual([]);
    expect(logs.console).toEqual([]);
  });
});
