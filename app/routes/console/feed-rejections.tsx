/**
 * `/sites/{slug}/feeds/rejections?import=ID` (issue 49 item 3): the rows a feed import (or its dry
 * run) rejected, with their reasons, as CSV. Without `import`, the site's newest import; a site
 * with no import yet gets the header row alone.
 */
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/feed-rejections";
import { csvDownload } from "~/console/csv.server";
import { guardConsoleRoute } from "~/console/guard.server";
import { getFeedImport, latestFeedImport } from "~/services/feed-imports.server";
import { MAX_DB_ID } from "~/domain/db-id";

const ROUTE_ID = "console-site-feed-rejections";
const Query = z.object({ import: z.coerce.number().int().positive().max(MAX_DB_ID).optional() });

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const query = Query.safeParse(Object.fromEntries(args.url.searchParams));
  if (!query.success) throw data("The import must be a number, as in the links of the feeds page.", { status: 400 });
  const feed = query.data.import ? await getFeedImport(db, scoped.id, query.data.import) : await latestFeedImport(db, scoped.id);
  if (query.data.import && !feed) throw data("Not found", { status: 404 });
  return csvDownload(
    ["import", "file", "row", "reason"],
    (feed?.rejections ?? []).map((r) => [feed!.id, feed!.fileName.split("?")[0], r.row, r.reason]),
    `feed-rejections-${scoped.slug}${feed ? `-${feed.id}` : ""}.csv`,
  );
}
