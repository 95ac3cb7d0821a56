/**
 * Loader and action of the page of a dealer group's or the network's offers (issue 50 item 1),
 * shared by `/groups/{slug}/offers` and `/platform/offers` (the page: network-offers-page.tsx).
 */
import { data, redirect } from "react-router";
import type { Database } from "../../db/client";
import type { offers } from "../../db/schema/index";
import { localInputOf, momentInWords } from "~/domain/content/schedule";
import { fieldProblem, formProblem, parseConsoleForm, readPostedForm } from "./form.server";
import { excludedSitesOf, listScopeOffers, loadScopeOffer, saveScopeOffer, setScopeOfferStatus, type OfferScope } from "./network-offers.server";
import { OfferFormSchema, offerFormValues, OfferInputError, offerValues, type OfferActor } from "./offers.server";

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
  const done = new URL(request.url).searchParams.get("done");
  return {
    timeZone: scope.timeZone,
    sites: scope.sites,
    offers: (await listScopeOffers(db, scope)).map((o) => ({ id: o.id, name: o.name, status: o.status, startsAt: when(o.startsAt), expiresAt: when(o.expiresAt), excluded: o.excludedSiteIds.map((s) => names.get(s) ?? `site ${s}`) })),
    editing: row ? { id: row.id, name: row.name, status: row.status } : null,
    values: row ? valuesOf(row, scope.timeZone) : ({} as Record<string, string | string[]>),
    notice: done ? (DONE[done] ?? null) : null,
  };
}

const DONE: Record<string, string> = {
  saved: "Saved.",
  published: "Published: shoppers of every site it covers see it on their next page.",
  unpublished: "Taken down: it is a draft again.",
  retired: "Retired: it shows nowhere.",
};

function valuesOf(row: typeof offers.$inferSelect, timeZone: string): Record<string, string | string[]> {
  return { ...offerFormValues(row, timeZone), startsAt: row.startsAt ? localInputOf(row.startsAt, timeZone) : "", excluded: row.excludedSiteIds.map(String) };
}

/**
 * The page's action: save (a new offer is a draft), publish, unpublish or retire.
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
    if (intent !== "save" && intent !== "publish") return formProblem({ form: FORM, errors: { form: ["Choose Save or Publish."] }, values });
    const parsed = parseConsoleForm(FORM, form, OfferFormSchema);
    if (!parsed.ok) return formProblem({ ...parsed.problem, values });
    const excluded = excludedSitesOf(scope, form.getAll("excluded"));
    const saved = await saveScopeOffer(db, actor, scope, id, await offerValues(db, { ...parsed.value, kind: "offer" }, scope.timeZone), excluded);
    if (intent === "publish") await setScopeOfferStatus(db, actor, scope, saved, "published");
    return back(saved, intent === "publish" ? "published" : "saved");
  } catch (error) {
    if (error instanceof OfferInputError) return fieldProblem(FORM, error.field, error.message, values);
    throw error;
  }
}

