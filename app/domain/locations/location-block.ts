/**
 * Location blocks (spec 2.5): which locations a block shows, in which order and layout.
 * Pure functions over location rows; tested in location-block.test.ts.
 */
import type { LocationBlock } from "~/sites/site-config";

/** The fields a block filter reads. */
export interface BlockLocation {
  id: number;
  name: string;
  locationType: string | null;
  locationSubtype: string | null;
  manufacturers: string[];
  primary: boolean;
  visible: boolean;
}

/**
 * Spec 2.5: the locations a block shows. `show` picks 'primary', a type ('sales', 'service',
 * 'parts', 'service-and-parts': a service-and-parts location also counts as service and as
 * parts), 'all' or one id; then manufacturer, subtype, include and exclude filters. Only
 * visible locations; sorted by name.
 * @param all the site's locations
 * @param block the block's selection (from site config)
 */
export function selectBlockLocations<L extends BlockLocation>(all: L[], block: LocationBlock): L[] {
  const typeMatches = (l: L, type: string) =>
    l.locationType === type || (l.locationType === "service-and-parts" && (type === "service" || type === "parts"));
  return all
    .filter((l) => l.visible)
    .filter((l) => {
      if (typeof block.show === "number") return l.id === block.show;
      if (block.show === "all") return true;
      if (block.show === "primary") return l.primary;
      return typeMatches(l, block.show);
    })
    .filter((l) => !block.manufacturer || l.manufacturers.includes(block.manufacturer))
    .filter((l) => !block.subtype || l.locationSubtype === block.subtype)
    .filter((l) => block.include.length === 0 || block.include.includes(l.id))
    .filter((l) => !block.exclude.includes(l.id))
    .sort((a, b) => a.name.localeCompare(b.name, "en-AU"));
}

/** How a block lays out its locations (spec 2.5). */
export type BlockLayout = "single" | "grid" | "carousel" | "empty";

/**
 * Spec 2.5: one location shows a map plus info; several a card grid, or a carousel for an 'all'
 * block where the site enables it.
 */
export function blockLayout(count: number, block: Pick<LocationBlock, "show">, carouselForAll: boolean): BlockLayout {
  if (count === 0) return "empty";
  if (count === 1) return "single";
  return block.show === "all" && carouselForAll ? "carousel" : "grid";
}

/**
 * Spec 2.5 "column widths of the grid depend on the number of locations": Tailwind grid classes,
 * one column on phones; 2 locations: halves; 3, 5, 6 or more: thirds; 4: quarters on wide screens.
 */
export function gridColumnsClass(count: number): string {
  if (count <= 1) return "grid-cols-1";
  if (count === 2) return "grid-cols-1 md:grid-cols-2";
  if (count === 4) return "grid-cols-1 md:grid-cols-2 xl:grid-cols-4";
  return "grid-cols-1 md:grid-cols-2 lg:grid-cols-3";
}
