/**
 * Browser entry: React Router's default (hydrate the document in a transition), plus the
 * Preact build's first step (decision 185; production builds run on preact/compat).
 *
 * React Router's `HydratedRouter` suspends on its first render until it has decoded the loader
 * data the server streamed into the page. React waits at the root by itself. Preact would need a
 * `Suspense` boundary around the whole document, and a boundary that suspends while hydrating
 * keeps only one DOM node of what it holds (here: <head> and <body>). So under Preact the router
 * first renders once into a detached element: that starts the decoding and throws its promise,
 * which we await; the real hydration then renders without suspending. In a React build (dev, or
 * `FORECOURT_BROWSER_RUNTIME=react`) `PREACT_IN_THE_BROWSER` is false and that step is left out.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter, unstable_prepareHydratedRouter } from "react-router/dom";
import type { VNode } from "preact";
import { PREACT_IN_THE_BROWSER } from "./browser-runtime";
import { markPageHydrated } from "./components/use-hydrated";
import { nextTask, whenLaterPartsHydrated } from "./components/island";

/**
 * Dispatched on `document` once the first hydration has run, parts hydrated later included
 * (decision 203; the e2e tests wait for it).
 */
export const HYDRATED_EVENT = "forecourt:hydrated";
/**
 * Dispatched on `document` at the end of the page's own hydration task, before the
 * `HydratedLater` parts hydrate (decision 203; an e2e test checks the parts wait).
 */
export const PAGE_HYDRATED_EVENT = "forecourt:page-hydrated";

async function decodeServerData(): Promise<void> {
  // Imported here, not at the top: the React build never loads Preact. In the Preact build this
  // module is already loaded (preact/compat imports it).
  const { render } = await import("preact");
  const scratch = document.createElement("div");
  try {
    render((<HydratedRouter />) as unknown as VNode, scratch);
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    await thrown;
  } finally {
    render(null, scratch);
  }
}

/**
 * Resolves once the browser has painted the server's page (the frame after the next animation
 * frame), or after `fallbackMs` where animation frames do not run (a background tab). Hydrating
 * is the page's longest task; started before the first paint, it holds the first paint back by
 * its whole length on a slow phone (issue 15 LCP, decision 187).
 */
function afterFirstPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/**
 * Hydrates the page in several tasks, none long (issue 15 TBT, decision 203): React Router's
 * router is made in one (its route tree, matches and hydration data: about 60 ms on a 4x slowed
 * phone), the page in the next, and each `HydratedLater` part in one of its own after that.
 */
async function hydrate(): Promise<void> {
  await afterFirstPaint();
  if (PREACT_IN_THE_BROWSER) {
    await decodeServerData();
    await nextTask();
    unstable_prepareHydratedRouter();
    await nextTask();
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
    // Preact hydrates synchronously, so the page is hydrated here (under React, which hydrates
    // later in the transition, neither is read: useHydrated has its own flag there).
    markPageHydrated();
  });
  document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
  await whenLaterPartsHydrated();
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

void hydrate();
