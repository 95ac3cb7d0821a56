import type { SiteConfig } from "./site-config";

/** The tenant as services see it: record fields plus the resolved configuration. */
export interface Site {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  dealerGroup: { id: number; slug: string; name: string } | null;
  config: SiteConfig;
  stockVersion: number;
}
