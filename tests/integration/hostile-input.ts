/**
 * Hostile values for the fuzzers (fuzz-routes.test.ts: every public route; console-fuzz.test.ts:
 * every console route, signed in), so both attack with the same list.
 */
import fc from "fast-check";

/** A tag no page renders: seeing it raw in an HTML answer means input was reflected unescaped. */
export const MARKER = "<fz-x onmouseover=alert(1)>";

/** Values that have broken web apps: markup, NUL and broken escapes, prototype keys, numbers past PostgreSQL's integer, SQL, paths, very long text. */
export const hostile = fc.constantFrom(
  MARKER,
  `"><${MARKER.slice(1)}`,
  "%00",
  "\u0000",
  "a\u0000b",
  "%zz",
  "%ED%A0%80",
  "\ud800",
  "constructor",
  "__proto__",
  "toString",
  "99999999999999999999",
  "2147483648", // one past PostgreSQL's integer: ids this large failed queries (a 500)
  "1e21",
  "-1",
  "1e400",
  "NaN",
  "' OR 1=1 --",
  "javascript:alert(1)",
  "../../etc/passwd",
  "x".repeat(3000),
  "😀",
  " ",
  "",
);

/** `s` with any lone surrogate made U+FFFD, as a browser sends it (encodeURIComponent throws on one). */
export const wellFormed = (s: string) => Buffer.from(s, "utf8").toString("utf8");
