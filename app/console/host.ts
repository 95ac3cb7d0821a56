/**
 * Which host is the dealer console's (decision 249): `CONSOLE_HOST` when set, else
 * `console.{BASE_DOMAIN}`, and always `console.localhost` (any port). Tested before the site
 * resolver, so no site (nor DEFAULT_SITE) can answer on it.
 */
import { normaliseHost } from "../sites/resolve-host";

export interface ConsoleHostOptions {
  /** Exact console host, e.g. "console.dealers.example" (port ignored). */
  consoleHost?: string | null;
  /** The sites' base domain; the console then answers at console.{baseDomain}. */
  baseDomain?: string | null;
}

/** The host names (lower case, no port) the console answers on. */
export function consoleHosts(options: ConsoleHostOptions): string[] {
  const hosts = ["console.localhost"];
  if (options.consoleHost) hosts.push(normaliseHost(options.consoleHost));
  else if (options.baseDomain) hosts.push(`console.${normaliseHost(options.baseDomain)}`);
  return hosts;
}

/**
 * True when a request's Host header names the console.
 * @param hostHeader raw Host header, e.g. "console.localhost:3000"
 */
export function isConsoleHost(hostHeader: string | null | undefined, options: ConsoleHostOptions): boolean {
  const host = normaliseHost(hostHeader);
  return host !== "" && consoleHosts(options).includes(host);
}

/**
 * The console's public origin for links printed outside a request (start-up lines, `npm run
 * staff`): `https://{CONSOLE_HOST}` or `https://console.{BASE_DOMAIN}` when configured, else
 * `http://console.localhost:{port}`.
 */
export function consoleOrigin(options: ConsoleHostOptions & { port: number }): string {
  if (options.consoleHost) return `https://${normaliseHost(options.consoleHost)}`;
  if (options.baseDomain) return `https://console.${normaliseHost(options.baseDomain)}`;
  return `http://console.localhost:${options.port}`;
}
