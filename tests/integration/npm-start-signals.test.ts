/**
 * Issue 16 defect 4: the documented start command (`npm start`) must stop cleanly when the npm
 * process itself is signalled (container runtimes signal the first process). Before the fix,
 * `npm start` ran `sh -c "tsx ..."`; the signal stopped npm and left the server serving.
 */
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";
import { startServerProcess } from "./server-process";

describe(`npm start and signals (${ENGINE})`, () => {
  it.each(["SIGTERM", "SIGINT"] as const)("signalling the npm process with %s stops the server", { timeout: 180_000 }, async (signal) => {
    const server = await startServerProcess("npm", ["start", "--silent"], 3900, { HOST: "127.0.0.1" });
    const { child, port, exited } = server;
    try {
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(server.output()).toContain(`${signal} received`);
      // Nothing is left serving on the port.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      server.cleanup();
    }
  });
});
