/** Vitest global setup: migrates the shared PostgreSQL database once when DATABASE_URL is set. */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const { migrateDatabase } = await import("../../db/migrate.ts");
  const { openDatabase } = await import("../../db/client.ts");
  const handle = await openDatabase({ url: process.env.DATABASE_URL });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}
