/**
 * What `react` and `react-dom` resolve to in the Preact browser build (vite.config.ts,
 * decision 185): preact/compat, with one difference in timing.
 *
 * React runs a commit's effects before it renders again for an update made in that commit (a
 * `setState` from a ref callback, say). Preact runs effects after the next paint, and an update
 * from a ref callback renders before them. Radix relies on React's order: its slider thumb finds
 * its index among items that register in an effect, then never renders again, so it stayed hidden
 * with no value. Here `useEffect` is Preact's `useLayoutEffect`: effects run in the commit, as
 * they have by the time React renders the next update.
 */
import compat, { useLayoutEffect } from "preact/compat";

// @ts-expect-error preact/compat's types are `export =` (TypeScript refuses `export *` of them); Vite bundles it as ES.
export * from "preact/compat";
export { useLayoutEffect as useEffect };

const React = { ...compat, useEffect: useLayoutEffect };
export default React;
