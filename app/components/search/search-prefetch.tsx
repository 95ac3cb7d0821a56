import { useState, type ReactNode } from "react";
import { Form, PrefetchPageLinks, type FormProps } from "react-router";

/**
 * A GET form to the search results page that prefetches that page (spec 7 "Router prefetch of
 * the search URL"): once the shopper shows intent (a pointer over the form, or focus in it), React
 * Router's public `<PrefetchPageLinks>` adds the SRP's route modules and `/search.data` as prefetch
 * links, so pressing Search shows results without waiting for code. Nothing is fetched for a
 * visitor who never reaches for the form (no search query per home page view).
 * @param page the SRP path to prefetch, "/search" unless given.
 */
export function PrefetchingSearchForm({ page = "/search", children, ...form }: FormProps & { page?: string; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return (
    <Form method="get" action={page} {...form} onPointerEnter={want} onFocus={want}>
      {children}
      {wanted ? <PrefetchPageLinks page={page} /> : null}
    </Form>
  );
}
