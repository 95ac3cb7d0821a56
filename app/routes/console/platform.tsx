/** `/platform`: every dealer group and site (platform operators; onboarding comes next). */
import { asc } from "drizzle-orm";
import type { Route } from "./+types/platform";
import { guardConsoleRoute } from "~/console/guard.server";
import { SiteLinks } from "~/console/site-links";
import { dealerGroups, sites } from "../../../db/schema/index";

export async function loader(args: Route.LoaderArgs) {
  const { db } = await guardConsoleRoute("console-platform", args);
  const groups = await db.select({ id: dealerGroups.id, slug: dealerGroups.slug, name: dealerGroups.name }).from(dealerGroups).orderBy(asc(dealerGroups.name));
  const list = await db.select({ slug: sites.slug, name: sites.name, groupId: sites.dealerGroupId }).from(sites).orderBy(asc(sites.name));
  return { groups: groups.map((g) => ({ slug: g.slug, name: g.name, sites: list.filter((s) => s.groupId === g.id).map((s) => ({ slug: s.slug, name: s.name })) })) };
}

export default function ConsolePlatform({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="platform-title">
      <title>Platform · Forecourt console</title>
      <h1 id="platform-title" className="text-2xl font-bold">
        Platform
      </h1>
      {loaderData.groups.map((g) => (
        <section key={g.slug} aria-labelledby={`group-${g.slug}`} className="mt-4">
          <h2 id={`group-${g.slug}`} className="text-lg font-semibold">
            <a href={`/groups/${g.slug}`} className="underline">
              {g.name}
            </a>
          </h2>
          <SiteLinks sites={g.sites} />
        </section>
      ))}
    </section>
  );
}
