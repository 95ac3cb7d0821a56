import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { HydratedLater, island, whenLaterPartsHydrated, whenNearViewport } from "./island";
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
