/**
 * Scroll restoration (issue 15 "Fast pages", decisions 207 and 212): React Router's behaviour with
 * an inline script and a hook that do less while the page loads.
 *
 * React Router's `<ScrollRestoration>` writes an inline script at the end of `<body>` that gives a
 * new history entry a key (`history.replaceState`) and reads the saved positions from
 * `sessionStorage`, in the parser's task. Its browser history then calls `replaceState` again to
 * add `idx`, inside the hydration task, and its hook reads `sessionStorage` again while the page
 * hydrates. On the development machine the first `sessionStorage` access takes 1-16 ms (the
 * renderer fetches the storage area from the browser process) and each `replaceState` 1-13 ms;
 * Lighthouse counts four times that. A new entry has nothing to restore: its key was made just now.
 *
 * {@link SCROLL_RESTORATION_SCRIPT} therefore, for a new entry, writes the key and `idx: 0` in
 * one `replaceState`, in a task after the parser's (React Router's history then finds `idx` and
 * writes nothing). An entry that already has a key (a reload, Back or Forward to a page loaded as
 * a document) is restored as React Router does, before the first paint.
 *
 * {@link useScrollRestoration} is React Router's hook (`UNSAFE_useScrollRestoration`) with one
 * change (decision 212): a page loaded as a new entry reads the saved positions only when they
 * can first be needed, at the first Back or Forward (`popstate`) or when the page is hidden and
 * saves its own, never while it loads. They hold the positions of entries made by earlier
 * documents in this tab; the positions of entries made in this document are kept in memory, as
 * React Router does. The positions are stored under React Router's key.
 */
import { useContext, useEffect, useLayoutEffect } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation, useNavigation } from "react-router";

/** React Router's `sessionStorage` key for saved scroll positions (`SCROLL_RESTORATION_STORAGE_KEY`). */
export const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";

/**
 * The inline script's text: for an entry without `history.state.key`, in a task after the
 * parser's, one `replaceState` with a new key (React Router's format:
 * `Math.random().toString(32).slice(2)`) and `idx: 0` unless the state has an `idx` (React
 * Router's history starts at 0), keeping any other state fields. It runs long before the page's
 * modules, which load after the first paint (decision 190), and does not open `sessionStorage`
 * (decision 212). For an entry with a key, `window.scrollTo(0, y)` with the position saved under
 * that key, if any. Storage errors (blocked storage, bad JSON) are caught: bad JSON is removed, as
 * React Router does.
 *
 * Also, until React Router's router exists (`window.__reactRouterDataRouter`, set when it starts
 * listening to `popstate`), a Back or Forward that stays in this document but changes the path or
 * query reloads the page. Chrome can make such a traversal same-document (Back twice quickly, the
 * second press before the page has hydrated); the router would miss it, hydrate at the new URL
 * over the old page's HTML and reset the scroll to the top. The reloaded document is the right
 * page, restored to its saved position by the branch above. A fragment link (`#refine`) keeps the
 * path and query, so it does not reload. Where the script restores a position, and before that
 * reload, it sets `history.scrollRestoration` to "manual", as React Router's hook does once it
 * runs: otherwise the browser may then put back the position it saved for the entry itself (0
 * when the entry was reached inside a page that had not hydrated; 4 of 10 such loads did). It
 * also sets `window.__forecourtReloading`: the page may hydrate before the reload commits, and
 * its hook must then not save its position (the top of the wrong page) over the saved one.
 */
export const SCROLL_RESTORATION_SCRIPT =
  `((k)=>{const p=location.pathname+location.search;` +
  `addEventListener("popstate",()=>{if(!window.__reactRouterDataRouter&&location.pathname+location.search!==p){window.__forecourtReloading=1;history.scrollRestoration="manual";location.reload()}});` +
  `const s=history.state;` +
  `if(!s||!s.key){setTimeout(()=>{const t=history.state;` +
  `if(!t||!t.key)history.replaceState({...t,key:Math.random().toString(32).slice(2),idx:t&&t.idx!=null?t.idx:0},"")},0);return}` +
  `try{const y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number"){history.scrollRestoration="manual";scrollTo(0,y)}}` +
  `catch(e){console.error(e);try{sessionStorage.removeItem(k)}catch{}}})(${JSON.stringify(SCROLL_POSITIONS_KEY)})`;

/**
 * Saved scroll positions by history entry key (window `scrollY`, CSS px): the object React
 * Router's router reads on Back and Forward and writes before each navigation. One per browser
 * document, like React Router's own.
 */
const savedPositions: Record<string, number> = {};
let storedPositionsRead = false;

/**
 * Adds the positions saved in `sessionStorage` by earlier documents of this tab to
 * `savedPositions`, once; a position this document saved already wins. Storage errors and bad
 * JSON leave the positions as they are (React Router's hook ignores them too).
 */
export function readStoredPositions(storage: Pick<Storage, "getItem"> = sessionStorage): void {
  if (storedPositionsRead) return;
  storedPositionsRead = true;
  try {
    const stored: unknown = JSON.parse(storage.getItem(SCROLL_POSITIONS_KEY) ?? "{}");
    if (!stored || typeof stored !== "object") return;
    for (const [key, y] of Object.entries(stored)) if (typeof y === "number" && !(key in savedPositions)) savedPositions[key] = y;
  } catch {
    // Blocked storage or bad JSON: nothing to restore.
  }
}

/**
 * Whether this document was loaded as a new history entry (a link, a typed address; not a reload
 * or Back/Forward to a document), read from the Navigation Timing entry. Such an entry has no
 * saved position of its own.
 */
function loadedAsNewEntry(): boolean {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === "navigate";
}

/**
 * React Router's `useScrollRestoration` (react-router 7.18, without `getKey`: positions are kept by
 * `location.key`) with the stored positions read lazily (decision 212): at once for a document
 * loaded by a reload or Back/Forward (the inline script has opened the storage already), otherwise
 * at the first `popstate` (a capturing listener, so before React Router's own, which looks the
 * position up) or when the page is hidden, before the positions are written back. Browser only;
 * renders nothing.
 */
function useScrollRestoration(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { restoreScrollPosition, preventScrollReset } = useContext(UNSAFE_DataRouterStateContext) ?? {};
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    return () => {
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      // The inline script is reloading the page for a Back the router missed (see the script):
      // this document shows another page than its URL, so its position is nobody's, and the
      // reloaded page must find what the previous document saved.
      if ((window as { __forecourtReloading?: number }).__forecourtReloading) return;
      if (navigation.state === "idle") savedPositions[location.key] = window.scrollY;
      readStoredPositions();
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(savedPositions));
      } catch {
        // Blocked storage: positions are not kept across documents.
      }
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, [navigation.state, location.key]);

  if (typeof document !== "undefined") {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the same branch on every render
    useLayoutEffect(() => {
      if (!loadedAsNewEntry()) readStoredPositions();
      const onPopState = () => readStoredPositions();
      window.addEventListener("popstate", onPopState, { capture: true });
      const disable = router?.enableScrollRestoration(savedPositions, () => window.scrollY);
      return () => {
        window.removeEventListener("popstate", onPopState, { capture: true });
        disable?.();
      };
    }, [router]);

    // eslint-disable-next-line react-hooks/rules-of-hooks -- the same branch on every render
    useLayoutEffect(() => {
      if (restoreScrollPosition === false) return;
      if (typeof restoreScrollPosition === "number") {
        window.scrollTo(0, restoreScrollPosition);
        return;
      }
      try {
        if (location.hash) {
          const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
          if (target) {
            target.scrollIntoView();
            return;
          }
        }
      } catch {
        // A malformed fragment (bad percent-encoding): scroll as for no fragment.
      }
      if (preventScrollReset === true) return;
      window.scrollTo(0, 0);
    }, [location, restoreScrollPosition, preventScrollReset]);
  }
}

/**
 * Restores the window's scroll position on Back and Forward and resets it on other navigations,
 * like React Router's `<ScrollRestoration>` (same storage key), with the lighter inline script and
 * hook above. Render once, in the root layout, before `<Scripts />`.
 * @returns the inline `<script>` element (its text is the same on the server and in the browser).
 */
export function ScrollRestoration() {
  useScrollRestoration();
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCROLL_RESTORATION_SCRIPT }} />;
}
