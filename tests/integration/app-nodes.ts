/**
 * Starts app-node.ts as a child process (one app node over DATABASE_URL on a free loopback port)
 * for multi-process tests (issue 10 reservations, issue 15 page cache). Not a test file itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createInterface } from "node:readline";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { openTestDatabase } from "./database";

/**
 * @returns the child process and the port it listens on, once it prints `{"port":N}`
 * @throws when the process exits before listening
 */
export function startAppNode(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/integration/app-node.ts"], { env: { ...process.env, LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => ok({ child, port: (JSON.parse(line) as { port: number }).port }));
    child.once("exit", (code) => fail(new Error(`app node exited with ${code}`)));
  });
}

/**
 * Registers beforeAll/afterAll for a describe block: a direct database handle and two app nodes
 * on the same PostgreSQL (DATABASE_URL). Read `.direct` and `.ports` inside tests.
 */
export function useTwoAppNodes(): { direct: DatabaseHandle; ports: number[] } {
  const state = { ports: [] as number[] } as { direct: DatabaseHandle; ports: number[] };
  const nodes: ChildProcess[] = [];
  beforeAll(async () => {
    state.direct = await openTestDatabase();
    for (const node of await Promise.all([startAppNode(), startAppNode()])) {
      nodes.push(node.child);
      state.ports.push(node.port);
    }
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) n.kill("SIGTERM");
    await state.direct?.close();
  });
  return state;
}

/** A node's answer: status, headers, and the body as bytes and as text. */
export interface NodeAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  text: string;
}

/**
 * One request over real HTTP to a node on `port` with Host `host` (node:http: fetch cannot set
 * the Host header). A `form` is posted URL-encoded, `multipart` as multipart/form-data, either
 * from the host's own origin (or `origin`).
 */
export async function sendToNode(port: number, host: string, path: string, options: { method?: string; cookie?: string; form?: Record<string, string>; multipart?: FormData; origin?: string } = {}): Promise<NodeAnswer> {
  const headers: Record<string, string> = { host };
  if (options.cookie) headers.cookie = options.cookie;
  let body: Buffer | undefined;
  if (options.form) {
    body = Buffer.from(new URLSearchParams(options.form).toString());
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (options.multipart) {
    const encoded = new Response(options.multipart);
    body = Buffer.from(await encoded.arrayBuffer());
    headers["content-type"] = encoded.headers.get("content-type")!;
  }
  if (body !== undefined) Object.assign(headers, { "content-length": String(body.byteLength), origin: options.origin ?? `http://${host}` });
  return new Promise((ok, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: options.method ?? (body ? "POST" : "GET"), headers }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on("data", (chunk: Buffer) => chunks.push(chunk))
        .on("end", () => {
          const bytes = Buffer.concat(chunks);
          ok({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: bytes.toString("utf8") });
        });
    });
    req.on("error", fail);
    req.end(body);
  });
}

/** The staff session cookie (`fc_staff=...`) a node set in `answer`, or undefined. */
export function staffCookieOf(answer: NodeAnswer): string | undefined {
  return ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("fc_staff="));
}
