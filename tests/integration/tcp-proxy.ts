/**
 * A loopback TCP proxy for tests: forwards to a target (PostgreSQL, an app node) and can cut
 * every open link and refuse new ones until restored. Loopback only.
 */
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Destroys every open link and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  /** How many links are open now. */
  open(): number;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down = false;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const close = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await new Promise<number>((ok) => server.listen(0, "127.0.0.1", () => ok((server.address() as AddressInfo).port)));
  return {
    port,
    cut() {
      down = true;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    restore() {
      down = false;
    },
    open: () => pairs.size,
    close: () =>
      new Promise<void>((ok) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => ok());
      }),
  };
}
