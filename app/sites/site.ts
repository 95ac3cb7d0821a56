import type { SiteConfig } from "./site-config";
import type { LocationChange } from "~/domain/content/scheduled-overlay";
import type { RedirectChange } from "~/domain/content/redirects";

/** The tenant as services see it: record fields plus the resolved configuration. */
export interface Site {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  dealerGroup: { id: number; slug: string; name: string } | null;
  config: SiteConfig;
  /** Moves on every change to the site's stock or reservations (search read model, page cache). */
  stockVersion: number;
  /** Moves on every change to the site's config or content (page cache; issue 15). */
  configVersion: number;
  /**
   * Set only when a staff member previews the site (issue 48 settings draft; issue 50 content "as
   * of" a moment; server/preview.ts): never on a shopper's request. `asOf` (epoch ms): content is
   * shown as it will be then (dates and scheduled changes); `drafts`: draft offers show too.
   * `pages`: a page's published state by row id, as its scheduled changes due by `asOf` leave it;
   * `locationChanges`: locations' scheduled hours and details due by `asOf`, oldest first;
   * `redirectChanges`: redirects scheduled to be added or removed by then, oldest first (the
   * scheduled navigation, promotions and theme are already in `config`).
   */
  preview?: {
    draftRevision: number;
    asOf?: number;
    drafts?: boolean;
    pages?: Record<number, boolean>;
    locationChanges?: LocationChange[];
    redirectChanges?: RedirectChange[];
  };
  /** Archived by an operator (issue 48): its hosts answer 410 Gone; its data is kept. */
  archived?: boolean;
}
