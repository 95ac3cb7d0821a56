/**
 * Feed imports from the dealer console (issue 49 item 3, decision 310): an uploaded CSV or
 * JSON feed is read and planned as a dry run (what would be created, updated, withdrawn and
 * rejected), kept in the database, and applied later from there by whichever node the staff
 * member reaches; a site's feed URL is pulled on a schedule (a cron expression in the site's time
 * zone) or on demand. Every apply, pull and feed-URL change writes its audit row in the same
 * transaction as the change. The stock goes through {@link importStock}, so the site's stock
 * version moves with the writes and every node's shoppers see them on their next request.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Cron } from "croner";
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { projectFile } from "../../db/project-file";
import { cars, feedImports, feedSources, sites, type FeedImportCounts } from "../../db/schema/index";
import { decodeFeedBytes, FeedEncodingError } from "~/import/feed-encoding";
import { DEFAULT_MAX_CHANGE_PERCENT, FEED_MAX_BYTES, feedTooLargeMessage, megabytes } from "~/import/feed-limits";
import { loadKnownModels, parseFeedText, type FeedFormat, type FeedRow } from "~/import/parse-feed";
import { recordAudit } from "~/console/staff.server";
import type { Site } from "~/sites/site";
import { runEvery, type IntervalWorker } from "./interval-worker.server";
import { getSiteBySlug } from "./sites.server";
import { importStock, type ImportSummary, type ImportTransaction } from "./stock-import.server";

/** A dry run can be applied for this long (ms) after its upload; then it must be uploaded again. */
export const DRY_RUN_TTL_MS = 24 * 60 * 60_000;
/** How long one node holds a feed URL's pull before another may take it over (ms). */
export const PULL_LEASE_MS = 5 * 60_000;
/** How long a pull waits for the feed's server (ms). */
export const PULL_TIMEOUT_MS = 60_000;
/** The cars of each kind a dry run or import keeps by name (the counts are always exact). */
const LISTED_CARS = 500;

/** Who does something in the console (null for the scheduled worker). */
export interface FeedActor {
  userId: string;
  email: string;
  ipAddress: string | null;
}

/** A feed that cannot be imported at all; `message` says why and what to do, for the staff member. */
export class FeedInputError extends Error {
  override name = "FeedInputError";
}

/** A feed read into rows. */
export interface ReadFeed {
  format: FeedFormat;
  encoding: string;
  rows: FeedRow[];
}

let knownModels: Map<string, string[]> | null = null;
function models(): Map<string, string[]> {
  knownModels ??= loadKnownModels(readFileSync(projectFile("data/au_make_model_reference.csv", import.meta.url), "utf8"));
  return knownModels;
}

/** Extensions of files that are certainly not a feed (spreadsheets, documents, images, archives). */
const NOT_A_FEED = /\.(xlsx?|ods|numbers|docx?|pdf|png|jpe?g|gif|webp|heic|zip|gz|7z|rar|exe)$/i;

/**
 * Reads a feed file's bytes: UTF-8 (with or without BOM) and UTF-16 with a byte-order mark are
 * decoded; CSV (the real listings' columns or Forecourt's own) and JSON are parsed.
 * @param bytes the file as uploaded or pulled
 * @param fileName the uploaded name or the URL (its extension tells JSON from CSV)
 * @returns the rows, each accepted or rejected with its reason
 * @throws FeedInputError for an empty file, a file over {@link FEED_MAX_BYTES}, a file that is not
 *   CSV or JSON (binary, a spreadsheet), an encoding Forecourt does not read (named), a header
 *   matching no feed format, invalid JSON, or a feed with no cars
 */
export function readFeed(bytes: Uint8Array, fileName: string): ReadFeed {
  if (bytes.length === 0) throw new FeedInputError("The file is empty (0 bytes). Choose the feed file again; nothing was imported.");
  if (bytes.length > FEED_MAX_BYTES) throw new FeedInputError(feedTooLargeMessage(bytes.length));
  const binary = isBinary(bytes);
  if (NOT_A_FEED.test(fileName.split("?")[0]) || binary) {
    throw new FeedInputError(`${displayName(fileName)} is not a CSV or JSON file${binary ? " (it holds binary data, like a spreadsheet or an image)" : ""}. Save the stock list as "CSV UTF-8" or JSON and upload that. Nothing was imported.`);
  }
  let decoded;
  try {
    decoded = decodeFeedBytes(bytes, displayName(fileName));
  } catch (error) {
    if (error instanceof FeedEncodingError) throw new FeedInputError(`${error.message} Nothing was imported.`);
    throw error;
  }
  if (!decoded.text.trim()) throw new FeedInputError("The file holds only blank space. Choose the feed file again; nothing was imported.");
  let parsed;
  try {
    parsed = parseFeedText(decoded.text, fileName.split("?")[0], models());
  } catch (error) {
    throw new FeedInputError(`${(error as Error).message}. It must be a CSV with a header row (stock_number, make, model, ...) or JSON (a list of cars). Nothing was imported.`);
  }
  if (parsed.rows.length === 0) throw new FeedInputError(`${displayName(fileName)} has no cars in it (only a header, or an empty list). Nothing was imported, and no car was withdrawn.`);
  return { format: parsed.format, encoding: decoded.encoding, rows: parsed.rows };
}

/**
 * True when the bytes are not text: a NUL byte without a UTF-16 byte-order mark (UTF-16 text has
 * NULs in every other byte), or a spreadsheet or archive signature.
 */
function isBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  const head = bytes.subarray(0, 8192);
  // "PK\x03\x04" (xlsx, zip), "%PDF", "\x89PNG", JPEG, OLE (xls).
  const signatures = [[0x50, 0x4b, 0x03, 0x04], [0x25, 0x50, 0x44, 0x46], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0xd0, 0xcf, 0x11, 0xe0]];
  if (signatures.some((s) => s.every((b, i) => head[i] === b))) return true;
  // UTF-16 without a byte-order mark is refused by decodeFeedBytes with its own message.
  const nuls = head.filter((b) => b === 0).length;
  return nuls > 0 && nuls < head.length / 4;
}

/** A file name or URL as messages show it (a URL without its query string, which may hold a key). */
function displayName(fileName: string): string {
  return fileName.split("?")[0];
}

function countsOf(summary: ImportSummary): FeedImportCounts {
  const { read, created, updated, unchanged, withdrawn, rejected } = summary;
  return { read, created, updated, unchanged, withdrawn, rejected };
}

function changesOf(summary: ImportSummary) {
  const { created, updated, withdrawn } = summary.changes;
  return { created: created.slice(0, LISTED_CARS), updated: updated.slice(0, LISTED_CARS), withdrawn: withdrawn.slice(0, LISTED_CARS) };
}

/**
 * Reads an uploaded feed and plans it without changing any car: the dry run is stored with the
 * file, so it can be applied without a second upload.
 * @param full the file is the site's whole stock: cars missing from it would be withdrawn
 * @returns the dry run's id (its counts, lists and rejections are read with {@link getFeedImport})
 * @throws FeedInputError when the file cannot be imported at all (see {@link readFeed}); nothing is stored
 */
export async function dryRunUpload(db: Database, site: Site, actor: FeedActor, file: { name: string; bytes: Uint8Array }, full: boolean): Promise<number> {
  const feed = readFeed(file.bytes, file.name);
  const summary = await importStock(db, site, feed.rows, { full, dryRun: true });
  // Dry runs nobody applied are dropped after a day: they hold a whole file each.
  await db
    .update(feedImports)
    .set({ content: null })
    .where(and(eq(feedImports.siteId, site.id), eq(feedImports.status, "dry-run"), isNotNull(feedImports.content), lt(feedImports.createdAt, new Date(Date.now() - DRY_RUN_TTL_MS))));
  const [row] = await db
    .insert(feedImports)
    .values({
      siteId: site.id,
      source: "upload",
      fileName: file.name,
      contentSha256: createHash("sha256").update(file.bytes).digest("hex"),
      content: file.bytes,
      byteSize: file.bytes.length,
      encoding: feed.encoding,
      format: feed.format,
      fullSnapshot: full,
      status: "dry-run",
      counts: countsOf(summary),
      changes: changesOf(summary),
      rejections: summary.rejections,
      createdBy: actor.userId,
      createdEmail: actor.email,
    })
    .returning({ id: feedImports.id });
  return row.id;
}

/** Why an apply was refused (shown to the staff member as is). */
export class FeedApplyError extends Error {
  override name = "FeedApplyError";
}

/** Marks import `id` applied with its outcome (inside the import's transaction) and audits it. */
async function recordApplied(tx: ImportTransaction, site: Site, id: number, actor: FeedActor | null, summary: ImportSummary, action: string, onlyIfDryRun: boolean): Promise<void> {
  const updated = await tx
    .update(feedImports)
    .set({
      status: "applied",
      content: null,
      counts: countsOf(summary),
      changes: changesOf(summary),
      rejections: summary.rejections,
      appliedBy: actor?.userId ?? null,
      appliedEmail: actor?.email ?? null,
      appliedAt: new Date(),
    })
    .where(and(eq(feedImports.id, id), onlyIfDryRun ? eq(feedImports.status, "dry-run") : undefined))
    .returning({ fileName: feedImports.fileName });
  // Another request applied it first (a double click): this one's writes roll back.
  if (!updated.length) throw new FeedApplyError("This file has already been applied.");
  await recordAudit(tx, {
    userId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    siteId: site.id,
    action,
    entity: "feed-import",
    entityId: String(id),
    after: { file: displayName(updated[0].fileName), ...countsOf(summary) },
    ipAddress: actor?.ipAddress ?? null,
  });
}

/**
 * Applies a stored dry run: the same file, planned again against the stock as it is now (the
 * counts recorded are those of the apply), with the history row and the audit row in the import's
 * transaction. Applying twice (a double click, a second node) writes nothing the second time.
 * @throws FeedApplyError when the dry run is not this site's, was applied already, or is older
 *   than {@link DRY_RUN_TTL_MS}
 */
export async function applyUpload(db: Database, site: Site, actor: FeedActor, id: number): Promise<ImportSummary> {
  const [row] = await db.select().from(feedImports).where(and(eq(feedImports.id, id), eq(feedImports.siteId, site.id)));
  if (!row || (row.source !== "upload" && row.heldReason === null)) throw new FeedApplyError("There is no such upload for this site. Upload the feed again.");
  if (row.status === "applied") throw new FeedApplyError(`This file was already applied${row.appliedAt ? ` at ${row.appliedAt.toISOString().slice(0, 16).replace("T", " ")} UTC` : ""}. Upload it again to import it again.`);
  if (!row.content || Date.now() - row.createdAt.getTime() > DRY_RUN_TTL_MS) throw new FeedApplyError("This dry run is more than a day old and its file was dropped. Upload the feed again.");
  const feed = readFeed(row.content, row.fileName);
  return importStock(db, site, feed.rows, { full: row.fullSnapshot, inTransaction: (tx, summary) => recordApplied(tx, site, id, actor, summary, "feeds.apply", true) });
}

/** One import with its lists and rejections (not its file). */
export type FeedImportRow = Omit<typeof feedImports.$inferSelect, "content">;
/** One import as the history lists it (the counts without the lists: an import may reject 16,000 rows). */
export type FeedHistoryRow = Omit<FeedImportRow, "changes" | "rejections">;

const historyColumns = {
  id: feedImports.id,
  siteId: feedImports.siteId,
  source: feedImports.source,
  fileName: feedImports.fileName,
  contentSha256: feedImports.contentSha256,
  byteSize: feedImports.byteSize,
  encoding: feedImports.encoding,
  format: feedImports.format,
  fullSnapshot: feedImports.fullSnapshot,
  status: feedImports.status,
  counts: feedImports.counts,
  error: feedImports.error,
  heldReason: feedImports.heldReason,
  createdBy: feedImports.createdBy,
  createdEmail: feedImports.createdEmail,
  createdAt: feedImports.createdAt,
  appliedBy: feedImports.appliedBy,
  appliedEmail: feedImports.appliedEmail,
  appliedAt: feedImports.appliedAt,
};

/** One import of the site (any status), or null. */
export async function getFeedImport(db: Database, siteId: number, id: number): Promise<FeedImportRow | null> {
  const [row] = await db
    .select({ ...historyColumns, changes: feedImports.changes, rejections: feedImports.rejections })
    .from(feedImports)
    .where(and(eq(feedImports.siteId, siteId), eq(feedImports.id, id)));
  return row ?? null;
}

/**
 * The site's import history, newest first: applied imports, failed pulls and held pulls (upload
 * dry runs nobody applied are not history).
 */
export async function feedHistory(db: Database, siteId: number, limit = 50): Promise<FeedHistoryRow[]> {
  return db
    .select(historyColumns)
    .from(feedImports)
    .where(and(eq(feedImports.siteId, siteId), or(inArray(feedImports.status, ["applied", "failed"]), isNotNull(feedImports.heldReason))))
    .orderBy(desc(feedImports.id))
    .limit(limit);
}

/** The newest applied or failed import of the site, or null. */
export async function latestFeedImport(db: Database, siteId: number): Promise<FeedImportRow | null> {
  const [latest] = await feedHistory(db, siteId, 1);
  return latest ? getFeedImport(db, siteId, latest.id) : null;
}

/** A site's feed URL settings. */
export interface FeedSourceInput {
  url: string;
  /** A cron expression (5 or 6 fields) in the site's time zone, or null: pulls on demand only. */
  schedule: string | null;
  full: boolean;
  /** Most of the listed stock, in percent (1-100), a scheduled pull may update and withdraw without a person (default 25). */
  maxChangePercent?: number;
}


/**
 * The next time a schedule runs after `now`.
 * @param schedule a cron expression, in `timeZone` (an IANA zone such as Australia/Perth)
 * @returns null for no schedule
 * @throws Error (croner's message) for an expression that is not a valid cron expression
 */
export function nextPullAt(schedule: string | null, timeZone: string, now: Date): Date | null {
  if (!schedule) return null;
  return new Cron(schedule, { timezone: timeZone, paused: true }).nextRun(now);
}

/** The site's feed source, or null. */
export async function loadFeedSource(db: Database, siteId: number) {
  const [row] = await db.select().from(feedSources).where(eq(feedSources.siteId, siteId));
  return row ?? null;
}

/**
 * Sets (or, with null, removes) the site's feed URL and schedule, audited with before and after.
 * @throws Error for a schedule {@link nextPullAt} refuses (validate first)
 */
export async function saveFeedSource(db: Database, site: Site, actor: FeedActor, input: FeedSourceInput | null, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(feedSources).where(eq(feedSources.siteId, site.id)).for("update");
    const shape = (s: { url: string; schedule: string | null; fullSnapshot?: boolean; full?: boolean; maxChangePercent?: number } | null | undefined) =>
      s ? { url: s.url, schedule: s.schedule, full: s.fullSnapshot ?? s.full ?? true, maxChangePercent: s.maxChangePercent ?? DEFAULT_MAX_CHANGE_PERCENT } : null;
    if (!input) {
      if (!before) return;
      await tx.delete(feedSources).where(eq(feedSources.siteId, site.id));
    } else {
      const values = { url: input.url, schedule: input.schedule, fullSnapshot: input.full, maxChangePercent: input.maxChangePercent ?? DEFAULT_MAX_CHANGE_PERCENT, nextPullAt: nextPullAt(input.schedule, site.config.timeZone, now), updatedBy: actor.userId, updatedAt: now };
      await tx.insert(feedSources).values({ siteId: site.id, ...values }).onConflictDoUpdate({ target: feedSources.siteId, set: values });
    }
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, siteId: site.id, action: input ? "feeds.source-save" : "feeds.source-remove", entity: "feed-source", entityId: site.slug, before: shape(before), after: shape(input), ipAddress: actor.ipAddress });
  });
}

/** What a pull did. */
export type PullOutcome =
  | { kind: "applied"; importId: number; summary: ImportSummary }
  | { kind: "held"; importId: number; reason: string }
  | { kind: "failed"; importId: number; error: string }
  | { kind: "busy" }
  | { kind: "no-source" };

/**
 * Why a scheduled pull must wait for a person, or null when it may apply: it would update and
 * withdraw more than `maxChangePercent` of the cars listed now (not withdrawn). A first import
 * (nothing listed) and new cars never hold a pull: they take nothing away.
 */
export function holdReason(summary: Pick<ImportSummary, "updated" | "withdrawn">, listed: number, maxChangePercent: number): string | null {
  const changed = summary.updated + summary.withdrawn;
  if (listed === 0 || changed * 100 <= listed * maxChangePercent) return null;
  const share = Math.round((changed * 100) / listed);
  return `Held for approval: this scheduled pull would change ${changed} of the ${listed} listed cars (${share}%: ${summary.updated} updated, ${summary.withdrawn} withdrawn), more than the ${maxChangePercent}% a scheduled pull may change on its own. Check the dry run and apply it, or fix the feed.`;
}

/**
 * Claims the site's feed source for one pull (a lease): only one node pulls a site at a time.
 * @param dueOnly claim only when its scheduled time has come (the worker); else whenever free ("Pull now")
 * @returns the source, or null when another node holds it (or, with dueOnly, it is not due)
 */
async function claimSource(db: Database, now: Date, where: { siteId?: number; dueOnly: boolean }) {
  const free = or(isNull(feedSources.lockedUntil), lt(feedSources.lockedUntil, now));
  const candidates = db
    .select({ siteId: feedSources.siteId })
    .from(feedSources)
    .where(and(free, where.siteId === undefined ? undefined : eq(feedSources.siteId, where.siteId), where.dueOnly ? lte(feedSources.nextPullAt, now) : undefined))
    .orderBy(feedSources.nextPullAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(feedSources)
    .set({ lockedUntil: new Date(now.getTime() + PULL_LEASE_MS) })
    .where(inArray(feedSources.siteId, candidates))
    .returning();
  return claimed ?? null;
}

/**
 * Fetches a feed URL's bytes.
 * @throws FeedInputError naming the failure: not reachable (the network error), an HTTP status
 *   other than 2xx, a timeout, or a body over {@link FEED_MAX_BYTES}
 */
export async function fetchFeed(url: string, timeoutMs = PULL_TIMEOUT_MS): Promise<Uint8Array> {
  const shown = displayName(url);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "text/csv, application/json;q=0.9, */*;q=0.5" } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = (error as Error).name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new FeedInputError(`Could not fetch ${shown}: ${reason}.`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedInputError(`Could not fetch ${shown}: the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`);
  }
  const chunks: Uint8Array[] = [];
  const reader = response.body?.getReader();
  for (let size = 0; reader; ) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > FEED_MAX_BYTES) {
      await reader.cancel().catch(() => {});
      throw new FeedInputError(`${shown} is larger than ${megabytes(FEED_MAX_BYTES)}; feeds up to that size are taken. Nothing was imported.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Pulls the site's feed URL and applies it. "Pull now" (a staff member) applies at once. A
 * scheduled pull (nobody is there to read a dry run) first plans the feed: when it would update and
 * withdraw more of the listed stock than the source's `maxChangePercent` ({@link holdReason}), it
 * is held as a dry run with its reason in the history, and staff apply it (like an upload's dry
 * run, within a day) or fix the feed. A failure (unreachable URL, unreadable feed) is recorded in
 * the history with its reason and changes no car.
 * @param actor the staff member who pressed "Pull now", or null for the schedule
 * @param options.dueOnly only pull when the schedule says so (the worker)
 */
export async function pullFeed(db: Database, site: Site, actor: FeedActor | null, options: { now?: Date; dueOnly?: boolean } = {}): Promise<PullOutcome> {
  const now = options.now ?? new Date();
  if (!(await loadFeedSource(db, site.id))) return { kind: "no-source" };
  const source = await claimSource(db, now, { siteId: site.id, dueOnly: options.dueOnly ?? false });
  if (!source) return { kind: "busy" };
  return runClaimedPull(db, site, source, actor, now);
}

async function runClaimedPull(db: Database, site: Site, source: typeof feedSources.$inferSelect, actor: FeedActor | null, now: Date): Promise<PullOutcome> {
  const [row] = await db
    .insert(feedImports)
    .values({ siteId: site.id, source: "pull", fileName: source.url, fullSnapshot: source.fullSnapshot, status: "dry-run", createdBy: actor?.userId ?? null, createdEmail: actor?.email ?? null })
    .returning({ id: feedImports.id });
  let outcome: PullOutcome;
  try {
    const bytes = await fetchFeed(source.url);
    const feed = readFeed(bytes, source.url);
    await db.update(feedImports).set({ byteSize: bytes.length, contentSha256: createHash("sha256").update(bytes).digest("hex"), encoding: feed.encoding, format: feed.format }).where(eq(feedImports.id, row.id));
    const held = actor ? null : await holdIfTooLarge(db, site, source, row.id, bytes, feed);
    if (held) return finishPull(db, site, now, held);
    const summary = await importStock(db, site, feed.rows, { full: source.fullSnapshot, inTransaction: (tx, s) => recordApplied(tx, site, row.id, actor, s, actor ? "feeds.pull-now" : "feeds.pull-scheduled", false) });
    outcome = { kind: "applied", importId: row.id, summary };
  } catch (error) {
    const message = error instanceof FeedInputError ? error.message : `The import failed: ${(error as Error).message}`;
    await db.transaction(async (tx) => {
      await tx.update(feedImports).set({ status: "failed", error: message, appliedBy: actor?.userId ?? null, appliedEmail: actor?.email ?? null, appliedAt: new Date() }).where(eq(feedImports.id, row.id));
      await recordAudit(tx, { userId: actor?.userId ?? null, actorEmail: actor?.email ?? null, siteId: site.id, action: actor ? "feeds.pull-now" : "feeds.pull-scheduled", entity: "feed-import", entityId: String(row.id), after: { url: displayName(source.url), error: message }, ipAddress: actor?.ipAddress ?? null });
    });
    outcome = { kind: "failed", importId: row.id, error: message };
  }
  return finishPull(db, site, now, outcome);
}

/**
 * A scheduled pull's safety rule (nobody is there to read its dry run): plans the feed, and when
 * {@link holdReason} says it changes too much, keeps it as a dry run with its file and the reason
 * (audited as `feeds.pull-held`) for staff to apply from the history.
 * @returns the held outcome, or null when the pull may apply
 */
async function holdIfTooLarge(db: Database, site: Site, source: typeof feedSources.$inferSelect, importId: number, bytes: Uint8Array, feed: ReadFeed): Promise<PullOutcome | null> {
  const plan = await importStock(db, site, feed.rows, { full: source.fullSnapshot, dryRun: true });
  const [{ listed }] = await db.select({ listed: count() }).from(cars).where(and(eq(cars.siteId, site.id), ne(cars.status, "withdrawn")));
  const reason = holdReason(plan, Number(listed), source.maxChangePercent);
  if (!reason) return null;
  await db.transaction(async (tx) => {
    await tx.update(feedImports).set({ content: bytes, counts: countsOf(plan), changes: changesOf(plan), rejections: plan.rejections, heldReason: reason }).where(eq(feedImports.id, importId));
    await recordAudit(tx, { userId: null, actorEmail: null, siteId: site.id, action: "feeds.pull-held", entity: "feed-import", entityId: String(importId), after: { url: displayName(source.url), ...countsOf(plan), listed: Number(listed), maxChangePercent: source.maxChangePercent }, ipAddress: null });
  });
  return { kind: "held", importId, reason };
}

/** Releases the pull's lease and sets the next pull time and the last outcome. */
async function finishPull(db: Database, site: Site, now: Date, outcome: PullOutcome): Promise<PullOutcome> {
  // The next pull follows the schedule as it is now (it may have been changed during the pull).
  const [current] = await db.select({ schedule: feedSources.schedule }).from(feedSources).where(eq(feedSources.siteId, site.id));
  let next: Date | null = null;
  try {
    next = nextPullAt(current?.schedule ?? null, site.config.timeZone, new Date(Math.max(Date.now(), now.getTime())));
  } catch {
    next = null;
  }
  await db
    .update(feedSources)
    .set({ lockedUntil: null, lastPullAt: now, lastOutcome: outcome.kind === "applied" ? "applied" : outcome.kind === "failed" ? outcome.error : outcome.kind === "held" ? outcome.reason : null, nextPullAt: next })
    .where(eq(feedSources.siteId, site.id));
  return outcome;
}

/**
 * Pulls every feed URL whose scheduled time has come, one claimed source at a time.
 * @returns the outcomes, in the order pulled
 */
export async function pullDueFeeds(db: Database, now = new Date(), limit = 10): Promise<PullOutcome[]> {
  const outcomes: PullOutcome[] = [];
  for (let i = 0; i < limit; i++) {
    const source = await claimSource(db, now, { dueOnly: true });
    if (!source) break;
    const [siteRow] = await db.select({ slug: sites.slug }).from(sites).where(eq(sites.id, source.siteId));
    const site = siteRow ? await getSiteBySlug(db, siteRow.slug) : null;
    if (!site || site.archived) {
      await db.update(feedSources).set({ lockedUntil: null, nextPullAt: null, lastOutcome: "site archived: schedule stopped" }).where(eq(feedSources.siteId, source.siteId));
      continue;
    }
    outcomes.push(await runClaimedPull(db, site, source, null, now));
  }
  return outcomes;
}

/**
 * Runs {@link pullDueFeeds} every `intervalMs` (default 30 s) until stopped; safe on several nodes
 * (each source is claimed with a lease). Errors are logged and the next tick tries again.
 */
export function startFeedWorker(db: Database, options: { intervalMs?: number; log?: (error: unknown) => void } = {}): IntervalWorker {
  return runEvery(options.intervalMs ?? 30_000, async () => void (await pullDueFeeds(db)), options.log);
}
