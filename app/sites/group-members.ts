/**
 * Which sites share search within a dealer group (issue 54 item 7, `search.groupSearch`). Pure:
 * the page cache (server) and the group search (app) both ask it.
 */
import type { Site } from "./site";

/**
 * The other sites whose stock `site` shows: none unless `site` is set to "group"; else the live
 * (not archived) sites of its dealer group that are set to "group" themselves, in id order.
 * @param all every site of the deployment (the server's cached site list)
 */
export function groupSearchMembers(site: Site, all: readonly Site[]): Site[] {
  if (site.config.search.groupSearch !== "group" || !site.dealerGroup) return [];
  const group = site.dealerGroup.id;
  return all
    .filter((s) => s.id !== site.id && s.dealerGroup?.id === group && !s.archived && s.config.search.groupSearch === "group")
    .sort((a, b) => a.id - b.id);
}
