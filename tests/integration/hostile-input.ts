/**
 * Hostile values for the fuzzers (fuzz-routes.test.ts: every public route; console-fuzz.test.ts:
 * every console route, signed in), so both attack with the same list.
 */
import { crc32, deflateSync } from "node:zlib";
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

/** A PNG chunk: length, type, data and its CRC, so a decoder reads past the signature. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A well-formed PNG header that claims `width` x `height` pixels, with one tiny compressed row: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(Buffer.alloc(64))), pngChunk("IEND", Buffer.alloc(0))]);
}

const text = (s: string) => new TextEncoder().encode(s);
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];

/**
 * Hostile uploads for every file input: empty and nameless parts (a browser's "no file chosen"),
 * bytes that lie about their type, truncated and random images, a PNG claiming 10^10 pixels, a
 * HEIC header over garbage, SVG and HTML with script, feeds that are not what they claim (CSV
 * formulas, broken quoting, a BOM and NUL, thousands of columns, deeply nested and prototype JSON),
 * under hostile file names (markup, paths, NUL, very long).
 */
export const hostileFile = fc.record({
  name: fc.oneof(fc.constantFrom("photo.jpg", "logo.png", "feed.csv", "feed.json", "", "photo.heic"), hostile.map(wellFormed)),
  type: fc.constantFrom("image/jpeg", "image/png", "image/svg+xml", "image/heic", "text/csv", "application/json", "application/octet-stream", "text/html", ""),
  bytes: fc.oneof(
    fc.constantFrom(
      new Uint8Array(0),
      Uint8Array.from(JPEG_START),
      pngClaiming(100_000, 100_000),
      pngClaiming(0, 0),
      Uint8Array.from([0, 0, 0, 0x18, ...text("ftypheic"), 0, 0, 0, 0, ...text("mif1heic"), 0xde, 0xad, 0xbe, 0xef]),
      text(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script>${MARKER}</svg>`),
      text(`<!doctype html><p>${MARKER}</p>`),
      text(`stock_number,price,make\n=cmd|' /C calc'!A0,"12,5\n${MARKER},-1,"unterminated`),
      text(`\ufeffstock_number,price\n\u0000,NaN\n`),
      text(`${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(",")}\n${"1,".repeat(5000)}\n`),
      text(`${"[".repeat(20_000)}${"]".repeat(20_000)}`),
      text(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"cars":"x"}`),
      text("[]"),
      text("null"),
    ),
    fc.uint8Array({ maxLength: 2048 }),
    fc.uint8Array({ maxLength: 512 }).map((tail) => Uint8Array.from([...JPEG_START, ...tail])),
  ),
});
