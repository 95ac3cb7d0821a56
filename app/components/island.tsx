/**
 * Islands: a part of a page whose JavaScript loads when the shopper gets near it, not with the
 * page (issue 15 "Fast pages": at most 100 KB gzip of JavaScript before interaction; decision 186).
 *
 * The server renders an island whole, like any other component, so it shows and works before its
 * JavaScript loads: its forms submit to the server, its links navigate. In the browser the
 * island's component is a `React.lazy` inside a `Suspense` boundary. While the page hydrates, the
 * lazy component waits until the island's element comes within `rootMargin` of the viewport (or
 * is shown: an island inside a closed `<details>` is not rendered, so it is never "near"), then
 * loads its module and hydrates the server's markup in place. Both React and Preact (decision
 * 185) keep a suspended boundary's server markup on screen while they wait, and hydrate it when
 * the module arrives; typed text and the focus stay. After the page has hydrated (a client
 * navigation), an island loads at once, with nothing on screen until it has.
 *
 * One rule: the island's component renders exactly one root element. Preact keeps one DOM node for
 * a component that suspends while hydrating; a second root would be removed and rebuilt
 * (tests/e2e/hydration.spec.ts checks that hydration adds or removes no element).
 */
import { lazy, memo, Suspense, useContext, useEffect, useState, type ComponentProps, type ComponentType, type JSX } from "react";
import { IslandHydrationContext, isPageHydrated } from "./use-hydrated";

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
  const [near, setNear] = useState(() => typeof document !== "undefined" && isPageHydrated() && !inLateIsland);
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
  const Lazy = lazy(async () => {
    // Evaluated on the first render: the page's hydration, or a client navigation (load at once).
    let hydratesServerHtml = !isPageHydrated();
    if (hydratesServerHtml) await whenNearViewport(selector);
    const Component = memo(await load()) as unknown as ComponentType<ComponentProps<C>>;
    /**
     * IslandHydrationContext is true only for the render that hydrates the server's markup: inside
     * it, useHydrated starts false, range sliders wait (useNearViewport) and kept elements keep
     * the server's content (decision 196); anything mounted later renders as after hydration.
     */
    function Hydrating(props: ComponentProps<C>) {
      const [hydrating, setHydrating] = useState(() => {
        const first = hydratesServerHtml;
        hydratesServerHtml = false;
        return first && typeof document !== "undefined";
      });
      useEffect(() => setHydrating(false), []);
      return (
        <IslandHydrationContext.Provider value={hydrating}>
          <Component {...props} />
        </IslandHydrationContext.Provider>
      );
    }
    return { default: Hydrating };
  });
  function Island({ islandClassName, ...props }: ComponentProps<C> & { islandClassName?: string }) {
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
