/**
 * One app node for multi-process tests (issue 10): the production build served by Hono on a free
 * loopback port over PostgreSQL (DATABASE_URL). Prints `{"port":N}` on stdout once listening;
 * exits on SIGTERM. Not a test file itself.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../../db/client";
import { createApp } from "../../server/app";

const database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 10 });
const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
const { app } = createApp({ database, build, mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client" });
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
server.once("listening", () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
