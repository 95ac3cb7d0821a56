/** Defined by vite.config.ts (true when the browser build runs on Preact, decision 185); absent in Vitest. */
declare const __PREACT_IN_THE_BROWSER__: boolean | undefined;

/**
 * True in the production browser build, which runs on preact/compat (vite.config.ts, decision
 * 185); false on the server (React renders every page), in `npm run dev`, in a
 * `FORECOURT_BROWSER_RUNTIME=react` build and in tests. A compile-time constant: each build keeps
 * one branch.
 */
export const PREACT_IN_THE_BROWSER: boolean = !import.meta.env.SSR && typeof __PREACT_IN_THE_BROWSER__ !== "undefined" && __PREACT_IN_THE_BROWSER__ === true;

/**
 * `dangerouslySetInnerHTML` for an element whose content the browser leaves as the server sent it
 * (`<head>` in root.tsx, `NoScriptNav`): Preact does not touch an element's content while
 * hydrating one with it, nor on re-renders while `__html` is unchanged (decisions 185, 187).
 */
export const KEEP_SERVER_CONTENT = { __html: "" };
