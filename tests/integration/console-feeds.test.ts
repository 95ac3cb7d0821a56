/**
 * Issue 49 item 3, the console's feeds page, through real HTTP on the console host and the site's
 * host (PGlite, or PostgreSQL with DATABASE_URL): an upload's dry run changes nothing and lists
 * what would be created, updated, withdrawn and rejected; the same stored file is applied once;
 * the public site shows it on its next request; the history and its CSV report; bad files (empty,
 * not CSV or JSON, UTF-16, 50 MB); the feed URL with its schedule, pulled now and by the worker
 * from a local HTTP server, including a failing URL; audit rows; who may do what.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaffMember } from "../../app/console/staff.server";
import { pullDueFeeds } from "../../app/services/feed-imports.server";
import { cars, feedImports, feedSources, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { CONSOLE_HOST, CONSOLE_ORIGIN, consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
const ip = freshClientIp();
let manager: string;
let sales: string;
let readOnly: string;
let stockNumbers: string[];

const HEADER = "stock_number,car_type,make,model,badge,year,price,km,body,fuel,transmission,colour,listing_suburb,listing_state";
const row = (stock: string, make: string, model: string, price: string) => `${stock},used,${make},${model},GX,2021,${price},30000,SUV,Unleaded,Automatic,White,Parramatta,NSW`;

/** The feeds page's multipart upload, as a browser posts it from the page. */
async function upload(cookie: string, name: string, bytes: Uint8Array<ArrayBuffer> | string, full = true): Promise<Response> {
  const form = new FormData();
  form.set("intent", "dry-run");
  form.set("feed", new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes], name));
  if (full) form.set("full", "on");
  return postMultipart(cookie, form);
}

/** A multipart post with its Content-Length, as a browser sends one. */
async function postMultipart(cookie: string, form: FormData): Promise<Response> {
  const encoded = new Request(CONSOLE_ORIGIN, { method: "POST", body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers = { origin: CONSOLE_ORIGIN, cookie, "x-forwarded-for": ip, "content-type": encoded.headers.get("content-type")!, "content-length": String(body.length) };
  return state.t.request(feedsPath(), { host: CONSOLE_HOST, method: "POST", headers, body, redirect: "manual" });
}

const feedsPath = () => `/sites/${state.t.site.slug}/feeds`;
const post = (cookie: string, form: Record<string, string>) => consoleRequest(state.t, feedsPath(), { ip, cookie, form });
const page = async (cookie: string, query = "") => (await consoleRequest(state.t, `${feedsPath()}${query}`, { ip, cookie })).text();
const siteCars = () => state.handle.db.select({ stockNumber: cars.stockNumber, price: cars.price, status: cars.status, slug: cars.slug }).from(cars).where(eq(cars.siteId, state.t.site.id)).orderBy(asc(cars.stockNumber));
const auditActions = async () => (await state.handle.db.select({ action: staffAudit.action, after: staffAudit.after, actor: staffAudit.actorEmail }).from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id))).orderBy(asc(staffAudit.id))).filter((a) => a.action.startsWith("feeds."));
const shopper = (path: string) => state.t.request(path, { headers: { "x-forwarded-for": "198.51.100.9" } });

beforeAll(async () => {
  const { t, handle } = state;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  for (const [role, name] of [["site_manager", "manager"], ["sales", "sales"], ["read_only", "reader"]] as const) {
    await addStaffMember(handle.db, { email: `${name}-${stamp}@feeds.test`, role, target: { siteSlug: t.site.slug } });
  }
  manager = await signInByLink(t, handle, `manager-${stamp}@feeds.test`, ip);
  sales = await signInByLink(t, handle, `sales-${stamp}@feeds.test`, ip);
  readOnly = await signInByLink(t, handle, `reader-${stamp}@feeds.test`, ip);
  stockNumbers = (await siteCars()).map((c) => c.stockNumber);
});

describe(`console feeds (${ENGINE})`, () => {
  let dryRunId = 0;
  const feedCsv = () => [HEADER, row(stockNumbers[0], "Toyota", "HiLux", "41990"), row("NEW-1", "Kia", "Sportage", "35990"), row("BAD-1", "", "Corolla", "20000")].join("\n");

  it("a dry run changes no car and lists what would be created, updated, withdrawn and rejected (row and reason)", async () => {
    const before = await siteCars();
    const response = await upload(manager, "stock.csv", feedCsv());
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/\?dryRun=\d+#dry-run$/);
    dryRunId = Number(/dryRun=(\d+)/.exec(location)![1]);
    expect(await siteCars()).toEqual(before);
    const html = await page(manager, `?dryRun=${dryRunId}`);
    expect(html).toContain("Dry run of stock.csv");
    expect(html).toMatch(/Would be created<\/dt><dd[^>]*>1</);
    expect(html).toMatch(/Would be updated<\/dt><dd[^>]*>1</);
    expect(html).toMatch(/Would be withdrawn<\/dt><dd[^>]*>2</);
    expect(html).toMatch(/Would be rejected<\/dt><dd[^>]*>1</);
    expect(html).toContain("NEW-1");
    expect(html).toMatch(/<td[^>]*>3<\/td><td>make: make is required<\/td>/);
    expect(html).toContain("Apply this feed");
    expect(await auditActions()).toEqual([]);
  });

  it("the rejection report downloads as CSV with each row's number and reason", async () => {
    const response = await consoleRequest(state.t, `${feedsPath()}/rejections?import=${dryRunId}`, { ip, cookie: readOnly });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`feed-rejections-${state.t.site.slug}-${dryRunId}.csv`);
    expect(parse(await response.text(), { columns: true })).toEqual([{ import: String(dryRunId), file: "stock.csv", row: "3", reason: "make: make is required" }]);
  });

  it("apply uses the stored file (no second upload), once: the public site shows it on its next request; audited; listed in the history", async () => {
    const withdrawnSlug = (await siteCars()).find((c) => c.stockNumber === stockNumbers[1])!.slug;
    expect((await shopper(`/cars/${withdrawnSlug}`)).status).toBe(200);
    const response = await post(manager, { intent: "apply", importId: String(dryRunId) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Feed applied: 1 created, 1 updated, 2 withdrawn, 1 rejected, 0 unchanged.");
    const after = await siteCars();
    expect(after.find((c) => c.stockNumber === stockNumbers[0])).toMatchObject({ price: 41990, status: "in_stock" });
    expect(after.filter((c) => c.status === "withdrawn").map((c) => c.stockNumber).sort()).toEqual([stockNumbers[1], stockNumbers[2]].sort());
    const created = after.find((c) => c.stockNumber === "NEW-1")!;
    expect((await shopper(`/cars/${created.slug}`)).status).toBe(200);
    expect((await shopper(`/cars/${withdrawnSlug}`)).status).toBe(410);
    const [stored] = await state.handle.db.select({ status: feedImports.status, content: feedImports.content, appliedEmail: feedImports.appliedEmail }).from(feedImports).where(eq(feedImports.id, dryRunId));
    expect(stored).toMatchObject({ status: "applied", content: null, appliedEmail: expect.stringMatching(/^manager-/) });
    expect(await auditActions()).toEqual([{ action: "feeds.apply", actor: expect.stringMatching(/^manager-/), after: { file: "stock.csv", read: 3, created: 1, updated: 1, unchanged: 0, withdrawn: 2, rejected: 1 } }]);

    // A second press (double click, another node) writes nothing and says why.
    const again = await post(manager, { intent: "apply", importId: String(dryRunId) });
    expect(await again.text()).toContain("This file was already applied");
    expect(await auditActions()).toHaveLength(1);

    const html = await page(readOnly);
    expect(html).toContain("Import history");
    expect(html).toMatch(/manager-[^<]*@feeds.test<\/td><td[^>]*>stock.csv<\/td><td>1<\/td><td>1<\/td><td>2<\/td><td>1<\/td><td>0<\/td>/);
    expect(html).toContain(`Rejection report (CSV) for import ${dryRunId}`);
    expect(html).not.toContain("Dry run</button>");
  });

  it("a UTF-16 feed (byte-order mark) is read; empty, non-CSV and missing files are refused with a clear message next to the field, the checkbox kept", async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from([HEADER, row("U16-1", "Mazda", "CX-5", "30990")].join("\r\n"), "utf16le"))]);
    const ok = await upload(manager, "stock-utf16.csv", utf16, false);
    expect(ok.status).toBe(302);
    const html = await page(manager, new URL(ok.headers.get("location")!, CONSOLE_ORIGIN).search);
    expect(html).toContain("read as UTF-16 LE");
    expect(html).toMatch(/Would be created<\/dt><dd[^>]*>1</);
    expect(html).toMatch(/Would be withdrawn<\/dt><dd[^>]*>0</);

    const cases: [string, Uint8Array<ArrayBuffer> | string, string][] = [
      ["empty.csv", new Uint8Array(0), "The file is empty (0 bytes)"],
      ["stock.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "stock.xlsx is not a CSV or JSON file"],
      ["photo.csv", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "photo.csv is not a CSV or JSON file (it holds binary data"],
      ["notes.csv", "Dear dealer,\nhere are the cars.\n", "the header matches neither"],
      ["cars.json", "[]", "cars.json has no cars in it"],
    ];
    for (const [name, bytes, message] of cases) {
      const response = await upload(manager, name, bytes, false);
      expect(response.status, name).toBe(400);
      const body = await response.text();
      expect(body, name).toContain(message);
      expect(body, name).toMatch(/id="feed-file-error"/);
      expect(body, name).toMatch(/<input type="checkbox" class="mt-1" name="full"\/>/);
    }
    const form = new FormData();
    form.set("intent", "dry-run");
    const none = await postMultipart(manager, form);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose the feed file (CSV or JSON).");
  });

  it("a 50 MB file is read to its end and thrown away; the page then says why, next to the file field", async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x41);
    const response = await upload(manager, "huge.csv", big);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${feedsPath()}?tooLarge=${Number(response.headers.get("location")!.split("=")[1])}`);
    const html = await page(manager, `?${response.headers.get("location")!.split("?")[1]}`);
    expect(html).toMatch(/The file is 50(\.\d)? MB; feeds up to 20 MB are taken/);
    expect(await state.handle.db.select({ id: feedImports.id }).from(feedImports).where(and(eq(feedImports.siteId, state.t.site.id), eq(feedImports.fileName, "huge.csv")))).toEqual([]);
  });

  it("on a dealer host the same path keeps the 64 KiB form limit (the feed limit is the console's)", async () => {
    const body = new Uint8Array(100 * 1024).fill(0x61);
    const response = await state.t.request(feedsPath(), { method: "POST", headers: { origin: `http://${state.t.host}`, "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) }, body });
    expect(response.status).toBe(413);
  });

  it("sales (their locations only) and read-only staff cannot upload or apply; read-only staff see the history without the forms", async () => {
    expect((await upload(sales, "stock.csv", feedCsv())).status).toBe(403);
    expect((await upload(readOnly, "stock.csv", feedCsv())).status).toBe(403);
    expect((await post(sales, { intent: "pull-now" })).status).toBe(403);
    const html = await page(readOnly);
    expect(html).not.toContain('name="feed"');
    expect(html).not.toContain("Save feed URL");
  });

  describe("feed URL", () => {
    let server: Server;
    let base = "";
    let answer: { status: number; body: string } = { status: 200, body: "" };
    beforeAll(async () => {
      server = createServer((req, res) => {
        res.writeHead(answer.status, { "content-type": "text/csv" });
        res.end(answer.body);
      });
      await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

    it("a bad address or cron expression is refused next to its field, with what was typed kept", async () => {
      const response = await post(manager, { intent: "save-source", url: "ftp://feeds.example/stock.csv", schedule: "custom", cron: "every day at six", full: "on" });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Enter the feed&#x27;s address, starting with https://");
      expect(html).toContain("This is not a cron expression");
      expect(html).toContain('value="ftp://feeds.example/stock.csv"');
      expect(html).toContain('value="every day at six"');
      expect(await state.handle.db.select().from(feedSources).where(eq(feedSources.siteId, state.t.site.id))).toEqual([]);
    });

    it("saving the address and schedule is audited; Pull now applies the feed from the server", async () => {
      answer = { status: 200, body: [HEADER, row("PULL-1", "Ford", "Ranger", "52990"), row(stockNumbers[0], "Toyota", "HiLux", "39990")].join("\n") };
      const saved = await post(manager, { intent: "save-source", url: `${base}/stock.csv?key=secret`, schedule: "custom", cron: "30 5 * * 1-5", full: "" });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain("Feed URL saved. Next pull:");
      const [source] = await state.handle.db.select().from(feedSources).where(eq(feedSources.siteId, state.t.site.id));
      expect(source).toMatchObject({ url: `${base}/stock.csv?key=secret`, schedule: "30 5 * * 1-5", fullSnapshot: false });
      expect(source.nextPullAt!.getTime()).toBeGreaterThan(Date.now());

      const pulled = await post(manager, { intent: "pull-now" });
      expect(await pulled.text()).toContain("Feed pulled and applied: 1 created, 1 updated, 0 withdrawn, 0 rejected");
      const now = await siteCars();
      expect(now.find((c) => c.stockNumber === "PULL-1")).toMatchObject({ price: 52990 });
      expect(now.find((c) => c.stockNumber === stockNumbers[0])).toMatchObject({ price: 39990 });
      expect((await auditActions()).map((a) => a.action)).toEqual(["feeds.apply", "feeds.source-save", "feeds.pull-now"]);
      expect(await page(manager)).toContain(`${base}/stock.csv</td>`);
    });

    it("a failing URL is recorded in the history with a clear error, and changes no car", async () => {
      const before = await siteCars();
      answer = { status: 500, body: "oops" };
      const response = await post(manager, { intent: "pull-now" });
      expect(await response.text()).toContain(`The pull failed and nothing changed: Could not fetch ${base}/stock.csv: the server answered 500 Internal Server Error.`);
      expect(await siteCars()).toEqual(before);
      const html = await page(manager);
      expect(html).toContain(`Failed: Could not fetch ${base}/stock.csv: the server answered 500 Internal Server Error.`);

      // Nothing listening there at all (a port just freed).
      const closed = createServer();
      await new Promise<void>((ok) => closed.listen(0, "127.0.0.1", ok));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((ok) => closed.close(() => ok()));
      await post(manager, { intent: "save-source", url: `http://127.0.0.1:${port}/stock.csv`, schedule: "off", full: "on" });
      const refused = await post(manager, { intent: "pull-now" });
      expect(await refused.text()).toContain(`Could not fetch http://127.0.0.1:${port}/stock.csv: ECONNREFUSED.`);
      expect(await siteCars()).toEqual(before);
    });

    it("the scheduled worker pulls a due feed once, even when two workers tick together, and sets the next pull", async () => {
      answer = { status: 200, body: [HEADER, row("SCHED-1", "Honda", "CR-V", "44990")].join("\n") };
      await post(manager, { intent: "save-source", url: `${base}/scheduled.csv`, schedule: "hourly", full: "" });
      await state.handle.db.update(feedSources).set({ nextPullAt: new Date(Date.now() - 60_000) }).where(eq(feedSources.siteId, state.t.site.id));
      const outcomes = (await Promise.all([pullDueFeeds(state.handle.db), pullDueFeeds(state.handle.db)])).flat();
      const mine = await state.handle.db.select({ status: feedImports.status, fileName: feedImports.fileName, appliedEmail: feedImports.appliedEmail }).from(feedImports).where(and(eq(feedImports.siteId, state.t.site.id), eq(feedImports.fileName, `${base}/scheduled.csv`)));
      expect(mine).toEqual([{ status: "applied", fileName: `${base}/scheduled.csv`, appliedEmail: null }]);
      expect(outcomes.filter((o) => o.kind === "applied").length).toBeGreaterThanOrEqual(1);
      expect((await siteCars()).filter((c) => c.stockNumber === "SCHED-1")).toHaveLength(1);
      const [source] = await state.handle.db.select().from(feedSources).where(eq(feedSources.siteId, state.t.site.id));
      expect(source.lockedUntil).toBeNull();
      expect(source.nextPullAt!.getTime()).toBeGreaterThan(Date.now());
      expect(source.nextPullAt!.getUTCMinutes()).toBe(0);
      const scheduled = await state.handle.db.select({ action: staffAudit.action, actor: staffAudit.actorEmail }).from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), inArray(staffAudit.action, ["feeds.pull-scheduled"])));
      expect(scheduled).toEqual([{ action: "feeds.pull-scheduled", actor: null }]);
    });

    it("a scheduled pull that would change more of the stock than the source allows is held as a dry run with its reason, and a manager applies it", async () => {
      const { db } = state.handle;
      const refused = await post(manager, { intent: "save-source", url: `${base}/held.csv`, schedule: "hourly", full: "on", maxChange: "0" });
      expect(refused.status).toBe(400);
      const form = await refused.text();
      expect(form).toContain("Enter a share from 1 to 100.");
      expect(form).toContain('value="0"');

      // The whole-stock feed now lists one new car: every listed car would be withdrawn.
      answer = { status: 200, body: [HEADER, row("HELD-1", "Mazda", "CX-5", "38990")].join("\n") };
      expect((await post(manager, { intent: "save-source", url: `${base}/held.csv`, schedule: "hourly", full: "on", maxChange: "10" })).status).toBe(200);
      await db.update(feedSources).set({ nextPullAt: new Date(Date.now() - 60_000) }).where(eq(feedSources.siteId, state.t.site.id));
      const before = await siteCars();
      const listed = before.filter((c) => c.status !== "withdrawn").length;
      expect(listed).toBeGreaterThan(1);
      const [outcome] = await pullDueFeeds(db);
      const reason = `Held for approval: this scheduled pull would change ${listed} of the ${listed} listed cars (100%: 0 updated, ${listed} withdrawn), more than the 10% a scheduled pull may change on its own. Check the dry run and apply it, or fix the feed.`;
      expect(outcome).toMatchObject({ kind: "held", reason });
      expect(await siteCars()).toEqual(before);
      const [source] = await db.select().from(feedSources).where(eq(feedSources.siteId, state.t.site.id));
      expect(source).toMatchObject({ lockedUntil: null, lastOutcome: reason, maxChangePercent: 10 });
      const importId = outcome.kind === "held" ? outcome.importId : 0;
      const history = await page(manager);
      expect(history).toContain(`Review held pull ${importId}`);
      expect(history).toContain("Held for approval: this scheduled pull would change");
      const review = await page(manager, `?dryRun=${importId}`);
      expect(review).toContain(`Dry run of ${base}/held.csv`);

      const applied = await post(manager, { intent: "apply", importId: String(importId) });
      expect(applied.status).toBeLessThan(400);
      const after = await siteCars();
      expect(after.find((c) => c.stockNumber === "HELD-1")).toMatchObject({ status: "in_stock", price: 38990 });
      expect(after.filter((c) => c.stockNumber !== "HELD-1" && c.status !== "withdrawn")).toEqual([]);
      expect(await page(manager)).toContain("Held, then applied");
      const actions = (await auditActions()).map((a) => a.action);
      expect(actions.slice(-2)).toEqual(["feeds.pull-held", "feeds.apply"]);
    });
  });
});
