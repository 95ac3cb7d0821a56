/**
 * `/sites/{slug}/redirects` (issue 50 item 2): the site's redirects, old address to new (301),
 * answered by the public site wherever it has no page of its own. Saving a redirect that would
 * close a loop (A -> B -> C -> A) is refused with the loop named.
 */
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/redirects";
import { ContentInputError, deleteRedirect, listRedirects, RedirectFormSchema, saveRedirect } from "~/console/content.server";
import { Field, Notice } from "~/console/content-ui";
import { SitePageHeading } from "~/console/site-page";
import { fieldProblem, formProblem, parseConsoleForm, readPostedForm } from "~/console/form.server";
import { FormStatus, type FormOutcome } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { ScrollingTable } from "~/console/scrolling-table";

const ROUTE_ID = "console-site-redirects";
const FORM = "redirect";

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const rows = await listRedirects(db, scoped.id);
  const done = args.url.searchParams.get("done");
  return { site: { slug: scoped.slug, name: scoped.name }, redirects: rows.map((r) => ({ id: r.id, from: r.from, to: r.to })), notice: done === "saved" ? "Redirect saved." : done === "deleted" ? "Redirect removed." : null };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-redirects", args);
  const scoped = site!.site;
  const actor = { member, ipAddress: console.clientIp };
  const { form, intent, typed } = await readPostedForm(args.request);
  const back = (done: string) => redirect(`/sites/${scoped.slug}/redirects?done=${done}`);
  if (intent === "delete") {
    const id = z.coerce.number().int().positive().safeParse(form.get("id"));
    if (!id.success) return formProblem({ form: FORM, errors: { form: ["That redirect does not exist."] }, values: {} });
    await deleteRedirect(db, actor, scoped.id, id.data);
    return back("deleted");
  }
  if (intent !== "save") return formProblem({ form: FORM, errors: { form: ["Choose Save or Remove."] }, values: {} });
  const parsed = parseConsoleForm(FORM, form, RedirectFormSchema);
  if (!parsed.ok) return formProblem(parsed.problem);
  try {
    await saveRedirect(db, actor, scoped.id, parsed.value);
  } catch (error) {
    if (error instanceof ContentInputError) return fieldProblem(FORM, error.field, error.message, typed);
    throw error;
  }
  return back("saved");
}

export default function ConsoleRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const { site, redirects, notice } = loaderData;
  const outcome = actionData as FormOutcome;
  return (
    <section aria-labelledby="redirects-title">
      <SitePageHeading site={site} title="Redirects" id="redirects-title" />
      <p className="mt-2 text-sm">
        A redirect sends shoppers and search engines from an old address to a new one (301). It applies only where the site has no page of its own at the old address. Saving an old address again replaces its redirect.
      </p>
      <Notice text={notice} />
      <FormStatus outcome={outcome} />
      <form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Add a redirect">
        <Field outcome={outcome} form={FORM} name="from" label="Old address" value="" help="A path of this site, e.g. /pages/old-offer." />
        <Field outcome={outcome} form={FORM} name="to" label="New address" value="" help="A path of this site, e.g. /special-offers, or an https:// address." />
        <p className="sm:col-span-2">
          <button type="submit" name="intent" value="save" className="rounded bg-slate-900 px-3 py-1 text-white">
            Save redirect
          </button>
        </p>
      </form>
      {redirects.length ? (
        <ScrollingTable label="Redirects" className="mt-4">
          <caption className="sr-only">The site's redirects by old address</caption>
          <thead>
            <tr>
              <th scope="col">Old address</th>
              <th scope="col">New address</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {redirects.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 align-top">
                <td className="break-all">{r.from}</td>
                <td className="break-all">{r.to}</td>
                <td>
                  <form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" name="intent" value="delete" className="underline" aria-label={`Remove the redirect from ${r.from}`}>
                      Remove
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">This site has no redirects yet.</p>
      )}
    </section>
  );
}
