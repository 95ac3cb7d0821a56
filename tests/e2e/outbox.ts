/**
 * The stored lead in e2e tests: the delivery worker's file outbox (one .eml per message, rendered
 * from the stored row, so it works on the embedded database too) and, when DATABASE_URL is set,
 * the row itself.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const OUTBOX = ".data/outbox";

/** A message with its quoted-printable parts readable: soft line breaks joined, `=XX` bytes decoded (UTF-8). */
function readable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
}

/** The stored lead as the delivery worker sent it (the file outbox: one .eml per message), decoded. */
export function outboxMessages(token: string): string[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .map((f) => readable(readFileSync(join(OUTBOX, f), "utf8")))
    .filter((m) => m.includes(token));
}

/** The stored lead whose message is `token` (category, name, phone, postcode, payload); null without DATABASE_URL. */
export async function storedLead(token: string): Promise<Record<string, unknown> | null> {
  if (!process.env.DATABASE_URL) return null;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("select category, first_name, phone, postcode, payload from leads where payload->>'message' = $1", [token]);
    return rows[0] ?? null;
  } finally {
    await client.end();
  }
}

