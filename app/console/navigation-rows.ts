/** The navigation editor's row shape and change names (issue 50 item 4), shared by its page and its server checks. */

export const NAV_ACTIONS = ["hide", "enable", "rename", "link", "move", "add"] as const;
export type NavAction = (typeof NAV_ACTIONS)[number];

/** What each action does, as the editor's select names it. */
export const NAV_ACTION_LABELS: Record<NavAction, string> = {
  hide: "Hide the item",
  enable: "Turn on an optional item",
  rename: "Rename the item to Name",
  link: "Point the item to Link",
  move: "Move the item to Position",
  add: "Add a link (Name, Link) under the item, or at the top level",
};

/** One row of the editor: one change to one item. Text fields as typed. */
export interface NavRow {
  area: "header" | "footer";
  /** "Service/Recalls": the item's path of names; in the footer the first is the section title. */
  target: string;
  action: NavAction;
  name: string;
  url: string;
  position: string;
}

