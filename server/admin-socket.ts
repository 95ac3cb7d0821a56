/**
 * The server's admin socket (decision 252): a unix socket beside the embedded database
 * (`{DATA_DIR}.admin.sock`, mode 0600), through which `npm run staff` runs its commands inside the
 * process that holds the database, on either engine. Only the machine's own users with access to
 * the data folder reach it; it answers nothing over TCP.
 */
import { chmodSync, existsSync, mkdirSync, unlinkSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { dirname, resolve } from "node:path";

/** Where the admin socket of a data folder lives. */
export function adminSocketPath(dataDir: string, override?: string | null): string {
  return resolve(override || `${dataDir.replace(/\/+$/, "")}.admin.sock`);
}

/** Answers one JSON command; a thrown Error's message goes back as `{ error }` with status 400. */
export type AdminCommandHandler = (body: unknown) => Promise<unknown>;

/**
 * Listens on `path` (a stale socket file left by a crash is replaced). Its folder is made when
 * missing, readable by this user only: on PostgreSQL nothing else makes the data folder's parent
 * (a fresh clone has no `.data`), and listening there failed.
 * @returns a closer that also removes the file
 * @throws the listen error (EADDRINUSE, EACCES) when the socket cannot be made
 */
export async function startAdminSocket(path: string, handle: AdminCommandHandler): Promise<{ close(): Promise<void> }> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 16 * 1024) return void res.writeHead(413).end();
      chunks.push(chunk as Buffer);
    }
    try {
      const answer = await handle(JSON.parse(Buffer.concat(chunks).toString("utf8") || "null"));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    } catch (error) {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: (error as Error).message }));
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(path, () => ok());
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((ok) =>
        server.close(() => {
          if (existsSync(path)) unlinkSync(path);
          ok();
        }),
      ),
  };
}

/**
 * Sends one command to a running server's admin socket.
 * @returns the answer, or null when no server listens there (no file, or refused)
 * @throws Error with the server's message for a refused command
 */
export function sendAdminCommand(path: string, body: unknown): Promise<unknown | null> {
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((ok, fail) => {
    const req = httpRequest({ socketPath: path, path: "/", method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const answer = JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") as { error?: string } | null;
        if (res.statusCode !== 200) fail(new Error(answer?.error ?? `admin socket answered ${res.statusCode}`));
        else ok(answer);
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNREFUSED" || error.code === "ENOENT" ? ok(null) : fail(error)));
    req.end(JSON.stringify(body));
  });
}
