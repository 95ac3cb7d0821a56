/** Set to true by vite.config.ts only when the browser build runs on Preact (decision 185). */
declare const __PREACT_IN_THE_BROWSER__: boolean | undefined;

/**
 * True in a browser build made with `FORECOURT_BROWSER_RUNTIME=preact` (vite.config.ts, decision
 * 185: the opt-in experiment that runs the browser on preact/compat); false on the server (React
 * renders every page), in the default browser build and in tests. A compile-time constant: each
 * build keeps one branch.
 */
export const PREACT_IN_THE_BROWSER: boolean = !import.meta.env.SSR && typeof __PREACT_IN_THE_BROWSER__ !== "undefined" && __PREACT_IN_THE_BROWSER__ === true;
