import { describe, expect, it } from "vitest";
import { SCROLL_POSITIONS_KEY, SCROLL_RESTORATION_SCRIPT } from "./scroll-restoration";

/** Runs the inline script against a stand-in `history`, `sessionStorage` and timer queue (Node has no window). */
function run(state: unknown, stored: string | null) {
  const log: string[] = [];
  const timers: (() => void)[] = [];
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
  };
  new Function(...Object.keys(env), SCROLL_RESTORATION_SCRIPT)(...Object.values(env));
  const beforeTimers = [...log];
  const perTask: string[][] = [];
  for (let task = timers.shift(); task; task = timers.shift()) {
    const from = log.length;
    task();
    perTask.push(log.slice(from));
  }
  return { beforeTimers, perTask, all: log, state: history.state as Record<string, unknown> };
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
  });

  it("leaves the scroll alone when nothing is saved for the entry, and removes saved positions that are not JSON", () => {
    expect(run({ key: "abc", idx: 2 }, JSON.stringify({ other: 50 })).all).toEqual([`getItem ${SCROLL_POSITIONS_KEY}`]);
    expect(run({ key: "abc", idx: 2 }, "{not json").all).toEqual([`getItem ${SCROLL_POSITIONS_KEY}`, `removeItem ${SCROLL_POSITIONS_KEY}`]);
  });
});
