/**
 * `/sites/{slug}/settings/versions` (issue 48 item 5): every published version of a site's
 * settings, what each changed (`?version=N`), and rollback to any of them (a new version).
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-versions";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { changesAllowed, settingsReach } from "~/console/settings-access.server";
import { listVersions, loadSiteSettings, rollbackTo, SettingsConflict, versionDiff } from "~/console/settings.server";
import { siteConfigVersions } from "../../../db/schema/index";
import { and, eq } from "drizzle-orm";
import { ScrollingTable } from "~/console/scrolling-table";
import { readConsoleFormData } from "~/console/form.server";
import { MAX_DB_ID } from "~/domain/db-id";

const ROUTE_ID = "console-site-settings-versions";
const VersionParam = z.coerce.number().int().positive().max(MAX_DB_ID);

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const raw = args.url.searchParams.get("version");
  const parsed = raw === null ? null : VersionParam.safeParse(raw);
  if (parsed && !parsed.success) throw data("The version must be a whole number, e.g. ?version=2.", { status: 400 });
  const selected = parsed?.data ?? null;
  const diff = selected === null ? null : await versionDiff(db, scoped.id, selected);
  if (selected !== null && !diff) throw data("No such version", { status: 404 });
  const versions = await listVersions(db, scoped.id);
  return {
    site: { slug: scoped.slug, name: scoped.name },
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    selected,
    diff: diff?.map((d) => ({ path: d.path, before: show(d.before), after: show(d.after) })) ?? null,
    mayRollBack: (await settingsReach(db, member, scoped.slug, "settings.publish")) !== null,
    done: /^\d{1,9}$/.exec(args.url.searchParams.get("done") ?? "")?.[0] ?? null,
  };
}

function show(value: unknown): string {
  return value === undefined ? "(not set)" : JSON.stringify(value);
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-settings-versions", args);
  const scoped = site!.site;
  const reach = await settingsReach(db, member, scoped.slug, "settings.publish");
  if (!reach) throw data("Your role cannot roll back settings.", { status: 403 });
  const version = VersionParam.safeParse((await readConsoleFormData(args.request)).get("version"));
  if (!version.success) throw data("Choose a version to roll back to.", { status: 400 });
  const [target] = await db.select({ config: siteConfigVersions.config }).from(siteConfigVersions).where(and(eq(siteConfigVersions.siteId, scoped.id), eq(siteConfigVersions.version, version.data)));
  if (!target) throw data("No such version", { status: 404 });
  if (!changesAllowed(reach, (await loadSiteSettings(db, scoped.id)).published, target.config)) throw data("Rolling back to this version changes sections your role cannot publish.", { status: 403 });
  try {
    const made = await rollbackTo(db, { member, ipAddress: console.clientIp }, scoped.id, version.data);
    return redirect(`/sites/${scoped.slug}/settings/versions?done=${made}`);
  } catch (error) {
    if (error instanceof SettingsConflict) return data({ conflict: error.message }, { status: 409 });
    throw error;
  }
}

const KINDS: Record<string, string> = { baseline: "Settings before the first console publish", publish: "Published", rollback: "Rollback" };

export default function ConsoleSettingsVersions({ loaderData, actionData }: Route.ComponentProps) {
  const { site, versions, selected, diff, mayRollBack, done } = loaderData;
  return (
    <section aria-labelledby="versions-title">
      <title>{`Settings versions · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>{" "}
        ›{" "}
        <a href={`/sites/${site.slug}/settings`} className="underline">
          Settings
        </a>
      </p>
      <h1 id="versions-title" className="text-2xl font-bold">
        Settings versions
      </h1>
      {done ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-2">
          Rolled back: published as version {done}. The public site shows it on its next request.
        </p>
      ) : null}
      {actionData && "conflict" in actionData ? (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-2">
          {actionData.conflict}
        </p>
      ) : null}
      {versions.length ? (
        <ScrollingTable label="Versions" className="mt-3">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">What</th>
              <th scope="col">Who</th>
              <th scope="col">When (UTC)</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v, i) => (
              <tr key={v.version} className="border-t border-slate-200">
                <td>{v.version}</td>
                <td>
                  {KINDS[v.kind] ?? v.kind}
                  {v.rolledBackTo ? ` to version ${v.rolledBackTo}` : ""}
                  {i === 0 ? " (live)" : ""}
                </td>
                <td>{v.actorEmail ?? "-"}</td>
                <td>{v.createdAt.replace("T", " ").slice(0, 19)}</td>
                <td className="flex flex-wrap gap-2 py-1">
                  <a href={`?version=${v.version}`} className="underline" aria-label={`Changes in version ${v.version}`}>
                    Changes
                  </a>
                  {mayRollBack && i > 0 ? (
                    <form method="post">
                      <input type="hidden" name="version" value={v.version} />
                      <button type="submit" className="underline" aria-label={`Roll back to version ${v.version}`}>
                        Roll back to this
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-3">No versions yet: the first publish makes version 1 (the settings as they were) and version 2.</p>
      )}
      {diff ? (
        <section aria-labelledby="diff-title" className="mt-6">
          <h2 id="diff-title" className="text-lg font-semibold">
            Changes in version {selected}
          </h2>
          {diff.length ? (
            <ScrollingTable label="Changes" className="mt-2">
              <thead>
                <tr>
                  <th scope="col">Setting</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {diff.map((d) => (
                  <tr key={d.path} className="border-t border-slate-200 align-top">
                    <td className="font-mono">{d.path}</td>
                    <td className="break-all">{d.before}</td>
                    <td className="break-all">{d.after}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
          ) : (
            <p className="mt-2">No changes against the version before.</p>
          )}
        </section>
      ) : null}
    </section>
  );
}
