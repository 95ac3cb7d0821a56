/**
 * `npm run dev`: the same Hono app with Vite in middleware mode (hot reload), on the embedded
 * database or DATABASE_URL. Demo sites are seeded on first run as with `npm start`.
 */
import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedDemoSites } from "../db/seed/seed";
import { createApp } from "./app";
import { loadEnv } from "./env";

const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL });
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
await migrateDatabase(database);
if (env.SEED_DEMO) await seedDemoSites(database, { log: (line) => logger.info(line) });

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const { app, sites } = createApp({
  database,
  // Loaded per request so route changes show without a restart.
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  mode: "development",
  logger,
  baseDomain: env.BASE_DOMAIN,
  defaultSite: env.DEFAULT_SITE,
});
const listener = getRequestListener(app.fetch);
const server = createHttpServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
server.listen(env.PORT, env.HOST, async () => {
  for (const site of await sites.all()) console.log(`${site.name.padEnd(28)} http://${site.slug}.localhost:${env.PORT}`);
  console.log(`Development server on port ${env.PORT} (${database.kind}).`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    server.close();
    await vite.close();
    await database.close();
    process.exit(0);
  });
}
