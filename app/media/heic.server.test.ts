/**
 * The HEIC decoder (issue 49 item 2): an iPhone photo's pixels are decoded on a worker thread, so
 * the 1-2 s libheif takes never holds the event loop.
 */
import { readFileSync } from "node:fs";
import { threadId } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { closeHeicDecoder, decodeHeic, heicAsSharp, isHeic } from "./heic.server";

afterAll(() => closeHeicDecoder());

// tests/fixtures/car.heic: 1024 x 768, HEVC in HEIF; a red circle at 300,380 (console-photos.test.ts).
const HEIC = readFileSync("tests/fixtures/car.heic");

describe("HEIC decoding", () => {
  it("decodes on another thread than the caller's, and hands the RGBA pixels back whole", async () => {
    const decoded = await decodeHeic(HEIC);
    expect(decoded.threadId).not.toBe(threadId);
    expect([decoded.width, decoded.height, decoded.data.byteLength]).toEqual([1024, 768, 1024 * 768 * 4]);
    const at = (x: number, y: number) => [...decoded.data.subarray((y * 1024 + x) * 4, (y * 1024 + x) * 4 + 4)];
    const [r, g, , a] = at(300, 380);
    expect([r > 180, g < 90, a]).toEqual([true, true, 255]);
  });

  it("leaves the caller's bytes usable (a copy is moved to the worker)", async () => {
    const bytes = new Uint8Array(HEIC);
    await decodeHeic(bytes);
    expect(bytes.byteLength).toBe(HEIC.byteLength);
    expect(bytes[4]).toBe(HEIC[4]);
  });

  it("rejects a file cut short, and goes on decoding the next", async () => {
    await expect(decodeHeic(HEIC.subarray(0, Math.floor(HEIC.byteLength / 2)))).rejects.toThrow();
    expect((await (await heicAsSharp(HEIC)).png().toBuffer({ resolveWithObject: true })).info).toMatchObject({ width: 1024, height: 768 });
  });

  it("tells HEVC in HEIF (the iPhone's) from AVIF and other formats", () => {
    expect(isHeic({ format: "heif", compression: "hevc" })).toBe(true);
    expect(isHeic({ format: "heif", compression: "av1" })).toBe(false);
    expect(isHeic({ format: "jpeg" })).toBe(false);
  });
});
