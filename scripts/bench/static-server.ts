/**
 * The "static" baseline of `npm run bench:http` (issue 15): a plain node:http server that answers
 * each captured path with exactly the status, headers and (compressed) bytes the app sent, so the
 * app's repeat-view figure can be compared with a server that does no work in the same run.
 *
 * Usage: node --import tsx scripts/bench/static-server.ts <captured.json> <port>
 * where captured.json is `{ [path]: { status, headers, body (base64) } }`. Unknown paths get 404.
 * Prints "listening" on stdout once it accepts connections.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
const captured = JSON.parse(readFileSync(file, "utf8")) as Record<string, { status: number; headers: Record<string, string | string[]>; body: string }>;
const responses = new Map(Object.entries(captured).map(([path, r]) => [path, { ...r, body: Buffer.from(r.body, "base64") }]));

createServer((req, res) => {
  const r = responses.get(req.url ?? "");
  if (!r) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(r.status, { ...r.headers, "content-length": String(r.body.length) });
  res.end(r.body);
}).listen(Number(port), "127.0.0.1", () => console.log("listening"));
process.once("SIGTERM", () => process.exit(0));
