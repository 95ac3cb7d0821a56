/**
 * Islands: a part of a page whose JavaScript loads when the shopper gets near it, not with the
 * page (issue 15 "Fast pages": at most 100 KB gzip of JavaScript before interaction; decision 186).
 *
 * The server renders an island whole, like any other component, so it shows and works before its
 * JavaScript loads: its forms submit to the server, its links navigate. In the browser the
 * island's component is a `React.lazy` inside a `Suspense` boundary. While the page hydrates, the
 * lazy component waits until the island's element comes within `rootMargin` of the viewport (or
 * is shown: an island inside a closed `<details>` is not rendered, so it is never "near"), then
 * loads its module and hydrates the server's markup in place. React keeps a suspended boundary's
 * server markup on screen while it waits, and hydrates it when the module arrives; typed text and
 * the focus stay. After the page has hydrated (a client
 * navigation), an island loads at once, with nothing on screen until it has.
 *
 * One rule: the island's component renders exactly one root element, which its wrapper `<div
 * data-island>` holds (tests/e2e/hydration.spec.ts checks that pages hydrate without a mismatch).
 */
import { lazy, memo, Suspense, useContext, useEffect, useLayoutEffect, useState, type ComponentProps, type ComponentType, type JSX, type ReactNode } from "react";
import { IslandHydrationContext, isPageHydrated, useHydrated } from "./use-hydrated";

/** How far outside the viewport an island starts loading: one screen ahead of the shopper. */
export const ISLAND_ROOT_MARGIN = "100% 0px";

/**
 * Resolves once the element matched by `selector` is within `rootMargin` of the viewport and
 * rendered. Resolves at once on the server, without IntersectionObserver, or when nothing matches.
 * @param selector CSS selector of the island's server-rendered element.
 * @param rootMargin IntersectionObserver root margin (CSS lengths or percentages of the viewport).
 */
export function whenNearViewport(selector: string, rootMargin: string = ISLAND_ROOT_MARGIN): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin },
    );
    observer.observe(element);
  });
}

/**
 * Whether an element has come within `rootMargin` of the viewport and is rendered (issue 15,
 * decision 195): a widget that needs measuring (a Radix slider reads its thumbs' sizes, forcing a
 * layout) mounts then, not in the task that hydrates the page. A hidden element (a phone's closed
 * filter drawer, a closed `<details>`) never counts as near. False on the server and while the
 * page or its island hydrates, so the server's placeholder is what hydrates; true at once for a
 * widget mounted after that (a client navigation), as islands load at once then.
 * @param rootMargin IntersectionObserver root margin
 * @returns a callback ref for the placeholder element, and whether it has been near (stays true)
 */
export function useNearViewport(rootMargin: string = ISLAND_ROOT_MARGIN): readonly [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const inLateIsland = useContext(IslandHydrationContext);
  // Read at mount only: false when this render hydrates server markup (the page's, or a Suspense
  // boundary's that React hydrates in a later pass), true for a widget mounted after that.
  const hydrated = useHydrated();
  const [near, setNear] = useState(hydrated && !inLateIsland);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, rootMargin]);
  return [setElement, near] as const;
}

/**
 * A component whose module loads when its island nears the viewport (see the file comment).
 * @param name the island's name, unique on a page: the wrapper `<div data-island={name}>`.
 * @param load imports the module and returns the component (one root element).
 * @returns a component taking the same props plus an optional `islandClassName` for the wrapper.
 */
export function island<C extends ComponentType<any>>(name: string, load: () => Promise<C>): (props: ComponentProps<C> & { islandClassName?: string }) => JSX.Element {
  const selector = `[data-island="${name}"]`;
  /** Set by the island's render just before the lazy component's first render reads it. */
  let firstRenderHydrates = false;
  const Lazy = lazy(async () => {
    // Evaluated on the first render: the page's hydration, a part's that hydrates later (decision
    // 203), or a client navigation (load at once).
    let hydratesServerHtml = firstRenderHydrates;
    if (hydratesServerHtml) await whenNearViewport(selector);
    const Component = memo(await load()) as unknown as ComponentType<ComponentProps<C>>;
    /**
     * IslandHydrationContext is true only for the render that hydrates the server's markup: inside
     * it, useHydrated starts false, range sliders wait (useNearViewport) and kept elements keep
     * the server's content (decision 196); anything mounted later renders as after hydration.
     */
    function Hydrating(props: ComponentProps<C>) {
      const hydrating = useHydratingServerMarkup(
        () => hydratesServerHtml,
        () => (hydratesServerHtml = false),
      );
      return (
        <IslandHydrationContext.Provider value={hydrating}>
          <Component {...props} />
        </IslandHydrationContext.Provider>
      );
    }
    return { default: Hydrating };
  });
  function Island({ islandClassName, ...props }: ComponentProps<C> & { islandClassName?: string }) {
    const inHydratingPart = useContext(IslandHydrationContext);
    // Decided once, when the island mounts, and without subscribing to anything: a render of the
    // island before React has hydrated its Suspense boundary would reach the boundary, which React
    // then renders in the browser instead (its fallback, removing the server's markup). An island
    // renders in the page's own hydration pass or inside a part or island that is hydrating.
    const [hydratesAtMount] = useState(() => typeof document !== "undefined" && (!isPageHydrated() || inHydratingPart));
    firstRenderHydrates = hydratesAtMount;
    return (
      <div data-island={name} className={islandClassName}>
        <Suspense fallback={null}>
          <Lazy {...(props as ComponentProps<C>)} />
        </Suspense>
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/**
 * IslandHydrationContext's value inside a component that may hydrate server markup after the
 * page (an island's, or a `HydratedLater` part's): true for its first render when `first` says
 * that render hydrates the server's markup (`committed` runs once that render has committed, so
 * later mounts are told no); false from its first effect on, so anything mounted later renders as after hydration (decisions 196, 203).
 */
function useHydratingServerMarkup(first: () => boolean, committed: () => void): boolean {
  // `first` only reads: React may render a component more than once before it commits (a
  // hydration render that is interrupted and retried), and each render must see the same answer.
  const [hydrating, setHydrating] = useState(first);
  useLayoutEffect(() => {
    committed();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setHydrating(false), []);
  return hydrating;
}

/** A part of the page that hydrates after the page (see {@link HydratedLater}). */
interface LaterPart {
  /** Resolves in the part's own task. */
  ready: Promise<void>;
  done: boolean;
  /** True until the render that hydrates the part's server markup has read it. */
  hydratesServerHtml: boolean;
}

/**
 * Dispatched on `document` (detail: the part's name) in a part's task just before it hydrates,
 * and {@link PART_HYDRATED_EVENT} just after, before any effect of that render has run. Between
 * the two, the DOM changes only by hydrating the part (the e2e hydration check reads them).
 */
export const PART_HYDRATING_EVENT = "forecourt:part-hydrating";
/** See {@link PART_HYDRATING_EVENT}. */
export const PART_HYDRATED_EVENT = "forecourt:part-hydrated";

const laterParts = new Map<string, LaterPart>();
/** The last part's task: each part waits for the one before it, then for a task of its own. */
let laterQueue: Promise<void> = Promise.resolve();

/** Resolves in a new task (a timer), so the browser may paint and answer input in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves when the browser is idle (`requestIdleCallback`), at most `timeoutMs` later, always in
 * a task of its own; where there is no idle callback (Safari), a timer of `fallbackMs`. For work
 * a shopper does not need in the first second (a carousel measuring its slides, the promotional
 * popup opening), so it runs after hydration instead of inside its task (issue 15 TBT,
 * decision 204).
 */
export function whenIdle(timeoutMs = 1500, fallbackMs = 50): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, fallbackMs);
  });
}

/**
 * Resolves, in a task of its own, once every part the server's page holds (see
 * {@link HydratedLater}; parts inside an island wait for the island, so they are not counted)
 * has hydrated: each part's hydration render has committed. React hydrates each part's Suspense
 * boundary in a pass of its own, so the parts are read from the page, not from what has rendered.
 */
export function whenLaterPartsHydrated(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  const expected = [...document.querySelectorAll("[data-hydrate-later]")].filter((el) => !el.parentElement?.closest("[data-island]")).map((el) => el.getAttribute("data-hydrate-later") ?? "");
  const done = () => expected.every((part) => hydratedParts.has(part));
  if (done()) return nextTask();
  return new Promise<void>((resolve) => partWaiters.push(() => (done() ? (resolve(), true) : false))).then(nextTask);
}

/** Parts whose hydration render has committed. */
const hydratedParts = new Set<string>();
/** Each returns true once it has resolved (and is then dropped). */
let partWaiters: (() => boolean)[] = [];

function partHydrated(part: string): void {
  hydratedParts.add(part);
  partWaiters = partWaiters.filter((waiter) => !waiter());
}

/**
 * A part of the page that the browser hydrates in a task of its own, just after the page's
 * hydration task and the parts before it, instead of inside it (issue 15 "Fast pages": Lighthouse
 * TBT counts each task's time over 50 ms; decision 203): each part is short and the browser can
 * answer a tap between them.
 *
 * Server and HTML are unchanged but for a wrapper `<div data-hydrate-later={part}
 * class="contents">` (no box of its own: it lays out as its children would). While the page
 * hydrates, the part suspends inside a `Suspense` boundary, which keeps the server's markup as it
 * is, then hydrates it when its task comes: with IslandHydrationContext true for that render, as
 * an island's (useHydrated starts false, kept elements keep the server's content). Mounted after
 * the page has hydrated (a client navigation), it renders at once. A part inside an island or
 * another part waits likewise when that one hydrates.
 *
 * One rule, as for islands: `children` render exactly one root element.
 * @param part the part's name, unique on a page (it names the part's wait across renders)
 */
export function HydratedLater({ part, children }: { part: string; children: ReactNode }): JSX.Element {
  return (
    <div data-hydrate-later={part} className="contents">
      <Suspense fallback={null}>
        <LaterGate part={part}>{children}</LaterGate>
      </Suspense>
    </div>
  );
}

function LaterGate({ part, children }: { part: string; children: ReactNode }): JSX.Element {
  const inHydratingIsland = useContext(IslandHydrationContext);
  const hydrated = useHydrated();
  let later = laterParts.get(part);
  if (!later && typeof document !== "undefined" && (!hydrated || inHydratingIsland)) {
    const ready = (laterQueue = laterQueue.then(nextTask));
    const created: LaterPart = { ready, done: false, hydratesServerHtml: true };
    void ready.then(() => {
      created.done = true;
      document.dispatchEvent(new CustomEvent(PART_HYDRATING_EVENT, { detail: part }));
    });
    laterParts.set(part, (later = created));
  }
  if (later && !later.done) throw later.ready;
  return (
    <LaterHydrating part={part} later={later ?? null}>
      {children}
    </LaterHydrating>
  );
}

function LaterHydrating({ part, later, children }: { part: string; later: LaterPart | null; children: ReactNode }): JSX.Element {
  const hydrating = useHydratingServerMarkup(
    () => later?.hydratesServerHtml ?? false,
    () => {
      if (later) later.hydratesServerHtml = false;
    },
  );
  // A parent's layout effect runs after its children's: the part's hydration render is complete.
  useLayoutEffect(() => {
    // A part React rendered in the browser (after a mismatch above it, say) is done as well.
    partHydrated(part);
    if (hydrating) document.dispatchEvent(new Event(PART_HYDRATED_EVENT));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return <IslandHydrationContext.Provider value={hydrating}>{children}</IslandHydrationContext.Provider>;
}
