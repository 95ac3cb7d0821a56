import { afterEach, describe, expect, it, vi } from "vitest";
import { track } from "./analytics";

const g = globalThis as unknown as { window?: { dataLayer?: unknown[] } };

afterEach(() => {
  delete g.window;
  vi.restoreAllMocks();
});

describe("track (spec 7 analytics events)", () => {
  it("pushes the event id and parameters onto window.dataLayer, creating it", () => {
    g.window = {};
    track(26, { vehicleMake: "Mazda" });
    expect(g.window.dataLayer).toEqual([{ event: "forecourt_event", event_id: 26, vehicleMake: "Mazda" }]);
  });

  it("is a no-op on the server (no window)", () => {
    expect(() => track(26)).not.toThrow();
  });

  it("never throws: a failing data layer is logged with console.warn", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    g.window = {
      dataLayer: {
        push() {
          throw new Error("blocked");
        },
      } as unknown as unknown[],
    };
    expect(() => track(26)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});
