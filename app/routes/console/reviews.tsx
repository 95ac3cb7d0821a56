/**
 * `/sites/{slug}/reviews` (issue 50 item 8): the reviews display settings (minimum rating, how
 * many a location page lists), published at once as a settings version, and the site's reviews,
 * each of which can be hidden with a reason (kept in the audit trail) or shown again.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/reviews";
import { resolvedSite } from "~/console/content.server";
import { Field, Notice } from "~/console/content-ui";
import { SitePageHeading } from "~/console/site-page";
import { fieldProblem, formProblem, parseConsoleForm, readPostedForm } from "~/console/form.server";
import { FormStatus, type FormOutcome } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { HideReviewSchema, listConsoleReviews, ReviewDisplaySchema, setReviewHidden } from "~/console/reviews.server";
import { ScrollingTable } from "~/console/scrolling-table";
import { publishConfigChange, SettingsConflict } from "~/console/settings.server";
import { localClock } from "~/domain/opening-hours";

const ROUTE_ID = "console-site-reviews";

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const full = await resolvedSite(db, site!.site.slug);
  const rows = await listConsoleReviews(db, full.id);
  const done = args.url.searchParams.get("done");
  return {
    site: { slug: full.slug, name: full.name },
    display: { minimumReviewRating: String(full.config.display.minimumReviewRating), reviewsListed: String(full.config.locationsPage.reviewsListed) },
    // The day on the site's calendar, as its location pages show it (not UTC's: a Sydney review
    // written before 11am showed the day before).
    reviews: rows.map((r) => ({ ...r, reviewDate: localClock(r.reviewDate, full.config.timeZone).date, belowMinimum: r.rating < full.config.display.minimumReviewRating })),
    notice: done === "hidden" ? "Review hidden from the site." : done === "shown" ? "Review shown again." : done ? `Published as settings version ${done}.` : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-reviews", args);
  const scoped = site!.site;
  const actor = { member, ipAddress: console.clientIp };
  const { form, intent, typed } = await readPostedForm(args.request);
  const back = (done: string) => redirect(`/sites/${scoped.slug}/reviews?done=${done}`);
  if (intent === "display") {
    const parsed = parseConsoleForm("display", form, ReviewDisplaySchema);
    if (!parsed.ok) return formProblem(parsed.problem);
    try {
      const version = await publishConfigChange(db, actor, scoped.id, (config) => {
        const display = { ...((config.display as Record<string, unknown> | undefined) ?? {}), minimumReviewRating: parsed.value.minimumReviewRating };
        const locationsPage = { ...((config.locationsPage as Record<string, unknown> | undefined) ?? {}), reviewsListed: parsed.value.reviewsListed };
        return { ...config, display, locationsPage };
      });
      return back(String(version));
    } catch (error) {
      if (error instanceof SettingsConflict) return fieldProblem("display", "form", error.message, typed);
      throw error;
    }
  }
  if (intent === "hide") {
    const parsed = parseConsoleForm(`hide-${String(form.get("id"))}`, form, HideReviewSchema);
    if (!parsed.ok) return formProblem(parsed.problem);
    if (!(await setReviewHidden(db, actor, scoped.id, parsed.value.id, true, parsed.value.reason))) throw data("No such review", { status: 404 });
    return back("hidden");
  }
  if (intent === "show") {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || !(await setReviewHidden(db, actor, scoped.id, id, false, null))) throw data("No such review", { status: 404 });
    return back("shown");
  }
  return formProblem({ form: "display", errors: { form: ["Choose Save, Hide or Show."] }, values: {} });
}

export default function ConsoleReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { site, display, reviews, notice } = loaderData;
  const outcome = actionData as FormOutcome;
  return (
    <section aria-labelledby="reviews-title">
      <SitePageHeading site={site} title="Reviews" id="reviews-title" />
      <Notice text={notice} />
      <FormStatus outcome={outcome} />
      <form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Reviews display">
        <Field outcome={outcome} form="display" name="minimumReviewRating" label="Minimum rating shown (0 to 5)" value={display.minimumReviewRating} help="Reviews below it are not listed on location pages." />
        <Field outcome={outcome} form="display" name="reviewsListed" label="Reviews listed on a location page" value={display.reviewsListed} />
        <p className="sm:col-span-2">
          <button type="submit" name="intent" value="display" className="rounded bg-slate-900 px-3 py-1 text-white">
            Save and publish
          </button>
        </p>
      </form>
      {reviews.length ? (
        <ScrollingTable label="Reviews" className="mt-6">
          <caption className="sr-only">The site's reviews, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Review</th>
              <th scope="col">State</th>
              <th scope="col">Hide or show</th>
            </tr>
          </thead>
          <tbody>
            {reviews.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 align-top">
                <td>
                  <p className="font-medium">
                    {r.customerName}, {r.rating} of 5, {r.reviewDate}
                    {r.location ? ` · ${r.location}` : ""}
                  </p>
                  <p className="text-sm">{r.text.length > 240 ? `${r.text.slice(0, 240)}…` : r.text}</p>
                </td>
                <td>{r.hidden ? "Hidden" : r.belowMinimum ? "Below the minimum" : "Shown"}</td>
                <td>
                  <form method="post" className="grid gap-1">
                    <input type="hidden" name="id" value={r.id} />
                    {r.hidden ? (
                      <button type="submit" name="intent" value="show" className="underline">
                        Show again
                      </button>
                    ) : (
                      <>
                        <Field outcome={outcome} form={`hide-${r.id}`} name="reason" label={`Reason to hide the review by ${r.customerName}`} value="" />
                        <button type="submit" name="intent" value="hide" className="rounded border border-slate-900 px-2 py-1">
                          Hide
                        </button>
                      </>
                    )}
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">This site has no reviews yet.</p>
      )}
    </section>
  );
}
