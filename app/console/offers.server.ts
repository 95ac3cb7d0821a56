/**
 * Offers and promo cards in the dealer console (issue 50 item 1, decisions 325-327): create, edit,
 * duplicate, retire, publish now or at a time, unpublish at a time. The console edits the same
 * `offers` rows the public pages read (the demo seed writes them too); every change is audited in
 * its transaction and moves the site's config version (migration 0018), so every node shows it
 * on its next request.
 *
 * A finance offer (one with a finance rate) must carry its comparison rate (NCCP reg 100): the
 * form refuses it without one, naming the field, and publishing re-checks. The comparison-rate
 * warning is never typed: every page that shows the rates adds it (app/domain/finance).
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { manufacturers, models, offers, type OfferStatus } from "../../db/schema/index";
import { FinanceOfferSourceSchema, type FinanceOfferSource } from "~/domain/finance/finance-offer";
import { instantOfLocalInput, localInputOf, WALL_CLOCK_PATTERN } from "~/domain/content/schedule";
import { cancelChanges, pendingChanges, scheduleChange, type PendingChange } from "~/services/scheduled-changes.server";
import { storeContentImage } from "~/services/content-images.server";
import type { ContentOwner } from "~/services/content-owner.server";
import { recordAudit, type StaffMember } from "./staff.server";

/** Who makes a change (audit rows). */
export interface OfferActor {
  member: Pick<StaffMember, "id" | "email">;
  ipAddress: string | null;
}

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} can be at most ${max} characters.`).optional();
const wallClock = (label: string) =>
  z
    .string()
    .regex(WALL_CLOCK_PATTERN, `${label}: enter a date and time, e.g. 2026-12-07 09:00.`)
    // 30 February is not left out as "no date": an offer would then never expire.
    .refine((v) => instantOfLocalInput(v, "UTC") !== null, `${label}: that day or time does not exist.`)
    .optional();
const rate = (label: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, `${label}: a percentage per year such as 6.49 (up to 2 decimals).`)
    .refine((v) => Number(v) <= max, `${label} must be at most ${max}% p.a.`)
    .optional();

/** The message when a finance rate comes without its comparison rate (asserted by the tests). */
export const COMPARISON_RATE_REQUIRED =
  "Comparison rate is required: an offer that advertises a finance rate must show its comparison rate (NCCP reg 100, $30,000 over 5 years). Enter it here; the comparison-rate warning is added to the offer for you.";

/**
 * The offer form (every field a string as posted; dates are wall-clock times in the site's time
 * zone, converted by {@link offerValues}). Finance: a finance rate needs a comparison rate, no
 * lower than it, and a term.
 */
export const OfferFormSchema = z
  .object({
    name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(120, "Name can be at most 120 characters."),
    kind: z.enum(["offer", "promo_card"], { error: "Choose an offer or a promo card." }).default("offer"),
    category: optionalText(60, "Category"),
    modelId: z.string().regex(/^\d{1,9}$/, "Choose a model from the list.").optional(),
    description: optionalText(4000, "Description"),
    disclaimer: optionalText(4000, "Disclaimer"),
    linkUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?![/\\])\S*|https:\/\/\S+)$/, "Link: a path on this site starting with / (e.g. /trade-in) or an https:// address.")
      .optional(),
    carType: z.enum(["new", "demo", "used"], { error: "Car type: new, demo or used (or every type)." }).optional(),
    startsAt: wallClock("Starts"),
    expiresAt: wallClock("Expires"),
    financeRate: rate("Finance rate", 30),
    comparisonRate: rate("Comparison rate", 40),
    termYears: z.string().regex(/^[1-7]$/, "Term: 1 to 7 years.").optional(),
    publishAt: wallClock("Publish at"),
    unpublishAt: wallClock("Unpublish at"),
  })
  .superRefine((v, ctx) => {
    if (v.financeRate !== undefined && v.comparisonRate === undefined) ctx.addIssue({ code: "custom", path: ["comparisonRate"], message: COMPARISON_RATE_REQUIRED });
    if (v.comparisonRate !== undefined && v.financeRate === undefined) ctx.addIssue({ code: "custom", path: ["financeRate"], message: "Finance rate is required with a comparison rate (the rate the comparison rate is for)." });
    if (v.financeRate !== undefined && v.comparisonRate !== undefined && Number(v.comparisonRate) < Number(v.financeRate))
      ctx.addIssue({ code: "custom", path: ["comparisonRate"], message: "Comparison rate cannot be below the finance rate: it adds the fees and charges to it." });
    if (v.startsAt && v.expiresAt && v.expiresAt <= v.startsAt) ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Expires must be after Starts." });
    if (v.publishAt && v.unpublishAt && v.unpublishAt <= v.publishAt) ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: "Unpublish at must be after Publish at." });
  });
export type OfferForm = z.infer<typeof OfferFormSchema>;

/** The columns an offer form sets. */
export type OfferValues = Pick<typeof offers.$inferInsert, "name" | "kind" | "category" | "modelId" | "manufacturerId" | "description" | "disclaimer" | "linkUrl" | "carType" | "startsAt" | "expiresAt" | "finance" | "imageUrl">;

/** Why a change was refused (shown beside `field`). */
export class OfferInputError extends Error {
  constructor(
    message: string,
    readonly field: string = "form",
  ) {
    super(message);
  }
}

/**
 * The row values of a valid form.
 * @param timeZone the site's IANA zone: the form's dates are wall-clock times there
 * @throws OfferInputError for a model that does not exist
 */
export async function offerValues(db: Pick<Database, "select">, form: OfferForm, timeZone: string): Promise<OfferValues> {
  let manufacturerId: number | null = null;
  if (form.modelId) {
    const [model] = await db.select({ manufacturerId: models.manufacturerId }).from(models).where(eq(models.id, Number(form.modelId)));
    if (!model) throw new OfferInputError("Choose a model from the list.", "modelId");
    manufacturerId = model.manufacturerId;
  }
  const finance: FinanceOfferSource | null =
    form.financeRate !== undefined && form.comparisonRate !== undefined
      ? { source: "offer", interestRate: Number(form.financeRate), comparisonRate: Number(form.comparisonRate), termYears: Number(form.termYears ?? 5) }
      : null;
  return {
    name: form.name,
    kind: form.kind,
    category: form.category || null,
    modelId: form.modelId ? Number(form.modelId) : null,
    manufacturerId,
    description: form.description ?? "",
    disclaimer: form.disclaimer ?? "",
    linkUrl: form.linkUrl || null,
    carType: form.carType ?? null,
    startsAt: form.startsAt ? instantOfLocalInput(form.startsAt, timeZone) : null,
    expiresAt: form.expiresAt ? instantOfLocalInput(form.expiresAt, timeZone) : null,
    finance,
  };
}

/**
 * The schedule a posted offer form asks for with the button `intent`, checked before anything is
 * saved (so a refused schedule never leaves a half-made offer). Only "schedule" needs an instant;
 * other intents ignore the fields.
 * @param timeZone the IANA zone the form's times are typed in (the site's, or the group's)
 * @param now epoch ms
 * @returns the instants (UTC), null for an action not scheduled
 * @throws OfferInputError naming the field: no instant given for "schedule", or one not in the future
 */
export function scheduleOfForm(form: Pick<OfferForm, "publishAt" | "unpublishAt">, timeZone: string, intent: string, now: number): { publishAt: Date | null; unpublishAt: Date | null } {
  const publishAt = form.publishAt ? instantOfLocalInput(form.publishAt, timeZone) : null;
  const unpublishAt = form.unpublishAt ? instantOfLocalInput(form.unpublishAt, timeZone) : null;
  if (intent === "schedule") {
    if (!publishAt && !unpublishAt) throw new OfferInputError("Publish at: enter when to publish (or Unpublish at: when to take it down).", "publishAt");
    if (publishAt && publishAt.getTime() <= now) throw new OfferInputError("Publish at must be in the future (or use Publish now).", "publishAt");
    if (unpublishAt && unpublishAt.getTime() <= now) throw new OfferInputError("Unpublish at must be in the future.", "unpublishAt");
  }
  return { publishAt, unpublishAt };
}

/**
 * The image column a posted offer form sets: a new upload (field `image`), stored for `owner`;
 * null when "Remove the image" (`removeImage`) is ticked; undefined to keep the current one.
 * @throws ImageUploadError for a file that is too large or not an accepted image
 */
export async function offerImageOf(db: Database, form: FormData, owner: ContentOwner, createdBy: string): Promise<string | null | undefined> {
  const image = form.get("image");
  if (image instanceof File && image.size > 0) return storeContentImage(db, owner, image, createdBy);
  return form.get("removeImage") === "1" ? null : undefined;
}

/**
 * Why an offer cannot be published, or null when it can: a finance source that does not carry a
 * valid comparison rate (reg 100), e.g. a row written before the console checked it.
 */
export function publishProblem(offer: Pick<typeof offers.$inferSelect, "finance" | "status">): OfferInputError | null {
  if (offer.status === "retired") return new OfferInputError("A retired offer cannot be published: duplicate it to run it again.");
  if (offer.finance == null) return null;
  const parsed = FinanceOfferSourceSchema.safeParse(offer.finance);
  if (!parsed.success) return new OfferInputError(COMPARISON_RATE_REQUIRED, "comparisonRate");
  return null;
}

/** An offer row of the site, as the console shows it. */
export type ConsoleOffer = typeof offers.$inferSelect & { pending: PendingChange[] };

/** The site's own offers and promo cards (not network ones), newest first, with their pending changes. */
export async function listSiteOffers(db: Database, siteId: number): Promise<ConsoleOffer[]> {
  const rows = await db.select().from(offers).where(eq(offers.siteId, siteId)).orderBy(asc(offers.status), desc(offers.id));
  const pending = await pendingChanges(db, "offer", rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, pending: pending.filter((p) => p.entityId === r.id) }));
}

/** One offer of the site, or null (another site's, a network offer, or none). */
export async function loadSiteOffer(db: Database, siteId: number, id: number): Promise<ConsoleOffer | null> {
  const [row] = await db.select().from(offers).where(and(eq(offers.id, id), eq(offers.siteId, siteId)));
  if (!row) return null;
  return { ...row, pending: await pendingChanges(db, "offer", [id]) };
}

/** The models an offer can name, by manufacturer (the form's list). */
export async function offerModelChoices(db: Database): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({ id: models.id, model: models.name, make: manufacturers.name })
    .from(models)
    .innerJoin(manufacturers, eq(manufacturers.id, models.manufacturerId))
    .orderBy(asc(manufacturers.name), asc(models.name));
  return rows.map((r) => ({ id: r.id, label: `${r.make} ${r.model}` }));
}

/** The form's values of a stored offer, in the site's time zone. */
export function offerFormValues(row: typeof offers.$inferSelect, timeZone: string): Record<string, string> {
  const finance = FinanceOfferSourceSchema.safeParse(row.finance);
  const own = finance.success && finance.data.source === "offer" ? finance.data : null;
  return {
    name: row.name,
    kind: row.kind,
    category: row.category ?? "",
    modelId: row.modelId ? String(row.modelId) : "",
    description: row.description,
    disclaimer: row.disclaimer,
    linkUrl: row.linkUrl ?? "",
    carType: row.carType ?? "",
    startsAt: row.startsAt ? localInputOf(row.startsAt, timeZone) : "",
    expiresAt: row.expiresAt ? localInputOf(row.expiresAt, timeZone) : "",
    financeRate: own ? String(own.interestRate) : "",
    comparisonRate: own ? String(own.comparisonRate) : "",
    termYears: own ? String(own.termYears) : "",
  };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function lockOffer(tx: Tx, siteId: number, id: number) {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), eq(offers.siteId, siteId)))
    .for("update");
  if (!row) throw new OfferInputError("This offer no longer exists on this site.");
  return row;
}

function audit(tx: Tx, actor: OfferActor, siteId: number, action: string, id: number, before: unknown, after: unknown) {
  return recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: `offer.${action}`, entity: "offer", entityId: String(id), before, after, ipAddress: actor.ipAddress });
}

/**
 * Creates (id null: as a draft) or updates an offer of the site.
 * @returns the offer's id
 * @throws OfferInputError when the offer is not the site's
 */
export async function saveOffer(db: Database, actor: OfferActor, siteId: number, id: number | null, values: OfferValues): Promise<number> {
  return db.transaction(async (tx) => {
    if (id === null) {
      const [row] = await tx
        .insert(offers)
        .values({ ...values, siteId, status: "draft" })
        .returning();
      await audit(tx, actor, siteId, "create", row!.id, null, row);
      return row!.id;
    }
    const before = await lockOffer(tx, siteId, id);
    const [after] = await tx.update(offers).set(values).where(eq(offers.id, id)).returning();
    await audit(tx, actor, siteId, "update", id, before, after);
    return id;
  });
}

/**
 * Publishes now (`published`) or takes down now (`draft`) or retires an offer; retiring also
 * cancels its pending scheduled changes.
 * @throws OfferInputError when it may not be published ({@link publishProblem})
 */
export async function setOfferStatus(db: Database, actor: OfferActor, siteId: number, id: number, status: OfferStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOffer(tx, siteId, id);
    await audit(tx, actor, siteId, await applyOfferStatus(tx, before, status), id, { status: before.status }, { status });
  });
}

/**
 * Sets a locked offer row's status inside the caller's transaction: publishing re-checks reg 100;
 * publishing or unpublishing by hand replaces a schedule of the same action; retiring ends all.
 * @returns the audit action's verb: publish, unpublish or retire
 * @throws OfferInputError when it may not be published ({@link publishProblem})
 */
export async function applyOfferStatus(tx: Tx, before: typeof offers.$inferSelect, status: OfferStatus): Promise<"publish" | "unpublish" | "retire"> {
  if (status === "published") {
    const problem = publishProblem(before);
    if (problem) throw problem;
  }
  await tx.update(offers).set({ status }).where(eq(offers.id, before.id));
  await cancelChanges(tx, "offer", before.id, status === "retired" ? undefined : status === "published" ? "publish" : "unpublish");
  return status === "published" ? "publish" : status === "retired" ? "retire" : "unpublish";
}

/**
 * Schedules an offer's publish and/or unpublish instants (replacing earlier schedules of the same
 * action). A publish is checked now as it would be at publication.
 * @param at instants (UTC); null leaves that action's schedule as it is
 * @throws OfferInputError for an instant not in the future, or an offer that may not be published
 */
export async function scheduleOffer(db: Database, actor: OfferActor, siteId: number, id: number, at: { publishAt: Date | null; unpublishAt: Date | null }, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOffer(tx, siteId, id);
    await audit(tx, actor, siteId, "schedule", id, null, await applyOfferSchedule(tx, actor, row, at, now));
  });
}

/**
 * Schedules a locked offer row's publish and/or unpublish inside the caller's transaction, for the
 * row's own owner (its site, its dealer group, or the network). A publish is checked now as it
 * would be at publication.
 * @returns the audit row's `after`: the instants as ISO strings (null: not scheduled)
 * @throws OfferInputError for an instant not in the future, or an offer that may not be published
 */
export async function applyOfferSchedule(tx: Tx, actor: OfferActor, row: typeof offers.$inferSelect, at: { publishAt: Date | null; unpublishAt: Date | null }, now: number) {
  const by = { id: actor.member.id, email: actor.member.email };
  const owner = { siteId: row.siteId, dealerGroupId: row.dealerGroupId, entity: "offer" as const, entityId: row.id, actor: by };
  if (at.publishAt) {
    if (at.publishAt.getTime() <= now) throw new OfferInputError("Publish at must be in the future (or use Publish now).", "publishAt");
    const problem = publishProblem(row);
    if (problem) throw problem;
    await scheduleChange(tx, { ...owner, action: "publish", runAt: at.publishAt });
  }
  if (at.unpublishAt) {
    if (at.unpublishAt.getTime() <= now) throw new OfferInputError("Unpublish at must be in the future.", "unpublishAt");
    await scheduleChange(tx, { ...owner, action: "unpublish", runAt: at.unpublishAt });
  }
  return { publishAt: at.publishAt?.toISOString() ?? null, unpublishAt: at.unpublishAt?.toISOString() ?? null };
}

/** Cancels an offer's pending scheduled changes (audited). */
export async function cancelOfferSchedule(db: Database, actor: OfferActor, siteId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOffer(tx, siteId, id);
    const count = await cancelChanges(tx, "offer", id);
    await audit(tx, actor, siteId, "schedule-cancel", id, { pending: count }, { pending: 0 });
  });
}

/**
 * Copies an offer of the site as a new draft named "Copy of …" (dates and schedule not copied
 * beyond the row's own start and expiry).
 * @returns the copy's id
 */
export async function duplicateOffer(db: Database, actor: OfferActor, siteId: number, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const copy = await insertOfferCopy(tx, await lockOffer(tx, siteId, id));
    await audit(tx, actor, siteId, "duplicate", copy.id, { from: id }, copy);
    return copy.id;
  });
}

/**
 * Inserts a copy of `source` with its owner (site, dealer group or network), fields, image and
 * dates, as a draft named "Copy of …" (at most 120 characters); pending schedules are not copied.
 * Shared by the site's and the group's or network's Duplicate; the caller locks and audits.
 * @returns the copy's row
 */
export async function insertOfferCopy(tx: Tx, source: typeof offers.$inferSelect): Promise<typeof offers.$inferSelect> {
  const { id: _id, status: _status, ...rest } = source;
  const [copy] = await tx
    .insert(offers)
    .values({ ...rest, name: `Copy of ${source.name}`.slice(0, 120), status: "draft" })
    .returning();
  return copy!;
}

/** Ids of the site's offers among `ids` (a guard for list actions). */
export async function siteOfferIds(db: Database, siteId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: offers.id }).from(offers).where(and(eq(offers.siteId, siteId), inArray(offers.id, ids)));
  return rows.map((r) => r.id);
}
