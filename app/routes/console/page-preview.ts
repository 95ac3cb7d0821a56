/**
 * `/sites/{slug}/pages/preview` (issue 50 item 2): the live Markdown preview's endpoint. The page
 * editor's script (public/console/markdown-preview.js) posts the title and body as staff type, and
 * gets back the HTML the live page would show: the same renderer and sanitiser (marked, then
 * sanitize-html, with the site's facts filled in) as the page itself and the editor's Preview
 * button. Nothing is saved. GET describes the endpoint.
 */
import { z } from "zod";
import type { Route } from "./+types/page-preview";
import { resolvedSite } from "~/console/content.server";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { renderPagePreview } from "~/services/content.server";
import { readConsoleFormData } from "~/console/form.server";

const ROUTE_ID = "console-site-page-preview";

/** What the script posts: the fields of the page form that change the preview. */
const LivePreviewSchema = z.object({
  title: z.string().max(200, "Use at most 200 characters.").default(""),
  body: z.string({ error: "Post the page's body." }).max(100_000, "Use at most 100,000 characters."),
});

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader(args: Route.LoaderArgs) {
  const { site } = await guardConsoleRoute(ROUTE_ID, args);
  return Response.json({ site: { slug: site!.site.slug, name: site!.site.name }, usage: "POST title and body (Markdown) as a form: the answer is the page's HTML as shoppers would see it, sanitised." }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const { db, site } = await guardConsoleAction("console-site-page-preview", args);
  const form = await readConsoleFormData(args.request);
  const parsed = LivePreviewSchema.safeParse({ title: form.get("title") ?? undefined, body: form.get("body") ?? undefined });
  if (!parsed.success) return Response.json({ errors: parsed.error.issues.map((i) => i.message) }, { status: 400, headers: NO_STORE });
  const preview = await renderPagePreview(db, await resolvedSite(db, site!.site.slug), parsed.data);
  return Response.json(preview, { headers: NO_STORE });
}
