/**
 * Scroll restoration (issue 15 "Fast pages", decision 207): React Router's behaviour with an
 * inline script that does less while the page loads.
 *
 * React Router's `<ScrollRestoration>` writes an inline script at the end of `<body>` that gives a
 * new history entry a key (`history.replaceState`) and reads the saved positions from
 * `sessionStorage`, in the parser's task. Its browser history then calls `replaceState` again to
 * add `idx`, inside the hydration task. On the development machine the first `sessionStorage`
 * access takes 1-16 ms (the renderer fetches the storage area from the browser process) and each
 * `replaceState` 1-13 ms; Lighthouse counts four times that. A new entry has nothing to restore:
 * its key was made just now.
 *
 * {@link SCROLL_RESTORATION_SCRIPT} therefore, for a new entry, writes the key and `idx: 0` in
 * one `replaceState` (React Router's history then finds `idx` and writes nothing) and opens
 * `sessionStorage`, each in a task of its own after the parser's; React Router's hook reads the
 * positions during hydration. An entry
 * that already has a key (a reload, Back or Forward to a page loaded as a document) is restored
 * as React Router does, before the first paint. Client-side navigations are React Router's own
 * (`UNSAFE_useScrollRestoration`), and the positions are stored under React Router's key.
 */
import { UNSAFE_useScrollRestoration } from "react-router";

/** React Router's `sessionStorage` key for saved scroll positions (`SCROLL_RESTORATION_STORAGE_KEY`). */
export const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";

/**
 * The inline script's text: for an entry without `history.state.key`, in a task after the
 * parser's, one `replaceState` with a new key (React Router's format:
 * `Math.random().toString(32).slice(2)`) and `idx: 0` unless the state has an `idx` (React
 * Router's history starts at 0), keeping any other state fields, then `sessionStorage` opened in
 * the task after that. Both run long before the page's modules, which load after the first paint
 * (decision 190). For an entry with a key, `window.scrollTo(0, y)` with
 * the position saved under that key, if any. Storage errors (blocked storage, bad JSON) are
 * caught: bad JSON is removed, as React Router does.
 */
export const SCROLL_RESTORATION_SCRIPT =
  `((k)=>{const s=history.state;` +
  `if(!s||!s.key){setTimeout(()=>{const t=history.state;` +
  `if(!t||!t.key)history.replaceState({...t,key:Math.random().toString(32).slice(2),idx:t&&t.idx!=null?t.idx:0},"");` +
  `setTimeout(()=>{try{sessionStorage.getItem(k)}catch{}},0)},0);return}` +
  `try{const y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")scrollTo(0,y)}` +
  `catch(e){console.error(e);try{sessionStorage.removeItem(k)}catch{}}})(${JSON.stringify(SCROLL_POSITIONS_KEY)})`;

/**
 * Restores the window's scroll position on Back and Forward and resets it on other navigations,
 * like React Router's `<ScrollRestoration>` (it uses the same hook and storage key), with the
 * lighter inline script above. Render once, in the root layout, before `<Scripts />`.
 * @returns the inline `<script>` element (its text is the same on the server and in the browser).
 */
export function ScrollRestoration() {
  UNSAFE_useScrollRestoration({ storageKey: SCROLL_POSITIONS_KEY });
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCROLL_RESTORATION_SCRIPT }} />;
}
