/** A loopback HTTP endpoint counting lead webhook deliveries by lead id (tests and benches). */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookReceiver {
  url: string;
  /** lead id -> how many times it was delivered */
  received: Map<number, number>;
  server: Server;
  close(): void;
}

/** Starts the receiver on 127.0.0.1 (a free port); it answers 204 to every JSON post. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received = new Map<number, number>();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      const id = Number(JSON.parse(body).lead_id);
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/lead`, received, server, close: () => server.close() };
}
