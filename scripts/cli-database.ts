/**
 * The database a dealer CLI (`npm run leads`, `npm run reservations`) works on: DATABASE_URL, else
 * the embedded PGlite folder DATA_DIR (default `.data/pglite`), migrated. Prints a readable
 * error and returns null when it cannot be opened (e.g. `npm start` holds the embedded database).
 */
import { openDatabase, type DatabaseHandle } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";

export async function openCliDatabase(): Promise<DatabaseHandle | null> {
  const url = process.env.DATABASE_URL || undefined;
  try {
    // Behind a pooler without prepared statements, as the server (DATABASE_NAMED_STATEMENTS).
    const handle = await openDatabase({ url, dataDir: url ? undefined : (process.env.DATA_DIR ?? ".data/pglite"), poolSize: 2, namedStatements: process.env.DATABASE_NAMED_STATEMENTS !== "off" });
    await migrateDatabase(handle);
    return handle;
  } catch (error) {
    console.error(`cannot open the database: ${(error as Error).message}`);
    return null;
  }
}
