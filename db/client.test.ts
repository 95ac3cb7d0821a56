import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, PGLITE_SHARED_BUFFERS } from "./client";

describe("embedded database memory (issue 15: RSS on PGlite)", () => {
  it("runs PGlite with a buffer pool of PGLITE_SHARED_BUFFERS, not Postgres's 128MB", async () => {
    const handle = await openDatabase({});
    try {
      const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
      expect(result.rows[0].shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(PGLITE_SHARED_BUFFERS).toBe("32MB");
    } finally {
      await handle.close();
    }
  });
});
