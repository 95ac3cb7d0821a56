/** `/`: the sites I can manage (issue 48), with my groups and the platform page for operators. */
import type { Route } from "./+types/home";
import { guardConsoleRoute } from "~/console/guard.server";
import { ROLE_LABELS } from "~/console/permissions";
import { sitesFor } from "~/console/staff.server";
import { dealerGroups } from "../../../db/schema/index";
import { inArray } from "drizzle-orm";

export async function loader(args: Route.LoaderArgs) {
  const { member, db } = await guardConsoleRoute("console-home", args);
  const sites = await sitesFor(db, member);
  const groupIds = member.grants.filter((g) => g.role === "group_admin").map((g) => g.dealerGroupId!);
  const groups = groupIds.length ? await db.select({ slug: dealerGroups.slug, name: dealerGroups.name }).from(dealerGroups).where(inArray(dealerGroups.id, groupIds)) : [];
  return {
    roles: [...new Set(member.grants.map((g) => ROLE_LABELS[g.role]))],
    operator: member.grants.some((g) => g.role === "platform_operator"),
    sites: sites.map((s) => ({ slug: s.slug, name: s.name })),
    groups,
  };
}

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="home-title">
      <title>My sites · Forecourt console</title>
      <h1 id="home-title" className="text-2xl font-bold">
        My sites
      </h1>
      <p className="mt-1 text-sm text-slate-600">Your roles: {loaderData.roles.join(", ") || "none yet"}</p>
      {loaderData.sites.length ? (
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {loaderData.sites.map((site) => (
            <li key={site.slug}>
              <a href={`/sites/${site.slug}`} className="block rounded border border-slate-300 p-3 hover:bg-slate-50">
                {site.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">You have no sites yet. Ask your group admin or the platform operator to add you to one.</p>
      )}
      {loaderData.groups.length ? (
        <>
          <h2 className="mt-6 text-xl font-semibold">My dealer groups</h2>
          <ul className="mt-2 list-disc pl-6">
            {loaderData.groups.map((g) => (
              <li key={g.slug}>
                <a href={`/groups/${g.slug}`} className="underline">
                  {g.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {loaderData.operator ? (
        <p className="mt-6">
          <a href="/platform" className="underline">
            Platform: every dealer group and site
          </a>
        </p>
      ) : null}
    </section>
  );
}
