/** CSV downloads of the console (audit trail, feed rejection reports, leads), written by csv-stringify. */
import { pipeline, Readable } from "node:stream";
import { stringify as stringifyStream } from "csv-stringify";
import { stringify } from "csv-stringify/sync";

/**
 * One cell as text a spreadsheet shows and never runs: objects as JSON, and text starting with
 * = + - @ (which a spreadsheet runs as a formula) prefixed with '.
 */
export function spreadsheetCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : typeof value === "number" ? String(value) : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvHeaders(fileName: string): HeadersInit {
  return { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "no-store" };
}

/**
 * A CSV download: a header row and the rows, every cell through {@link spreadsheetCell}.
 * @param fileName the attachment's name (e.g. "audit-my-site.csv")
 */
export function csvDownload(header: readonly string[], rows: readonly (readonly unknown[])[], fileName: string): Response {
  const csv = stringify([[...header], ...rows.map((r) => r.map(spreadsheetCell))]);
  return new Response(csv, { headers: csvHeaders(fileName) });
}

/**
 * A CSV download written while its rows are read: a header row, then each batch `batches` yields,
 * every cell through {@link spreadsheetCell}. Only the batch being written is held in memory, and
 * the next is read when the client has taken the last (back-pressure), so an export of any size
 * costs one batch. A failure while reading ends the download early (the client sees a cut file).
 * @param fileName the attachment's name (e.g. "leads-my-site.csv")
 */
export function csvStreamDownload(header: readonly string[], batches: AsyncIterable<readonly (readonly unknown[])[]>, fileName: string): Response {
  async function* records() {
    yield [...header];
    for await (const batch of batches) for (const row of batch) yield row.map(spreadsheetCell);
  }
  // pipeline, not pipe: a client that goes away destroys the reader too, so the rows stop being
  // read (and the batches' own clean-up runs).
  const csv = pipeline(Readable.from(records()), stringifyStream(), () => {});
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, { headers: csvHeaders(fileName) });
}
