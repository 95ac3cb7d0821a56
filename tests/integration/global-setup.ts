/**
 * Vitest global setup, once per run before any test file:
 * - PostgreSQL (DATABASE_URL set): migrates the shared database.
 * - PGlite: migrates one in-memory database and writes its data folder to a temporary file, which
 *   every test file's {@link openTestDatabase} loads instead of creating and migrating its own
 *   (creating a PGlite database and running the migrations took 1.3-2.1 s per file here; loading
 *   the snapshot 0.5-0.7 s). The file is removed when the run ends.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite snapshot (a gzipped tarball of its data folder); "" on PostgreSQL. */
    pgliteSnapshotPath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const { migrateDatabase } = await import("../../db/migrate.ts");
  const { openDatabase } = await import("../../db/client.ts");
  const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
  let dir = "";
  try {
    await migrateDatabase(handle);
    if (handle.snapshot) {
      dir = mkdtempSync(join(tmpdir(), "forecourt-test-snapshot-"));
      writeFileSync(join(dir, "migrated.tgz"), new Uint8Array(await (await handle.snapshot()).arrayBuffer()));
    }
  } finally {
    await handle.close();
  }
  project.provide("pgliteSnapshotPath", dir ? join(dir, "migrated.tgz") : "");
  return () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
