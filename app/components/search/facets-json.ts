import { createJsonMemo, type JsonText } from "~/components/json-memo";
import type { FacetValue, ListFacet } from "~/search/types";

/** The SRP's facet lists as the refine form shows them (spec 2.2): value, label and count per facet. */
export type SrpFacets = Record<ListFacet, FacetValue[]>;

/**
 * The SRP's facets as one JSON string, as its loader hands them to the page (issue 15 "Fast
 * pages", decision 208): about 450 values on a large site's results page for React Router's
 * encoder (server) and decoder (browser, in the hydration task), become one. Read it with
 * {@link readFacets}.
 */
export type FacetsJson = JsonText<"srp-facets">;

/** Facet sets remembered by their JSON: the server's recent pages, the browser's every read. */
export const REMEMBERED_FACET_SETS = 32;

const facetSets = createJsonMemo<SrpFacets, "srp-facets">(REMEMBERED_FACET_SETS);

/**
 * The facets as one JSON string for loader data. The server reads back the same object while it
 * renders the page ({@link readFacets}), without parsing.
 * @param facets the visible facet lists (`visibleFacets`, search-page.server.ts)
 * @returns their JSON
 */
export function facetsJson(facets: SrpFacets): FacetsJson {
  return facetSets.write(facets, true);
}

/**
 * The facets a {@link facetsJson} string stands for (see `JsonMemo.read`): in the browser one
 * object per distinct string, so the sidebar and the phone drawer share it, and a revalidation
 * with the same counts gives the same object.
 * @param json a string from {@link facetsJson}
 * @returns the facet lists
 * @throws SyntaxError when `json` is not JSON (never for a string from {@link facetsJson})
 */
export function readFacets(json: FacetsJson): SrpFacets {
  return facetSets.read(json);
}
