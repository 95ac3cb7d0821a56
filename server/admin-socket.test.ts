import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { adminSocketPath, sendAdminCommand, startAdminSocket } from "./admin-socket";

describe("admin socket", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), "admin-socket-"));
    made.push(dir);
    return dir;
  };

  it("sits beside the data folder unless ADMIN_SOCKET names another path", () => {
    expect(adminSocketPath("/srv/forecourt/.data/pglite/")).toBe("/srv/forecourt/.data/pglite.admin.sock");
    expect(adminSocketPath("/srv/forecourt/.data/pglite", "/run/forecourt.sock")).toBe("/run/forecourt.sock");
  });

  it("makes a missing parent folder (a fresh clone on PostgreSQL has no .data), answers commands and refuses bad ones", async () => {
    const path = adminSocketPath(join(scratch(), ".data", "pglite"));
    const socket = await startAdminSocket(path, async (body) => {
      if ((body as { command?: string })?.command !== "ping") throw new Error("Unknown command.");
      return { pong: true };
    });
    try {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(await sendAdminCommand(path, { command: "ping" })).toEqual({ pong: true });
      await expect(sendAdminCommand(path, { command: "nope" })).rejects.toThrow("Unknown command.");
    } finally {
      await socket.close();
    }
    expect(await sendAdminCommand(path, { command: "ping" })).toBeNull();
  });
});
