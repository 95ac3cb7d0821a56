import { describe, expect, it } from "vitest";
import { SCROLL_POSITIONS_KEY, SCROLL_RESTORATION_SCRIPT } from "./scroll-restoration";

/** Runs the inline script against a stand-in `history`, `sessionStorage` and timer queue (Node has no window). */
function run(state: unknown, stored: string | null) {
  const log: string[] = [];
  const timers: (() => void)[] = [];
  const popstateListeners: (() => void)[] = [];
  const location = { pathname: "/search", search: "?car_type=used", reload: () => log.push("reload") };
  const window: { __reactRouterDataRouter?: object } = {};
  const history = {
    state,
    replaceState(next: unknown) {
      log.push(`replaceState ${JSON.stringify(next)}`);
      history.state = next;
    },
  };
  const sessionStorage = {
    getItem: (key: string) => (log.push(`getItem ${key}`), stored),
    removeItem: (key: string) => log.push(`removeItem ${key}`),
  };
  const env = {
    history,
    sessionStorage,
    setTimeout: (fn: () => void) => timers.push(fn),
    scrollTo: (x: number, y: number) => log.push(`scrollTo ${x},${y}`),
    console: { error: () => undefined },
    location,
    window,
    addEventListener: (type: string, listener: () => void) => {
      if (type === "popstate") popstateListeners.push(listener);
    },
  };
  new Function(...Object.keys(env), SCROLL_RESTORATION_SCRIPT)(...Object.values(env));
  const beforeTimers = [...log];
  const perTask: string[][] = [];
  for (let task = timers.shift(); task; task = timers.shift()) {
    const from = log.length;
    task();
    perTask.push(log.slice(from));
  }
  /** Moves to `path` (pathname and query) and fires the script's popstate listeners, as a Back or Forward in this document would. */
  const popTo = (pathname: string, search = "") => {
    Object.assign(location, { pathname, search });
    popstateListeners.forEach((listener) => listener());
  };
  return { beforeTimers, perTask, all: log, state: history.state as Record<string, unknown>, popTo, window, history: history as { scrollRestoration?: string } };
}

describe("scroll restoration's inline script (decisions 207, 212)", () => {
  it("gives a new entry a key and idx 0 in one replaceState, in a later task, and never opens storage", () => {
    const r = run(null, JSON.stringify({ abc: 900 }));
    expect(r.beforeTimers).toEqual([]);
    expect(r.perTask).toHaveLength(1);
    expect(r.perTask[0]).toHaveLength(1);
    expect(r.perTask[0][0]).toMatch(/^replaceState \{"key":"[0-9a-v]+","idx":0\}$/);
    expect(r.all.filter((call) => call.startsWith("getItem"))).toEqual([]);
  });

  it("keeps other state fields and an existing idx when it adds the key", () => {
    const r = run({ usr: { from: "home" }, idx: 4 }, null);
    expect(r.state).toMatchObject({ usr: { from: "home" }, idx: 4 });
    expect(r.state.key).toMatch(/^[0-9a-v]+$/);
  });

  it("restores the position saved under an existing entry's key, before any later task, and writes no state", () => {
    const r = run({ key: "abc", idx: 2 }, JSON.stringify({ abc: 900, other: 50 }));
    expect(r.beforeTimers).toEqual([`getItem ${SCROLL_POSITIONS_KEY}`, "scrollTo 0,900"]);
    expect(r.all).toEqual(r.beforeTimers);
    // The browser must not put back its own saved position after this one.
    expect(r.history.scrollRestoration).toBe("manual");
  });

  it("leaves the scroll alone when nothing is saved for the entry, and removes saved positions that are not JSON", () => {
    expect(run({ key: "abc", idx: 2 }, JSON.stringify({ other: 50 })).all).toEqual([`getItem ${SCROLL_POSITIONS_KEY}`]);
    expect(run({ key: "abc", idx: 2 }, "{not json").all).toEqual([`getItem ${SCROLL_POSITIONS_KEY}`, `removeItem ${SCROLL_POSITIONS_KEY}`]);
  });

  it("reloads on a Back or Forward in this document that changes the path or query before the router exists, not on a fragment change nor once the router listens", () => {
    const early = run({ key: "abc", idx: 1 }, null);
    early.popTo("/search", "?car_type=used");
    expect(early.all).not.toContain("reload");
    early.popTo("/cars/a-car");
    expect(early.all.filter((call) => call === "reload")).toHaveLength(1);
    // The browser must not put back its own position for the entry after the reloaded page's,
    // and the hook must not save this page's position while it reloads.
    expect(early.history.scrollRestoration).toBe("manual");
    expect(early.window).toEqual({ __forecourtReloading: 1 });

    const query = run(null, null);
    query.popTo("/search", "?car_type=new");
    expect(query.all).toContain("reload");

    const late = run({ key: "abc", idx: 1 }, null);
    late.window.__reactRouterDataRouter = {};
    late.popTo("/cars/a-car");
    expect(late.all).not.toContain("reload");
  });
});
