/**
 * The leads inbox of the dealer console (issue 49 item 4, decision 315): the site's leads filtered
 * and paged on the server, one lead's details with its delivery attempts and notes, and the
 * changes staff make to it (status, assignment, notes, retrying a dead delivery). Every query is
 * scoped by the member's reach (sales: their assigned locations only), so a lead outside it is
 * simply not found, by list, by URL and by CSV export alike.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { TZDate } from "@date-fns/tz";
import { and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { anyId, idListText } from "../../db/id-list";
import { preparedPerDatabase } from "../../db/prepared";
import { cars, dealerGroups, leadDeliveries, leadNotes, leads, locations, sites, staffRoles, staffUsers } from "../../db/schema/index";
import { LEAD_FORM_KINDS } from "~/forms/lead-forms";
import { DEPARTMENTS, LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from "~/domain/leads/status";
import { retryDelivery } from "~/services/lead-delivery.server";
import { memoByConfigVersion } from "~/services/site-memo.server";
import { resolveSiteConfig } from "~/sites/resolve-config";
import { daySchema } from "./audit.server";
import { reachableLocations } from "./location-scope";
import { rolesWith } from "./permissions";
import { carTextContains, leadPersonalTextContains } from "./search-text.server";
import { recordAudit, type ScopedSite, type StaffMember } from "./staff.server";
import { MAX_DB_ID, dbIdSchema } from "~/domain/db-id";

/** Leads per inbox page. */
export const LEADS_PAGE_SIZE = 50;

/** Forms whose department is not sales (app/forms/lead-forms.ts departmentOf). */
const NON_SALES_FORMS = { service: "service", parts: "parts" } as const;

/** Empty query values ("" from a blank select or input) are "no filter". */
function blank<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
}

/** The inbox's filters, from its URL (every one optional). Dates are days in the site's time zone. */
export const LeadFilterSchema = z
  .object({
    status: blank(z.enum(LEAD_STATUSES, { message: "one of the listed statuses" })),
    department: blank(z.enum(DEPARTMENTS, { message: "sales, service or parts" })),
    location: blank(dbIdSchema("one of the listed locations")),
    form: blank(z.string().regex(/^[a-z][a-z-]{0,39}$/, "one of the listed forms")),
    carType: blank(z.enum(["new", "demo", "used"], { message: "new, demo or used" })),
    from: blank(daySchema),
    to: blank(daySchema),
    q: blank(z.string().trim().max(100, "at most 100 characters")),
    page: blank(z.coerce.number({ message: "a page number" }).int().min(1).max(10_000)),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ["to"], message: "a day on or after the From day" });
export type LeadFilter = z.infer<typeof LeadFilterSchema>;

/** A filter's fields as the form shows them again (what was typed, even when refused). */
export const LEAD_FILTER_FIELDS = ["status", "department", "location", "form", "carType", "from", "to", "q"] as const;

/** Who is asking and what they may see. */
export interface LeadViewer {
  scoped: ScopedSite;
  /** Holds `leads.personal`: sees (and may search) the shopper's name, e-mail, phone, postcode and answers. */
  personal: boolean;
}

/** The leads `viewer` may see: the site's, and for sales only those of their assigned locations. */
function scopeOf(scoped: ScopedSite): SQL {
  const site = eq(leads.siteId, scoped.site.id);
  if (scoped.reach !== "assigned-locations") return site;
  // A lead of no location belongs to no sales member.
  return and(site, inArray(leads.locationId, scoped.locationIds.length ? scoped.locationIds : [-1]))!;
}

/**
 * The site's time zone (dates in filters and on screen), from its resolved config (the group's
 * under the site's; the default zone for a site that is not found).
 *
 * Resolving the config (SiteConfigSchema) on every inbox request was a twentieth of its server
 * CPU (decision 372), so the zone is kept per process by the site's config version, which every
 * change of the site's or its group's config moves (migration 0018): each request reads only that
 * number, or not even that when the caller has it ({@link ScopedSite.configVersion}, read as the
 * site was opened). The zone depends on no stock, so it is kept across stock changes
 * ({@link memoByConfigVersion}).
 * @param siteId the site's id
 * @param configVersion the site's config version, when already read in this request
 * @returns an IANA time zone, e.g. "Australia/Perth"
 * @throws ZodError when the stored config is invalid; the database's error
 */
export async function siteTimeZone(db: Database, siteId: number, configVersion?: number): Promise<string> {
  const version = configVersion ?? (await db.select({ configVersion: sites.configVersion }).from(sites).where(eq(sites.id, siteId)))[0]?.configVersion;
  const resolve = async () => {
    const [row] = await db.select({ config: sites.config, groupConfig: dealerGroups.config }).from(sites).leftJoin(dealerGroups, eq(dealerGroups.id, sites.dealerGroupId)).where(eq(sites.id, siteId));
    return resolveSiteConfig(row?.groupConfig ?? {}, row?.config ?? {}).timeZone;
  };
  if (version === undefined) return resolve();
  return memoByConfigVersion("time-zone", { id: siteId, configVersion: version }, resolve);
}

/**
 * One formatter per time zone, kept for the process (a few zones at most). A `TZDate` per row,
 * formatted by date-fns, resolved the zone's offset through `Intl` several times per value: a
 * tenth of the inbox's server CPU for its 50 rows (decision 372).
 */
const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `at` as the site's staff read it: "2026-11-29 14:05" (year-month-day, 24-hour clock) in `timeZone`.
 * @param at the instant
 * @param timeZone an IANA time zone (the site's, e.g. "Australia/Perth")
 * @throws RangeError for an invalid date or an unknown time zone
 */
export function formatInTimeZone(at: Date, timeZone: string): string {
  let formatter = minuteFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    minuteFormats.set(timeZone, formatter);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatter.formatToParts(at)) part[type] = value;
  return `${part.year!.padStart(4, "0")}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** Start of `day` (YYYY-MM-DD) in `timeZone`, as an instant. */
function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

/**
 * The filter's conditions on a lead (and its car, for `carType`), scoped to the viewer's reach.
 * The free text is one of them, unless `withText` is false: the inbox page matches it by branches
 * of its own ({@link listLeads}).
 */
function filterConditions(viewer: LeadViewer, filter: LeadFilter, timeZone: string, withText = true): SQL[] {
  const where: SQL[] = [scopeOf(viewer.scoped)];
  if (filter.status) where.push(eq(leads.status, filter.status));
  if (filter.department === "sales") where.push(notInArray(leads.form, Object.values(NON_SALES_FORMS)));
  else if (filter.department) where.push(eq(leads.form, NON_SALES_FORMS[filter.department]));
  if (filter.location) where.push(eq(leads.locationId, filter.location));
  if (filter.form) where.push(eq(leads.form, filter.form));
  if (filter.carType) where.push(eq(cars.carType, filter.carType));
  if (filter.from) where.push(gte(leads.createdAt, startOfDay(filter.from, timeZone)));
  if (filter.to) where.push(lt(leads.createdAt, startOfDay(nextDay(filter.to), timeZone)));
  if (filter.q && withText) where.push(freeTextMatches(viewer, filter.q));
  return where;
}

/**
 * The ways a lead can match the free text `q`, each a condition on `leads` that one index serves:
 * its car's text (stock number, VIN, rego, make, model, badge), the shopper's name, e-mail and
 * phone (only for a viewer allowed to see them, else a search would reveal them), or its number
 * (`#123` or `123`). A lead matches when any of them holds. One OR of them would read every lead
 * of the site in received order: the planner cannot combine the trigram and car indexes for it.
 */
function freeTextBranches(viewer: LeadViewer, q: string): SQL[] {
  const site = viewer.scoped.site.id;
  const branches = [sql`${leads.carId} in (select ${cars.id} from ${cars} where ${cars.siteId} = ${site} and ${carTextContains(q)})`];
  if (viewer.personal) branches.push(leadPersonalTextContains(q));
  if (/^#?\d{1,9}$/.test(q)) branches.push(eq(leads.id, Number(q.replace("#", ""))));
  return branches;
}

/** Leads that match `q` ({@link freeTextBranches}), as one condition: their ids gathered branch by branch. */
function freeTextMatches(viewer: LeadViewer, q: string): SQL {
  const site = viewer.scoped.site.id;
  const ids = freeTextBranches(viewer, q).map((branch) => sql`select ${leads.id} from ${leads} where ${leads.siteId} = ${site} and ${branch}`);
  return sql`${leads.id} in (${sql.join(ids, sql` union all `)})`;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** One inbox row. Personal fields are null for a viewer without `leads.personal`. */
export interface LeadRow {
  id: number;
  createdAt: Date;
  status: LeadStatus;
  form: string;
  category: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  postcode: string | null;
  location: string | null;
  car: string | null;
  carType: string | null;
  stockNumber: string | null;
  assignedTo: string | null;
  source: string | null;
  anonymised: boolean;
  /** Deliveries that gave up (dead); they need a person. */
  deadDeliveries: number;
}

/**
 * A page of leads with the time each was received as the site's staff read it, in the site's
 * time zone ("yyyy-MM-dd HH:mm", as {@link formatInTimeZone} writes it).
 */
export interface LeadListRow extends LeadRow {
  received: string;
}

function rowQuery(db: Database, where: SQL[], timeZone: string) {
  return db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      receivedAt: sql<string>`${leads.createdAt}::text`,
      // PostgreSQL writes the local time (as the inbox's page statement does): formatting fifty
      // rows through Intl on the event loop cost about 0.4 ms of every page. Both read the IANA
      // zone database (the test compares them across daylight-saving changes).
      received: sql<string>`to_char(${leads.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`,
      status: leads.status,
      form: leads.form,
      category: leads.category,
      firstName: leads.firstName,
      lastName: leads.lastName,
      email: leads.email,
      phone: leads.phone,
      postcode: leads.postcode,
      location: locations.name,
      year: cars.year,
      make: cars.make,
      model: cars.model,
      carType: cars.carType,
      stockNumber: cars.stockNumber,
      assignedTo: staffUsers.email,
      source: sql<string | null>`${leads.payload}->>'source'`,
      anonymisedAt: leads.anonymisedAt,
    })
    .from(leads)
    .leftJoin(cars, eq(cars.id, leads.carId))
    .leftJoin(locations, eq(locations.id, leads.locationId))
    .leftJoin(staffUsers, eq(staffUsers.id, leads.assignedTo))
    .where(and(...where))
    .orderBy(desc(leads.createdAt), desc(leads.id));
}

type RawRow = Awaited<ReturnType<typeof rowQuery>>[number];

/**
 * One inbox row: what the inbox's table shows. The export's {@link LeadListRow} has every field.
 * Personal fields are null without `leads.personal`, as there.
 */
export type LeadPageRow = Pick<LeadListRow, "id" | "createdAt" | "received" | "status" | "category" | "name" | "anonymised" | "car" | "stockNumber" | "location" | "assignedTo" | "deadDeliveries">;

/**
 * The statements of an inbox page after its ids are known, prepared once per database handle:
 * building them with Drizzle on every request was about a tenth of the inbox's server CPU. Both
 * take the page's ids as one array parameter ({@link idListText}).
 * - `rows`: the page's leads with their car, location and assignee, only the columns the inbox
 *   shows, newest first; `received` is the local time PostgreSQL writes in the site's zone (the
 *   same IANA database as {@link formatInTimeZone}). `siteId` keeps it to the site even for ids
 *   that did not come from the site's own query.
 * - `dead`: the dead deliveries of each of the ids ({@link deadDeliveriesOf}).
 */
const pageQueries = preparedPerDatabase((db) => ({
  rows: db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      received: sql<string>`to_char(${leads.createdAt} at time zone ${sql.placeholder("timeZone")}::text, 'YYYY-MM-DD HH24:MI')`,
      status: leads.status,
      category: leads.category,
      firstName: leads.firstName,
      lastName: leads.lastName,
      anonymisedAt: leads.anonymisedAt,
      location: locations.name,
      year: cars.year,
      make: cars.make,
      model: cars.model,
      stockNumber: cars.stockNumber,
      assignedTo: staffUsers.email,
    })
    .from(leads)
    .leftJoin(cars, eq(cars.id, leads.carId))
    .leftJoin(locations, eq(locations.id, leads.locationId))
    .leftJoin(staffUsers, eq(staffUsers.id, leads.assignedTo))
    .where(and(eq(leads.siteId, sql.placeholder("siteId")), anyId(leads.id, sql.placeholder("ids"))))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .prepare("forecourt_console_leads_page"),
  dead: db
    .select({ leadId: leadDeliveries.leadId, dead: sql<number>`count(*)::int` })
    .from(leadDeliveries)
    .where(and(anyId(leadDeliveries.leadId, sql.placeholder("ids")), eq(leadDeliveries.status, "dead")))
    .groupBy(leadDeliveries.leadId)
    .prepare("forecourt_console_leads_dead"),
}));

/**
 * Dead deliveries of each of `leadIds`, in one grouped query for a whole page: a count per row
 * inside the page's query ran once per lead, each through the deliveries' status index, and took
 * a third to two thirds of an export page's time at ten million leads. Here the page's ids are
 * one array parameter, read through the deliveries' lead index, by a prepared statement
 * ({@link pageQueries}).
 * @param leadIds the page's leads (a few thousand at most)
 * @returns lead id -> dead deliveries; a lead with none is absent
 */
async function deadDeliveriesOf(db: Database, leadIds: readonly number[]): Promise<Map<number, number>> {
  if (!leadIds.length) return new Map();
  const rows = await pageQueries(db).dead.execute({ ids: idListText(leadIds) });
  return new Map(rows.map((r) => [r.leadId, Number(r.dead)]));
}

/** The page's rows as the inbox shows them, with their dead deliveries counted ({@link deadDeliveriesOf}). */
async function toRows(db: Database, raw: readonly RawRow[], personal: boolean): Promise<LeadListRow[]> {
  const dead = await deadDeliveriesOf(db, raw.map((r) => r.id));
  return raw.map((r) => ({ ...toRow(r, personal, dead.get(r.id) ?? 0), received: r.received }));
}

/** Whether the viewer sees the lead's personal fields: they hold `leads.personal`, and the lead is not anonymised. */
function seesPersonal(r: { anonymisedAt: Date | null }, personal: boolean): boolean {
  return personal && !r.anonymisedAt;
}

/** The shopper's name as the viewer sees it ({@link seesPersonal}), or null. */
function shopperName(r: { firstName: string | null; lastName: string | null; anonymisedAt: Date | null }, personal: boolean): string | null {
  return seesPersonal(r, personal) ? [r.firstName, r.lastName].filter(Boolean).join(" ") : null;
}

/** "2021 Toyota Hilux", or null for a lead without a car. */
function carName(r: { year: number | null; make: string | null; model: string | null }): string | null {
  return r.make ? [r.year, r.make, r.model].filter(Boolean).join(" ") : null;
}

function toRow(r: Omit<RawRow, "receivedAt" | "received">, personal: boolean, deadDeliveries: number): LeadRow {
  const shown = seesPersonal(r, personal);
  return {
    id: r.id,
    createdAt: r.createdAt,
    status: r.status,
    form: r.form,
    category: r.category,
    name: shopperName(r, personal),
    email: shown ? r.email : null,
    phone: shown ? r.phone : null,
    postcode: shown ? r.postcode : null,
    location: r.location,
    car: carName(r),
    carType: r.carType,
    stockNumber: r.stockNumber,
    assignedTo: r.assignedTo,
    source: r.source,
    anonymised: r.anonymisedAt !== null,
    deadDeliveries,
  };
}

/**
 * One page of the inbox, newest first. No total is counted (a count over 100,000 leads on every
 * page costs more than the page): `hasNext` says whether another page follows. The page's ids
 * first, by the filter (built per request: the filters vary), then their rows and their dead
 * deliveries at once, by prepared statements ({@link pageQueries}): a deferred join, so the
 * leads a deep page skips are read from the site's index without their car, location and
 * assignee. The car is joined for the ids only when the filter is on its type.
 * @param filter as parsed by {@link LeadFilterSchema}; `page` from 1
 * @param timeZone the site's IANA time zone: the date range's days and each row's `received`
 * @returns at most {@link LEADS_PAGE_SIZE} rows
 * @throws the database's error
 */
export async function listLeads(db: Database, viewer: LeadViewer, filter: LeadFilter, timeZone: string): Promise<{ rows: LeadPageRow[]; page: number; hasNext: boolean }> {
  const page = filter.page ?? 1;
  const conditions = filterConditions(viewer, filter, timeZone, false);
  const withCar = <T extends { innerJoin: (table: typeof cars, on: SQL) => T }>(select: T): T => (filter.carType ? select.innerJoin(cars, eq(cars.id, leads.carId)) : select);
  const offset = (page - 1) * LEADS_PAGE_SIZE;
  let found: { id: number }[];
  if (!filter.q) {
    found = await withCar(db.select({ id: leads.id }).from(leads).$dynamic()).where(and(...conditions)).orderBy(desc(leads.createdAt), desc(leads.id)).limit(LEADS_PAGE_SIZE + 1).offset(offset);
  } else {
    // Each free-text branch is filtered and read with its received time, and the page sorted from
    // their union: an id list joined back to the leads fetched every match again by its key, a
    // third of the query's time for a surname that 1,200 leads share.
    const [first, ...more] = freeTextBranches(viewer, filter.q).map((branch) => withCar(db.select({ id: leads.id, createdAt: leads.createdAt }).from(leads).$dynamic()).where(and(...conditions, branch)));
    const matched = more.reduce((all, branch) => all.union(branch), first).as("matched");
    found = await db.select({ id: matched.id }).from(matched).orderBy(desc(matched.createdAt), desc(matched.id)).limit(LEADS_PAGE_SIZE + 1).offset(offset);
  }
  const pageIds = found.slice(0, LEADS_PAGE_SIZE).map((r) => r.id);
  if (!pageIds.length) return { rows: [], page, hasNext: false };
  const queries = pageQueries(db);
  const list = idListText(pageIds);
  const [raw, dead] = await Promise.all([queries.rows.execute({ siteId: viewer.scoped.site.id, ids: list, timeZone }), queries.dead.execute({ ids: list })]);
  const deadOf = new Map(dead.map((r) => [r.leadId, Number(r.dead)]));
  const rows = raw.map(
    (r): LeadPageRow => ({
      id: r.id,
      createdAt: r.createdAt,
      received: r.received,
      status: r.status,
      category: r.category,
      name: shopperName(r, viewer.personal),
      anonymised: r.anonymisedAt !== null,
      car: carName(r),
      stockNumber: r.stockNumber,
      location: r.location,
      assignedTo: r.assignedTo,
      deadDeliveries: deadOf.get(r.id) ?? 0,
    }),
  );
  return { rows, page, hasNext: found.length > LEADS_PAGE_SIZE };
}

/** Leads read per query while exporting: the export holds one such page in memory, whatever its size. */
export const LEADS_EXPORT_PAGE = 1_000;

/**
 * Every lead of the filter (its `page` ignored), newest first, one page of `pageSize` rows at a
 * time, for a CSV export of any size. Each page continues after the last row of the one before
 * (by received time and number, not an offset), so no query reads the rows already exported, and
 * a lead received during the export is neither listed nor shifts the pages. Each page is two
 * queries: its leads, then their dead deliveries.
 * @param pageSize rows per query (default {@link LEADS_EXPORT_PAGE})
 */
export async function* exportLeads(db: Database, viewer: LeadViewer, filter: LeadFilter, timeZone: string, pageSize = LEADS_EXPORT_PAGE): AsyncGenerator<LeadListRow[]> {
  const where = filterConditions(viewer, filter, timeZone);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    // The received time is compared as PostgreSQL's own text (microseconds): a JavaScript Date
    // keeps milliseconds, and leads within the same millisecond would be skipped or repeated.
    const rest: SQL[] = after ? [sql`${leads.createdAt} <= ${after.at}::timestamptz`, sql`(${leads.createdAt} < ${after.at}::timestamptz or ${leads.id} < ${after.id})`] : [];
    const raw = await rowQuery(db, [...where, ...rest], timeZone).limit(pageSize);
    if (raw.length) yield await toRows(db, raw, viewer.personal);
    if (raw.length < pageSize) return;
    const last = raw[raw.length - 1];
    after = { at: last.receivedAt, id: last.id };
  }
}

/**
 * Forms a lead can come from: the lead pages' kinds and the checkout's (reservations, purchases,
 * payment requests: app/services/reservations.server.ts). A fixed list: reading the distinct forms
 * of 100,000 leads took 200 ms a page.
 */
export const LEAD_FORMS: readonly string[] = [...LEAD_FORM_KINDS, "reservation", "online-purchase", "online-payment"];

/**
 * The choices of the filter form: the site's locations within reach (kept per config version for
 * a whole site's, {@link reachableLocations}) and the forms.
 */
export async function leadFilterChoices(db: Database, scoped: ScopedSite): Promise<{ locations: { id: number; name: string }[]; forms: readonly string[] }> {
  return { locations: await reachableLocations(db, scoped), forms: LEAD_FORMS };
}

/** One delivery attempt record of a lead (a channel and target, its state and last error). */
export interface LeadDeliveryView {
  id: number;
  channel: string;
  target: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
}

/** A lead as its detail page shows it. Personal fields (and `answers`) are null without `leads.personal`. */
export interface LeadDetail extends LeadRow {
  subcategory: string | null;
  locationId: number | null;
  carSlug: string | null;
  vin: string | null;
  assignedToId: string | null;
  /** The form's answers (the stored payload without what is shown elsewhere), as label and text. */
  answers: { key: string; value: string }[] | null;
  /** Pages the shopper visited before sending, in order. */
  visitedPages: string[];
  /** The query parameters the visit was linked with (utm_*, gclid...). */
  linkedParams: { key: string; value: string }[];
  page: string | null;
  deliveries: LeadDeliveryView[];
  notes: { id: number; at: Date; author: string | null; body: string }[];
}

/** Payload keys shown elsewhere on the detail page (or internal), not as form answers. */
const NOT_ANSWERS = new Set(["lead_attributes", "url", "source", "user_agent", "dealership_slug", "page_id", "car_id", "car_dealership_id", "location_id", "category", "subcategory", "name", "last_name", "email", "phone", "postcode", "submission_key"]);

function answerText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * One lead within the viewer's reach, with its car, deliveries and notes.
 * @returns null when there is no such lead in reach (another site's, another location's for sales)
 */
export async function leadDetail(db: Database, viewer: LeadViewer, id: number): Promise<LeadDetail | null> {
  const [raw] = await db
    .select({ row: leads, location: locations.name, car: cars, assignedTo: staffUsers.email })
    .from(leads)
    .leftJoin(cars, eq(cars.id, leads.carId))
    .leftJoin(locations, eq(locations.id, leads.locationId))
    .leftJoin(staffUsers, eq(staffUsers.id, leads.assignedTo))
    .where(and(scopeOf(viewer.scoped), eq(leads.id, id)));
  if (!raw) return null;
  const { row, car } = raw;
  const [deliveries, notes] = await Promise.all([
    db
      .select({ id: leadDeliveries.id, channel: leadDeliveries.channel, target: leadDeliveries.target, status: leadDeliveries.status, attempts: leadDeliveries.attempts, lastError: leadDeliveries.lastError, nextAttemptAt: leadDeliveries.nextAttemptAt, sentAt: leadDeliveries.sentAt })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, id))
      .orderBy(asc(leadDeliveries.id)),
    db.select({ id: leadNotes.id, at: leadNotes.createdAt, author: leadNotes.authorEmail, body: leadNotes.body }).from(leadNotes).where(eq(leadNotes.leadId, id)).orderBy(asc(leadNotes.id)),
  ]);
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  const attributes = (payload.lead_attributes ?? {}) as { visited_pages?: unknown; linked_query_params?: unknown };
  const shown = seesPersonal(row, viewer.personal);
  const base = toRow(
    {
      id: row.id,
      createdAt: row.createdAt,
      status: row.status,
      form: row.form,
      category: row.category,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      postcode: row.postcode,
      location: raw.location,
      year: car?.year ?? null,
      make: car?.make ?? null,
      model: car?.model ?? null,
      carType: car?.carType ?? null,
      stockNumber: car?.stockNumber ?? null,
      assignedTo: raw.assignedTo,
      source: typeof payload.source === "string" ? payload.source : null,
      anonymisedAt: row.anonymisedAt,
    },
    viewer.personal,
    deliveries.filter((d) => d.status === "dead").length,
  );
  return {
    ...base,
    subcategory: row.subcategory,
    locationId: row.locationId,
    carSlug: car?.slug ?? null,
    vin: car?.vin ?? null,
    assignedToId: row.assignedTo,
    answers: shown
      ? Object.entries(payload)
          .filter(([key, value]) => !NOT_ANSWERS.has(key) && value !== null && value !== undefined && value !== "")
          .map(([key, value]) => ({ key, value: answerText(value) }))
      : null,
    visitedPages: Array.isArray(attributes.visited_pages) ? attributes.visited_pages.filter((p): p is string => typeof p === "string") : [],
    linkedParams: typeof attributes.linked_query_params === "string" ? [...new URLSearchParams(attributes.linked_query_params)].map(([key, value]) => ({ key, value })) : [],
    page: typeof payload.url === "string" ? payload.url : null,
    deliveries,
    notes,
  };
}

/** A staff member a lead may be assigned to. */
export interface Assignee {
  id: string;
  email: string;
  name: string;
}

/**
 * Who may be assigned `lead`: the site's staff whose role holds `leads.edit` on it (sales only
 * when the lead's location is one of theirs) and the admins of the site's dealer group.
 */
export async function assigneesFor(db: Database, scoped: ScopedSite, lead: Pick<LeadDetail, "locationId">): Promise<Assignee[]> {
  const site = scoped.site;
  const rows = await db
    .selectDistinct({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffRoles.role, locationIds: staffRoles.locationIds })
    .from(staffRoles)
    .innerJoin(staffUsers, eq(staffUsers.id, staffRoles.userId))
    .where(
      and(
        inArray(staffRoles.role, rolesWith("leads.edit")),
        or(eq(staffRoles.siteId, site.id), site.dealerGroupId === null ? undefined : and(eq(staffRoles.role, "group_admin"), eq(staffRoles.dealerGroupId, site.dealerGroupId))),
      ),
    )
    .orderBy(asc(staffUsers.email));
  const allowed = rows.filter((r) => r.role !== "sales" || (lead.locationId !== null && r.locationIds.includes(lead.locationId)));
  return [...new Map(allowed.map((r) => [r.id, { id: r.id, email: r.email, name: r.name }])).values()];
}

/** The lead page's form posts, one schema per `intent`. */
export const LeadActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(LEAD_STATUSES, { message: "Choose one of the listed statuses." }) }),
  z.object({ intent: z.literal("assign"), assignee: z.string().max(100).optional().transform((v) => v || null) }),
  z.object({ intent: z.literal("note"), body: z.string({ message: "Write the note." }).trim().min(1, "Write the note.").max(4000, "A note has at most 4,000 characters.") }),
  z.object({ intent: z.literal("retry"), delivery: z.coerce.number().int().positive().max(MAX_DB_ID) }),
]);
export type LeadAction = z.infer<typeof LeadActionSchema>;

/** Why a lead change was refused (shown beside the field named). */
export class LeadActionError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Who changes a lead, for the audit row. */
export interface LeadActor {
  member: StaffMember;
  ip: string | null;
}

/**
 * Applies one change to a lead within reach, with its audit row in the same transaction.
 * @returns the confirmation line, or null when the lead is not in reach (the page answers 404)
 * @throws LeadActionError for an assignee who may not take it, or a delivery that is not this
 *   lead's or not dead
 */
export async function changeLead(db: Database, scoped: ScopedSite, actor: LeadActor, id: number, change: LeadAction): Promise<string | null> {
  const audit = { userId: actor.member.id, actorEmail: actor.member.email, siteId: scoped.site.id, entity: "lead", entityId: String(id), ipAddress: actor.ip };
  const [lead] = await db.select({ id: leads.id, status: leads.status, assignedTo: leads.assignedTo, locationId: leads.locationId }).from(leads).where(and(scopeOf(scoped), eq(leads.id, id)));
  if (!lead) return null;
  if (change.intent === "status") {
    if (change.status === lead.status) return `The status is already ${LEAD_STATUS_LABELS[change.status]}.`;
    await db.transaction(async (tx) => {
      await tx.update(leads).set({ status: change.status }).where(eq(leads.id, id));
      await recordAudit(tx, { ...audit, action: "lead.status", before: { status: lead.status }, after: { status: change.status } });
    });
    return `Status changed to ${LEAD_STATUS_LABELS[change.status]}.`;
  }
  if (change.intent === "assign") {
    const assignee = change.assignee === null ? null : (await assigneesFor(db, scoped, lead)).find((a) => a.id === change.assignee);
    if (assignee === undefined) throw new LeadActionError("Choose one of the listed staff members.", "assignee");
    await db.transaction(async (tx) => {
      await tx.update(leads).set({ assignedTo: assignee?.id ?? null }).where(eq(leads.id, id));
      await recordAudit(tx, { ...audit, action: "lead.assign", before: { assignedTo: lead.assignedTo }, after: { assignedTo: assignee?.id ?? null, email: assignee?.email ?? null } });
    });
    return assignee ? `Assigned to ${assignee.email}.` : "Unassigned.";
  }
  if (change.intent === "note") {
    await db.transaction(async (tx) => {
      const [note] = await tx.insert(leadNotes).values({ leadId: id, siteId: scoped.site.id, userId: actor.member.id, authorEmail: actor.member.email, body: change.body }).returning({ id: leadNotes.id });
      // The note's text may hold personal data: the audit row names the note, not its words.
      await recordAudit(tx, { ...audit, action: "lead.note", after: { noteId: note.id } });
    });
    return "Note added.";
  }
  const [delivery] = await db.select({ id: leadDeliveries.id, status: leadDeliveries.status, channel: leadDeliveries.channel }).from(leadDeliveries).where(and(eq(leadDeliveries.id, change.delivery), eq(leadDeliveries.leadId, id)));
  if (!delivery) throw new LeadActionError("That delivery is not one of this lead's.", "delivery");
  if (delivery.status !== "dead") throw new LeadActionError(`That delivery is ${delivery.status}, not dead: there is nothing to retry.`, "delivery");
  await db.transaction(async (tx) => {
    await retryDelivery(tx, delivery.id);
    await recordAudit(tx, { ...audit, action: "lead.delivery-retry", before: { delivery: delivery.id, status: "dead" }, after: { delivery: delivery.id, status: "pending" } });
  });
  return `The ${delivery.channel} delivery is queued for an immediate attempt.`;
}

/** Leaves a lead-detail view in the audit trail (issue 49 item 4: every view of a lead's details). */
export async function recordLeadView(db: Database, viewer: LeadViewer, actor: LeadActor, id: number): Promise<void> {
  await recordAudit(db, { userId: actor.member.id, actorEmail: actor.member.email, siteId: viewer.scoped.site.id, action: "lead.view", entity: "lead", entityId: String(id), after: { personal: viewer.personal }, ipAddress: actor.ip });
}

/** Site configs the retention job resolves in one turn of the event loop. */
const RETENTION_SITES_PER_TURN = 100;

/** Keys of a payload that are kept when a lead is anonymised: how it came, never who sent it. */
const KEPT_WHEN_ANONYMISED = ["category", "subcategory", "url", "source", "dealership_slug", "page_id", "car_id", "car_dealership_id", "stock_number", "Vehicle Make", "Vehicle Model", "manufacturer_slug", "car_type", "vehicle_status", "location_id", "lead_attributes"];

/**
 * Anonymises the leads older than their site's `leads.retentionDays` (sites with null keep
 * theirs): name, e-mail, phone, postcode, IP and every form answer go, notes are blanked; the
 * lead's form, car, location, source, visit trail, status and deliveries stay for the figures.
 * Safe with several nodes: one transaction-scoped advisory lock lets one node run it at a time,
 * and a lead is anonymised once (`anonymised_at`).
 * @param now epoch ms
 * @returns leads anonymised per site (sites with none are left out)
 */
export async function anonymiseExpiredLeads(db: Database, now: number): Promise<{ siteId: number; slug: string; anonymised: number }[]> {
  // The setting defaults to null (keep), so only a site or group that names it can be due: the
  // others are not read, and the configs that are read are resolved a slice per turn of the event
  // loop. Resolving 5,000 sites' configs in one go held a node's event loop for about 50 ms.
  const namesRetention = (config: typeof sites.config | typeof dealerGroups.config) => sql`coalesce(${config} -> 'leads' ? 'retentionDays', false)`;
  const siteRows = await db
    .select({ id: sites.id, slug: sites.slug, config: sites.config, groupConfig: dealerGroups.config })
    .from(sites)
    .leftJoin(dealerGroups, eq(dealerGroups.id, sites.dealerGroupId))
    .where(or(namesRetention(sites.config), namesRetention(dealerGroups.config)));
  const due: ((typeof siteRows)[number] & { days: number })[] = [];
  for (let start = 0; start < siteRows.length; start += RETENTION_SITES_PER_TURN) {
    if (start > 0) await nextTurn();
    for (const site of siteRows.slice(start, start + RETENTION_SITES_PER_TURN)) {
      const days = resolveSiteConfig(site.groupConfig ?? {}, site.config ?? {}).leads.retentionDays;
      if (days !== null) due.push({ ...site, days });
    }
  }
  if (!due.length) return [];
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(49004) as locked`));
    if (!lock?.locked) return [];
    const report: { siteId: number; slug: string; anonymised: number }[] = [];
    for (const site of due) {
      const before = new Date(now - site.days * 86_400_000);
      const done = await tx
        .update(leads)
        .set({
          firstName: "(anonymised)",
          lastName: null,
          email: null,
          phone: null,
          postcode: null,
          ip: null,
          payload: sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(${leads.payload}) where key in (${sql.join(KEPT_WHEN_ANONYMISED.map((k) => sql`${k}`), sql`, `)}))`,
          anonymisedAt: new Date(now),
        })
        .where(and(eq(leads.siteId, site.id), lt(leads.createdAt, before), isNull(leads.anonymisedAt)))
        .returning({ id: leads.id });
      if (!done.length) continue;
      await tx.update(leadNotes).set({ body: "(anonymised)" }).where(inArray(leadNotes.leadId, done.map((d) => d.id)));
      await recordAudit(tx, { userId: null, actorEmail: null, siteId: site.id, action: "leads.anonymise", entity: "leads", after: { anonymised: done.length, olderThanDays: site.days } });
      report.push({ siteId: site.id, slug: site.slug, anonymised: done.length });
    }
    return report;
  });
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Runs {@link anonymiseExpiredLeads} every `intervalMs` (default hourly; the first run a minute
 * after start) and reports each site's count through `report`. Errors are logged and the next tick
 * tries again.
 */
export function startLeadRetentionWorker(db: Database, options: { intervalMs?: number; report: (site: { slug: string; anonymised: number }) => void; log?: (error: unknown) => void }) {
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      for (const site of await anonymiseExpiredLeads(db, Date.now())) options.report(site);
    } catch (error) {
      options.log?.(error);
    }
  };
  const run = () => {
    if (!running) running = tick().finally(() => (running = null));
  };
  const first = setTimeout(run, Math.min(60_000, options.intervalMs ?? 60_000));
  const timer = setInterval(run, options.intervalMs ?? 3_600_000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
