/**
 * Back or Forward before the page has hydrated (issue 15 scroll restoration, decision 207): Chrome
 * can make such a traversal same-document (Back twice quickly, the second press before the page
 * has hydrated); nothing would then load the page of the new address, and React Router would
 * hydrate at the new URL over the old page's HTML. Until the page's hydration has committed
 * (`forecourt:page-hydrated`, app/entry.client.tsx), a traversal that changes the path or query
 * reloads the page; React Router's `<ScrollRestoration>` then puts the reloaded page back at its
 * saved position. The reload is the traversal's only handler: these listeners are added before
 * the router's (all on `window`) and stop the events there. A router created after the traversal
 * starts at the new address and renders that page over the old page's HTML (a hydration
 * mismatch React recovers from by rendering in the browser); on its way out it would save that
 * page's top-of-page position for the entry, so the reloaded page opened at the top (seen 2-3 in
 * 20 under load). So once a reload is asked for, the unloading page saves no scroll positions:
 * those the previous pages saved stand. A fragment link (`#refine`) keeps the path and query, so it does not reload.
 */
export const TRAVERSAL_BEFORE_HYDRATION_SCRIPT =
  `(()=>{const p=location.pathname+location.search;let h=0,r=0;` +
  `document.addEventListener("forecourt:page-hydrated",()=>{h=1},{once:true});` +
  `addEventListener("popstate",e=>{if(!h&&location.pathname+location.search!==p){e.stopImmediatePropagation();r=1;history.scrollRestoration="manual";location.reload()}});` +
  `addEventListener("pagehide",e=>{if(r)e.stopImmediatePropagation()})})()`;

/** The inline script of {@link TRAVERSAL_BEFORE_HYDRATION_SCRIPT} (its CSP hash is added with the page's others). */
export function TraversalBeforeHydration() {
  return <script dangerouslySetInnerHTML={{ __html: TRAVERSAL_BEFORE_HYDRATION_SCRIPT }} />;
}
