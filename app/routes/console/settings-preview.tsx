/**
 * `/sites/{slug}/settings/preview` (issue 48 item 5): a signed link, valid 30 minutes, that opens
 * the site's own host with its draft (decision 276). The link is made here, on the console, for
 * staff who may edit the settings; the site host never sees a staff session.
 */
import { data } from "react-router";
import type { Route } from "./+types/settings-preview";
import { guardConsoleRoute } from "~/console/guard.server";
import { PREVIEW_PATH, PREVIEW_TTL_SECONDS, signPreviewToken } from "~/console/preview-token.server";
import { loadSiteSettings } from "~/console/settings.server";
import { siteOrigin } from "~/console/site-links";
import { recordAudit } from "~/console/staff.server";

const ROUTE_ID = "console-site-settings-preview";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member, console } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const state = await loadSiteSettings(db, scoped.id);
  if (!state.draft) return { site: { slug: scoped.slug, name: scoped.name }, link: null, minutes: 0 };
  const token = await signPreviewToken(db, scoped.id, member.id);
  await recordAudit(db, { userId: member.id, actorEmail: member.email, siteId: scoped.id, action: "settings.preview", entity: "site-settings", entityId: `draft ${state.draft.revision}`, ipAddress: console.clientIp });
  return { site: { slug: scoped.slug, name: scoped.name }, link: `${siteOrigin(console.origin, scoped.hosts, scoped.slug)}${PREVIEW_PATH}?token=${encodeURIComponent(token)}`, minutes: PREVIEW_TTL_SECONDS / 60 };
}

export function action() {
  throw data("Not allowed", { status: 405 });
}

export default function ConsoleSettingsPreview({ loaderData }: Route.ComponentProps) {
  const { site, link, minutes } = loaderData;
  return (
    <section aria-labelledby="preview-title">
      <title>{`Preview · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}/settings`} className="underline">
          {site.name} settings
        </a>
      </p>
      <h1 id="preview-title" className="text-2xl font-bold">
        Preview the draft
      </h1>
      {link ? (
        <>
          <p className="mt-3">
            <a href={link} className="rounded bg-slate-900 px-3 py-2 text-white" target="_blank" rel="noopener">
              Open the preview of {site.name}
            </a>
          </p>
          <p className="mt-3 text-sm text-slate-700">The link works for {minutes} minutes, in this browser, and shows only this site&apos;s draft. Shoppers never see the draft; preview pages are never cached.</p>
        </>
      ) : (
        <p className="mt-3">There is no draft to preview. Change the settings and save a draft first.</p>
      )}
    </section>
  );
}
