/**
 * Cached renditions of uploaded content images (issue 50, decision 325) through real HTTP on the
 * sites' hosts: a rendition kept on this node's disk is served only while its image still exists and
 * is the requesting site's own, its dealer group's or the network's, like a freshly made one; a
 * deleted image, or an id that now names another owner's image (a fresh database reusing ids under
 * an old cache folder), answers 404.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { storeContentImage } from "../../app/services/content-images.server";
import type { Site } from "../../app/sites/site";
import { contentImages } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { createTestSite, ENGINE } from "./database";

// This file's own cache folder, so every rendition counted here was made by this run.
const cacheDir = mkdtempSync(join(tmpdir(), "content-image-cache-"));
process.env.IMAGE_CACHE_DIR = cacheDir;
const state = useTestApp();
let other: Site;

beforeAll(async () => {
  other = await createTestSite(state.handle, { hosts: [`other-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.test`] });
});

/** Uploads a solid-colour JPEG as `owner`'s content image; returns its id and /images URL. */
async function upload(owner: { siteId: number | null; dealerGroupId: number | null }, colour: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer();
  const url = await storeContentImage(state.handle.db, owner, new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }), null);
  return { id: Number(/content-images%2F(\d+)\.webp/.exec(url)![1]), url };
}

const fetchImage = (url: string, site?: Site) => state.t.request(url, { headers: { accept: "image/webp" }, ...(site ? { host: site.hosts[0] } : {}) });
const cachedCount = () => readdirSync(cacheDir).filter((f) => f.endsWith(".webp")).length;

/** The red channel of a served rendition's top-left pixel. */
async function redOf(response: Response) {
  return [...(await sharp(Buffer.from(await response.arrayBuffer())).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer())][0]!;
}

describe(`content image renditions cached on disk (${ENGINE})`, () => {
  it("a deleted image is not served from its cached rendition", async () => {
    const { id, url } = await upload({ siteId: state.t.site.id, dealerGroupId: null }, "#c00");
    const before = cachedCount();
    const first = await fetchImage(url);
    expect(first.status).toBe(200);
    expect(await redOf(first)).toBeGreaterThan(180);
    expect(cachedCount()).toBe(before + 1);
    // A cache hit while the image exists.
    expect((await fetchImage(url)).status).toBe(200);
    expect(cachedCount()).toBe(before + 1);

    await state.handle.db.delete(contentImages).where(eq(contentImages.id, id));
    expect((await fetchImage(url)).status).toBe(404);
  });

  it("a rendition cached for one site's image is served neither to another site nor once the id names another owner's image", async () => {
    const { id, url } = await upload({ siteId: state.t.site.id, dealerGroupId: null }, "#c00");
    const mine = await fetchImage(url);
    expect(mine.status).toBe(200);
    expect(await redOf(mine)).toBeGreaterThan(180);
    // Another site asking for the same path is refused.
    expect((await fetchImage(url, other)).status).toBe(404);

    // The id now names the other site's image (as a fresh database reusing ids would), a blue one.
    const blue = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#00c" } }).webp().toBuffer();
    await state.handle.db.update(contentImages).set({ siteId: other.id, dealerGroupId: null, bytes: blue }).where(eq(contentImages.id, id));
    expect((await fetchImage(url)).status).toBe(404);
    const theirs = await fetchImage(url, other);
    expect(theirs.status).toBe(200);
    expect(await redOf(theirs)).toBeLessThan(60);
  });

  it("a dealer group's image is served from the cache on the group's site only while the group still owns it", async () => {
    const { id, url } = await upload({ siteId: null, dealerGroupId: state.t.site.dealerGroup!.id }, "#c00");
    expect((await fetchImage(url)).status).toBe(200);
    expect((await fetchImage(url, other)).status).toBe(404);
    await state.handle.db.update(contentImages).set({ dealerGroupId: other.dealerGroup!.id }).where(eq(contentImages.id, id));
    expect((await fetchImage(url)).status).toBe(404);
    expect((await fetchImage(url, other)).status).toBe(200);
  });
});
