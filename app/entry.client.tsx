/**
 * Browser entry: React Router's default (hydrate the document in a transition), started once the
 * browser has painted the server's page, and the events the e2e tests wait for.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { whenPageHydrated } from "./components/use-hydrated";
import { whenLaterPartsHydrated } from "./components/island";

/**
 * Dispatched on `document` once the first hydration has run, parts hydrated later included
 * (decision 203; the e2e tests wait for it).
 */
export const HYDRATED_EVENT = "forecourt:hydrated";
/**
 * Dispatched on `document` once the page's own hydration has committed, before the
 * `HydratedLater` parts hydrate (decision 203; an e2e test checks the parts wait).
 */
export const PAGE_HYDRATED_EVENT = "forecourt:page-hydrated";

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

async function hydrate(): Promise<void> {
  await afterFirstPaint();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  await whenPageHydrated();
  document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
  await whenLaterPartsHydrated();
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

void hydrate();
