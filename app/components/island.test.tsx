import { prerenderToNodeStream } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HydratedLater, island, whenIdle, whenLaterPartsHydrated, whenNearViewport } from "./island";
import { useHydrated } from "./use-hydrated";

async function serverHtml(element: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

function Greeting({ name }: { name: string }) {
  const hydrated = useHydrated();
  return (
    <p>
      Hello {name}
      {hydrated ? " (interactive)" : ""}
    </p>
  );
}

describe("island (decision 186)", () => {
  it("server-renders the component whole inside its named wrapper, with the wrapper's class", async () => {
    let loads = 0;
    const Island = island("greeting", async () => {
      loads += 1;
      return Greeting;
    });
    const html = await serverHtml(<Island name="Sam" islandClassName="mt-4" />);
    expect(html).toBe('<div data-island="greeting" class="mt-4"><!--$--><p>Hello <!-- -->Sam</p><!--/$--></div>');
    // The module is loaded once, then every render is synchronous.
    expect(await serverHtml(<Island name="Ali" />)).toContain("Hello <!-- -->Ali");
    expect(loads).toBe(1);
  });

  it("waits for nothing where there is no document (the server)", async () => {
    await expect(whenNearViewport('[data-island="greeting"]')).resolves.toBeUndefined();
  });
});

describe("HydratedLater (decision 203)", () => {
  it("server-renders its children whole inside a named wrapper that has no box of its own", async () => {
    const html = await serverHtml(
      <HydratedLater part="greeting">
        <Greeting name="Sam" />
      </HydratedLater>,
    );
    expect(html).toBe('<div data-hydrate-later="greeting" class="contents"><!--$--><p>Hello <!-- -->Sam</p><!--/$--></div>');
  });

  it("has nothing to wait for where no part has waited (the server)", async () => {
    await expect(whenLaterPartsHydrated()).resolves.toBeUndefined();
  });
});

describe("whenIdle (decision 204)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("waits for the browser's idle callback, with the timeout it is given", async () => {
    const calls: Array<{ timeout?: number }> = [];
    let idle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (callback: () => void, options: { timeout?: number }) => {
      calls.push(options);
      idle = callback;
      return 1;
    });
    let resolved = false;
    const waiting = whenIdle(800).then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    expect(calls).toEqual([{ timeout: 800 }]);
    idle!();
    await waiting;
    expect(resolved).toBe(true);
  });

  it("falls back to a timer where there is no idle callback (Safari), in a task of its own", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    vi.useFakeTimers();
    let resolved = false;
    const waiting = whenIdle(1500, 50).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(resolved).toBe(true);
  });
});
