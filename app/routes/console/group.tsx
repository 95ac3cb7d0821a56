/** `/groups/{slug}`: a dealer group's sites (group admins and platform operators). */
import { asc, eq } from "drizzle-orm";
import type { Route } from "./+types/group";
import { guardConsoleRoute } from "~/console/guard.server";
import { SiteLinks } from "~/console/site-links";
import { sites } from "../../../db/schema/index";

export async function loader(args: Route.LoaderArgs) {
  const { db, group } = await guardConsoleRoute("console-group", args);
  const list = await db.select({ slug: sites.slug, name: sites.name }).from(sites).where(eq(sites.dealerGroupId, group!.id)).orderBy(asc(sites.name));
  return { group: { name: group!.name, slug: group!.slug }, sites: list };
}

export default function ConsoleGroup({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="group-title">
      <title>{`${loaderData.group.name} · Forecourt console`}</title>
      <h1 id="group-title" className="text-2xl font-bold">
        {loaderData.group.name}
      </h1>
      <p className="mt-2">
        <a href={`/groups/${loaderData.group.slug}/staff`} className="underline">
          Group admins
        </a>
        {" · "}
        <a href={`/groups/${loaderData.group.slug}/offers`} className="underline">
          Group offers
        </a>
      </p>
      <SiteLinks sites={loaderData.sites} className="mt-3" />
    </section>
  );
}
