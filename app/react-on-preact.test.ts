import * as compat from "preact/compat";
import { describe, expect, it } from "vitest";
import React, * as facade from "./react-on-preact";

describe("react-on-preact: React's API for the Preact browser build (decision 185)", () => {
  it("runs effects in the commit, as React has by the time it renders the next update", () => {
    expect(facade.useEffect).toBe(compat.useLayoutEffect);
    expect(React.useEffect).toBe(compat.useLayoutEffect);
    expect(facade.useEffect).not.toBe(compat.useEffect);
  });

  it("passes the rest of preact/compat through, named and on the default export", () => {
    for (const name of ["useState", "useLayoutEffect", "useSyncExternalStore", "createElement", "forwardRef", "createPortal", "flushSync", "startTransition", "Suspense", "lazy"] as const) {
      expect((facade as Record<string, unknown>)[name], name).toBe(compat[name]);
      expect((React as unknown as Record<string, unknown>)[name], name).toBe(compat[name]);
    }
  });
});
