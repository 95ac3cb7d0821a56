/**
 * The client address a trusted proxy names in X-Forwarded-For (server/app.ts, TRUST_PROXY): it
 * keys the lead and sign-in rate limits and is stored with each lead, so it must be an address,
 * the same one however the proxy writes it. Some proxies append the client's port
 * (`1.2.3.4:5678`, `[2001:db8::1]:443`): each connection then had a rate-limit bucket of its own.
 */
import { isIP } from "node:net";

/**
 * The IP address in one X-Forwarded-For element, without a port, brackets or an IPv4-mapped IPv6
 * prefix (`::ffff:1.2.3.4` is 1.2.3.4); IPv6 in lower case.
 * @param hop one element of the header (any spaces around it are ignored), or undefined
 * @returns the address, or null when the element is not an IPv4 or IPv6 address (a name,
 *   `unknown`, garbage, or longer than an address can be)
 */
export function clientAddress(hop: string | undefined): string | null {
  let text = hop?.trim() ?? "";
  if (text.length === 0 || text.length > 64) return null;
  const withPort = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text) ?? /^([\d.]+):(\d{1,5})$/.exec(text);
  if (withPort) {
    if (withPort[2] !== undefined && Number(withPort[2]) > 65_535) return null;
    text = withPort[1];
  }
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return null;
  const lower = text.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped ? mapped[1] : lower;
}
