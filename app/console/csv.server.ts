/** CSV downloads of the console (audit trail, feed rejection reports, leads), written by csv-stringify. */
import { stringify } from "csv-stringify/sync";

/**
 * One cell as text a spreadsheet shows and never runs: objects as JSON, and text starting with
 * = + - @ (which a spreadsheet runs as a formula) prefixed with '.
 */
export function spreadsheetCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : typeof value === "number" ? String(value) : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A CSV download: a header row and the rows, every cell through {@link spreadsheetCell}.
 * @param fileName the attachment's name (e.g. "audit-my-site.csv")
 */
export function csvDownload(header: readonly string[], rows: readonly (readonly unknown[])[], fileName: string): Response {
  const csv = stringify([[...header], ...rows.map((r) => r.map(spreadsheetCell))]);
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "no-store" } });
}
