/**
 * Back or Forward before the page has hydrated (issue 15 scroll restoration, decision 207): Chrome
 * can make such a traversal same-document (Back twice quickly, the second press before the page
 * has hydrated); nothing would then load the page of the new address, and React Router would
 * hydrate at the new URL over the old page's HTML. Until the page's hydration has committed
 * (`forecourt:page-hydrated`, app/entry.client.tsx), a traversal that changes the path or query
 * reloads the page; React Router's `<ScrollRestoration>` then puts the reloaded page back at its
 * saved position. The reload is the traversal's only handler: this listener is added before the
 * router's (both on `window`) and stops the event there. A router that has started but not yet
 * committed its hydration would otherwise also navigate to the new address in the page, reach it
 * before the reloaded document arrives, and save its own top-of-page position for the entry as
 * the page unloads, so the reloaded page opened at the top (seen 2 in 20 under load). A fragment link (`#refine`) keeps the path and query, so it does not reload.
 */
export const TRAVERSAL_BEFORE_HYDRATION_SCRIPT =
  `(()=>{const p=location.pathname+location.search;let h=0;` +
  `document.addEventListener("forecourt:page-hydrated",()=>{h=1},{once:true});` +
  `addEventListener("popstate",e=>{if(!h&&location.pathname+location.search!==p){e.stopImmediatePropagation();history.scrollRestoration="manual";location.reload()}})})()`;

/** The inline script of {@link TRAVERSAL_BEFORE_HYDRATION_SCRIPT} (its CSP hash is added with the page's others). */
export function TraversalBeforeHydration() {
  return <script dangerouslySetInnerHTML={{ __html: TRAVERSAL_BEFORE_HYDRATION_SCRIPT }} />;
}
