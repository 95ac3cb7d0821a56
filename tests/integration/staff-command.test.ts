/**
 * `npm run staff` while `npm start` runs (issue 48 item 2, decision 252): the command reaches the
 * running server through its admin socket (never opening the embedded database a second time),
 * adds the member and prints a one-time link on the console host that signs in.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";
import { startServerProcess } from "./server-process";
import { get } from "../../scripts/bench/server";

const run = promisify(execFile);

describe(`npm run staff beside npm start (${ENGINE})`, () => {
  it("adds a platform operator through the running server and prints a sign-in link that works", async () => {
    // The server's folder holds the run's migrated embedded database: a first start is tested in
    // start.test.ts, and cost this test 80 s under load.
    const server = await startServerProcess(process.execPath, ["scripts/start.mjs"], 4100, { HOST: "127.0.0.1" }, 80);
    const dataDir = server.dataDir;
    try {
      expect(server.output()).toContain(`http://console.localhost:${server.port}`);
      // No PORT for the command: only the server knows the console's port, so a link on it
      // proves the command ran inside the server.
      const env = { ...process.env, DATA_DIR: dataDir, PORT: "" };
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", `Operator-${Date.now()}@Dealer.test`, "--role", "platform_operator", "--platform"], { env });
      const link = /one-time sign-in link \(1 hour\): (\S+)/.exec(stdout)?.[1];
      expect(link, stdout).toMatch(new RegExp(`^http://console\\.localhost:${server.port}/api/auth/magic-link/verify\\?token=`));
      const url = new URL(link!);
      // fetch() drops a Host header: plain HTTP requests with the console's host.
      const signIn = await get(server.port, `${url.pathname}${url.search}`, url.host);
      expect(signIn.status).toBe(302);
      const cookie = [signIn.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]).find((c) => c.startsWith("fc_staff="));
      expect(cookie).toBeDefined();
      const home = await get(server.port, "/", url.host, { cookie: cookie! });
      expect(home.status).toBe(200);
      expect(home.body.toString("utf8")).toContain("Platform operator");
      // A bad command is refused with its reason and exit code 1.
      const refused = await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", "x@dealer.test", "--role", "sales", "--site", "no-such-site"], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain("no site with slug no-such-site");
      // --help prints the usage (exit 0); an unknown option names itself with the usage (exit 2), not a stack trace.
      const help = await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "--help"], { env });
      expect(help.stdout).toContain("usage: npm run staff -- add EMAIL --role ROLE");
      const unknown = await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "link", "x@dealer.test", "--rol", "sales"], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(unknown).toMatchObject({ code: 2 });
      expect((unknown as { stderr: string }).stderr).toMatch(/^Unknown option '--rol'.*\nusage: npm run staff/s);
      expect((unknown as { stderr: string }).stderr).not.toContain("    at ");
    } finally {
      server.cleanup();
    }
  }, 240_000);
});
