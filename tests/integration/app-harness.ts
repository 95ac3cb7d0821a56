/**
 * One Forecourt app over the production build for HTTP-level tests: a test site with stock
 * (real database), and `request(path, init)` that sends a real Request through the Hono app
 * (headers, body limits, Origin checks, React Router) with the site's Host header.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import type { ServerBuild } from "react-router";
import type { DatabaseHandle } from "../../db/client";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createApp, type AppOptions } from "../../server/app";
import { createTestSite, openTestDatabase, type TestSiteOptions } from "./database";
import { feed, stockRecord } from "./fixtures";
import type { StockRecord } from "../../app/import/stock-record";
import { reactRouterCli } from "../../scripts/react-router-cli.mjs";

export interface TestApp {
  site: Site;
  host: string;
  /** A car slug of the site's stock (VDP path /cars/{slug}). */
  carSlug: string;
  carId: number;
  app: ReturnType<typeof createApp>["app"];
  /** Sends `path` to the app with the site's Host (override with `host`). */
  request(path: string, init?: RequestInit & { host?: string }): Promise<Response>;
}

/** Loads the production build (building it when missing). */
export async function loadBuild(): Promise<ServerBuild> {
  if (!existsSync("build/server/index.js")) execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: "ignore" });
  return (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
}

/** Creates a test site with `cars` (default three) and the app answering for it. */
export async function startTestApp(handle: DatabaseHandle, options: { site?: TestSiteOptions; cars?: StockRecord[]; app?: Partial<AppOptions> } = {}): Promise<TestApp> {
  const site = await createTestSite(handle, {
    ...options.site,
    config: { ...options.site?.config, leads: { defaultEmail: "sales@dealer.test", rateLimitPerIpPerHour: 100_000, rateLimitPerSitePerHour: 100_000, ...options.site?.config?.leads } },
  });
  const records = options.cars ?? [stockRecord({ make: "Toyota", model: "HiLux", year: 2021 }), stockRecord({ make: "Ford", model: "Ranger" }), stockRecord({ make: "Mazda", model: "CX-5" })];
  await importStock(handle.db, site, feed(records));
  const { cars } = await import("../../db/schema/index");
  const { eq } = await import("drizzle-orm");
  const [car] = await handle.db.select({ id: cars.id, slug: cars.slug }).from(cars).where(eq(cars.siteId, site.id)).limit(1);
  const { app } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client", ...options.app });
  const host = `${site.slug}.localhost`;
  return {
    site,
    host,
    carSlug: car.slug,
    carId: car.id,
    app,
    request: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("host", init.host ?? host);
      return app.fetch(new Request(`http://${init.host ?? host}${path}`, { ...init, headers }));
    },
  };
}

/** A form post as a browser sends it from the site's own page (same Origin). */
export function formPost(t: TestApp, fields: Record<string, string>, extra: RequestInit = {}): RequestInit {
  const headers = new Headers(extra.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  if (!headers.has("origin")) headers.set("origin", `http://${t.host}`);
  return { method: "POST", body: new URLSearchParams(fields).toString(), ...extra, headers };
}

/**
 * Registers beforeAll/afterAll for a test file: opens the test database and starts one app.
 * @returns a getter object; read `.t` and `.handle` inside tests
 */
export function useTestApp(options: Parameters<typeof startTestApp>[1] = {}): { t: TestApp; handle: DatabaseHandle } {
  const state = {} as { t: TestApp; handle: DatabaseHandle };
  beforeAll(async () => {
    state.handle = await openTestDatabase();
    state.t = await startTestApp(state.handle, options);
  });
  afterAll(async () => {
    await state.handle?.close();
  });
  return state;
}
