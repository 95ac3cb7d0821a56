// A stand-in for a TLS-terminating reverse proxy (loopback only), run as its own process by the
// tests: forwards every request to TARGET_PORT and adds X-Forwarded-Proto: https,
// X-Forwarded-Host (the Host the client used) and X-Forwarded-For (appending the client's address),
// as nginx or a cloud load balancer does. Prints "listening <port>" when ready.
import { createServer, request } from "node:http";

const target = Number(process.env.TARGET_PORT);
const server = createServer((req, res) => {
  const headers = { ...req.headers };
  headers["x-forwarded-proto"] = "https";
  headers["x-forwarded-host"] = req.headers.host ?? "";
  headers["x-forwarded-for"] = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
  const upstream = request({ host: "127.0.0.1", port: target, method: req.method, path: req.url, headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
