import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress: one X-Forwarded-For element as an IP address (TRUST_PROXY rate limits)", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:5678", "203.0.113.7"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::1", "::1"],
  ])("%s -> %s", (hop, address) => {
    expect(clientAddress(hop)).toBe(address);
  });

  it.each([undefined, "", "unknown", "evil.example", "1.2.3", "999.1.1.1", "1.2.3.4:99999", "[::1", "x".repeat(4000), "1.2.3.4, 5.6.7.8"])("%s is not an address", (hop) => {
    expect(clientAddress(hop)).toBeNull();
  });
});
