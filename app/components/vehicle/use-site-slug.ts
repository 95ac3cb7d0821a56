import { useRouteLoaderData } from "react-router";

/** The current site's slug from the root loader (browser-storage keys are prefixed by it, spec 9). */
export function useSiteSlug(): string {
  const data = useRouteLoaderData("root") as { chrome?: { slug?: string } } | undefined;
  return data?.chrome?.slug ?? "site";
}
