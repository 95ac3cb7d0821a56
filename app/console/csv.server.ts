/** CSV downloads of the console (audit trail, leads inbox), written by csv-stringify. */
import { stringify } from "csv-stringify/sync";

/**
 * One CSV cell: null and undefined are empty, objects are JSON. A spreadsheet runs a cell starting
 * with = + - @ as a formula, so such text is prefixed with '.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A CSV download: `header` then `rows` (each cell through {@link csvCell}), UTF-8, as the
 * attachment `filename`.
 */
export function csvResponse(filename: string, header: string[], rows: unknown[][]): Response {
  const csv = stringify([header, ...rows.map((r) => r.map(csvCell))]);
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" } });
}
