/**
 * Loader and action of the page of a dealer group's or the network's offers (issue 50 items 1 and
 * 7), shared by `/groups/{slug}/offers` and `/platform/offers` (the page: network-offers-page.tsx).
 * The form and its rules are a site offer's (offers.server.ts): kind (offer or promo card), image
 * upload, reg 100, publish now or at a time, unpublish at a time; times in the scope's time zone.
 */
import { data, redirect } from "react-router";
import type { Database } from "../../db/client";
import { momentInWords } from "~/domain/content/schedule";
import { ImageUploadError, MAX_UPLOAD_BYTES } from "~/services/content-images.server";
import { fieldProblem, formProblem, parseConsoleForm, readPostedForm } from "./form.server";
import { listUnsitedFailed } from "./scheduling.server";
import { cancelScopeOfferSchedule, dismissScopeOfferFailure, duplicateScopeOffer, excludedSitesOf, listScopeOffers, loadScopeOffer, saveScopeOffer, scheduleScopeOffer, scopeOwner, setScopeOfferStatus, type OfferScope } from "./network-offers.server";
import { offerFormValues, OfferFormSchema, offerImageOf, OfferInputError, offerModelChoices, offerValues, scheduleOfForm, type ConsoleOffer, type OfferActor } from "./offers.server";

const FORM = "offer";

function idOf(request: Request): number | null {
  const id = Number(new URL(request.url).searchParams.get("id"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Loader data of the page. @throws 404 for an id that is not the scope's */
export async function loadScopeOffersPage(db: Database, scope: OfferScope, request: Request) {
  const id = idOf(request);
  const row = id === null ? null : await loadScopeOffer(db, scope, id);
  if (id !== null && !row) throw data("No such offer", { status: 404 });
  const names = new Map(scope.sites.map((s) => [s.id, s.name]));
  const when = (d: Date | null) => (d ? momentInWords(d, scope.timeZone) : null);
  const pending = (o: ConsoleOffer) => o.pending.map((p) => ({ action: p.action, at: momentInWords(p.runAt, scope.timeZone) }));
  const done = new URL(request.url).searchParams.get("done");
  const list = await listScopeOffers(db, scope);
  // Changes the job could not apply (the last 30 days', not dismissed): counted in the list, told on the offer.
  const failed = await listUnsitedFailed(db, scope.timeZone, { entity: "offer", entityIds: list.map((o) => o.id) }, Date.now());
  return {
    timeZone: scope.timeZone,
    sites: scope.sites,
    offers: list.map((o) => ({ id: o.id, name: o.name, kind: o.kind === "promo_card" ? "Promo card" : "Offer", status: o.status, startsAt: when(o.startsAt), expiresAt: when(o.expiresAt), pending: pending(o), failed: failed.filter((f) => f.entityId === o.id).length, excluded: o.excludedSiteIds.map((s) => names.get(s) ?? `site ${s}`) })),
    editing: row ? { id: row.id, name: row.name, status: row.status, imageUrl: row.imageUrl, pending: pending(row), failed: failed.filter((f) => f.entityId === row.id) } : null,
    values: row ? valuesOf(row, scope.timeZone) : ({} as Record<string, string | string[]>),
    models: await offerModelChoices(db),
    maxUploadMb: MAX_UPLOAD_BYTES / 1024 / 1024,
    notice: done ? (DONE[done] ?? null) : null,
  };
}

const DONE: Record<string, string> = {
  saved: "Saved.",
  published: "Published: shoppers of every site it covers see it on their next page.",
  scheduled: "Scheduled. The change takes effect on every site it covers within a minute of its time.",
  unpublished: "Taken down: it is a draft again.",
  retired: "Retired: it shows nowhere.",
  "schedule-cancelled": "Schedule cancelled.",
  duplicated: "Duplicated: this is the copy, a draft. Change it, then publish or schedule it.",
  dismissed: "Dismissed.",
};

function valuesOf(row: ConsoleOffer, timeZone: string): Record<string, string | string[]> {
  return { ...offerFormValues(row, timeZone), excluded: row.excludedSiteIds.map(String) };
}

/**
 * The page's action: save (a new offer is a draft), publish now, schedule, unpublish, retire,
 * duplicate (the copy is a draft), cancel the schedule or dismiss a change that did not happen. The image (multipart field `image`) is the scope's, served on its sites.
 * @param base the page's path, e.g. "/groups/swan-river-motors/offers"
 */
export async function scopeOffersAction(db: Database, scope: OfferScope, actor: OfferActor, request: Request, base: string) {
  const { form, intent, typed } = await readPostedForm(request);
  const values = { ...typed, excluded: form.getAll("excluded").map(String) };
  const id = idOf(request);
  const back = (rowId: number, done: string) => redirect(`${base}?id=${rowId}&done=${done}`);
  try {
    if (id !== null && (intent === "unpublish" || intent === "retire")) {
      await setScopeOfferStatus(db, actor, scope, id, intent === "retire" ? "retired" : "draft");
      return back(id, intent === "retire" ? "retired" : "unpublished");
    }
    if (id !== null && intent === "duplicate") return back(await duplicateScopeOffer(db, actor, scope, id), "duplicated");
    if (id !== null && intent === "dismiss-failed") {
      await dismissScopeOfferFailure(db, actor, scope, id, Number(form.get("changeId")));
      return back(id, "dismissed");
    }
    if (id !== null && intent === "cancel-schedule") {
      await cancelScopeOfferSchedule(db, actor, scope, id);
      return back(id, "schedule-cancelled");
    }
    if (intent !== "save" && intent !== "publish" && intent !== "schedule") return formProblem({ form: FORM, errors: { form: ["Choose Save, Publish or Schedule."] }, values });
    const parsed = parseConsoleForm(FORM, form, OfferFormSchema);
    if (!parsed.ok) return formProblem({ ...parsed.problem, values });
    const excluded = excludedSitesOf(scope, form.getAll("excluded"));
    const now = Date.now();
    const at = scheduleOfForm(parsed.value, scope.timeZone, intent, now);
    const row = await offerValues(db, parsed.value, scope.timeZone);
    const image = await offerImageOf(db, form, scopeOwner(scope), actor.member.id);
    if (image !== undefined) row.imageUrl = image;
    const saved = await saveScopeOffer(db, actor, scope, id, row, excluded);
    if (intent === "publish") await setScopeOfferStatus(db, actor, scope, saved, "published");
    if (intent === "schedule") await scheduleScopeOffer(db, actor, scope, saved, at, now);
    return back(saved, intent === "publish" ? "published" : intent === "schedule" ? "scheduled" : "saved");
  } catch (error) {
    if (error instanceof OfferInputError) return fieldProblem(FORM, error.field, error.message, values);
    if (error instanceof ImageUploadError) return fieldProblem(FORM, "image", error.message, values);
    throw error;
  }
}
