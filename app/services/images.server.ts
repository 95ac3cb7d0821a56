/**
 * The embedded image endpoint's work (issue 17, decision 175): reads a site's local photo (under
 * the public folder), a photo uploaded through the console (`/car-photos/{id}.jpg`, kept in the
 * database) or an imported photo (an http(s) URL that one of the site's cars lists),
 * resizes it with sharp to the requested width (never enlarging) and encodes AVIF, WebP or JPEG by
 * the browser's Accept header, caching each rendition on disk. A CDN base URL in the site config
 * (`display.imageCdnBaseUrl`) replaces this endpoint in every image URL.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { cars } from "../../db/schema/index";
import type { Site } from "~/sites/site";
import { carPhotoExists, carPhotoIdOf, readCarPhoto } from "./car-photo-store.server";
import { CONTENT_IMAGE_PATH, contentImageVisible, readContentImage } from "./content-images.server";

/** Largest width served, pixels. */
export const MAX_IMAGE_WIDTH = 2400;
/** Largest source accepted, bytes. */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
/** Largest source accepted, pixels (width x height), so a small file cannot expand into gigabytes. */
export const MAX_SOURCE_PIXELS = 60_000_000;
const LOCAL_IMAGE = /\.(jpe?g|png|webp|avif|gif)$/i;

/** The endpoint's query: `src` (a site path or an http(s) URL), `w` (16-2400 px), `q` (1-100). */
export const ImageQuerySchema = z.object({
  src: z
    .string()
    .min(1, '"src" is required')
    .max(2000)
    .refine((s) => (s.startsWith("/") && !s.startsWith("//")) || /^https?:\/\//i.test(s), '"src" must be a path on this site or an http(s) URL'),
  w: z.coerce.number({ message: '"w" must be a whole number' }).int('"w" must be a whole number').min(16).max(MAX_IMAGE_WIDTH),
  q: z.coerce.number({ message: '"q" must be a whole number' }).int('"q" must be a whole number').min(1).max(100),
});

export type ImageFormat = "avif" | "webp" | "jpeg";

/** AVIF when the browser accepts it, else WebP, else JPEG. */
export function negotiateFormat(accept: string | null): ImageFormat {
  const a = accept ?? "";
  if (a.includes("image/avif")) return "avif";
  if (a.includes("image/webp")) return "webp";
  return "jpeg";
}

/** Folders a local `src` is read from, first found wins: the built client, then `public/`. */
function publicRoots(): string[] {
  return [resolve("build/client"), resolve("public")];
}

async function readLocal(src: string): Promise<Buffer | null> {
  const path = decodeURIComponent(src.split("?")[0]);
  if (!LOCAL_IMAGE.test(extname(path))) return null;
  for (const root of publicRoots()) {
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep)) return null;
    if (existsSync(file)) return readFile(file);
  }
  return null;
}

async function readRemote(db: Database, site: Pick<Site, "id">, src: string): Promise<Buffer | null> {
  // Only photos imported for this site's cars are fetched (no open proxy).
  const listed = await db
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.siteId, site.id), sql`${cars.images} @> ${JSON.stringify([{ url: src }])}::jsonb`))
    .limit(1);
  if (!listed.length) return null;
  const res = await fetch(src, { signal: AbortSignal.timeout(10_000), redirect: "follow" });
  if (!res.ok) return null;
  const length = Number(res.headers.get("content-length") ?? 0);
  if (length > MAX_SOURCE_BYTES) return null;
  const body = Buffer.from(await res.arrayBuffer());
  return body.length > MAX_SOURCE_BYTES ? null : body;
}

/**
 * One rendition of a site's photo, from the disk cache or freshly made.
 * @param cacheDir folder of cached renditions (created when missing)
 * @returns the encoded image, or null when the source is not this site's photo or cannot be read
 * @throws Error only when sharp cannot decode the source (the route answers 422)
 */
export async function imageRendition(
  db: Database,
  site: Pick<Site, "id" | "dealerGroup">,
  query: z.infer<typeof ImageQuerySchema>,
  format: ImageFormat,
  cacheDir: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  const contentType = `image/${format}`;
  const key = createHash("sha256").update(`${site.id}\u001f${query.src}\u001f${query.w}\u001f${query.q}\u001f${format}`).digest("hex");
  const cached = join(cacheDir, `${key}.${format}`);
  // A deleted upload must stop showing at once, though this node still holds its renditions; so must
  // a content image whose id now names another owner's (ids reused under an old cache folder).
  const photoId = carPhotoIdOf(query.src);
  if (photoId && !(await carPhotoExists(db, site.id, photoId))) return null;
  const contentImage = CONTENT_IMAGE_PATH.test(query.src);
  if (contentImage && !(await contentImageVisible(db, site, query.src))) return null;
  if (existsSync(cached)) return { body: await readFile(cached), contentType };
  // Issue 49 item 2 and issue 50: photos and images staff uploaded are kept in the database (every node reads the same).
  const source = photoId ? ((await readCarPhoto(db, site.id, photoId))?.bytes ?? null) : contentImage ? await readContentImage(db, site, query.src) : query.src.startsWith("/") ? await readLocal(query.src) : await readRemote(db, site, query.src);
  if (!source) return null;
  // sharp (17 MB resident) loads with the first resize, not with the server (issue 15 memory).
  const { default: sharp } = await import("sharp");
  let pipeline = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).rotate().resize({ width: query.w, withoutEnlargement: true });
  pipeline = format === "avif" ? pipeline.avif({ quality: query.q, effort: 2 }) : format === "webp" ? pipeline.webp({ quality: query.q }) : pipeline.jpeg({ quality: query.q, mozjpeg: true });
  const body = await pipeline.toBuffer();
  await mkdir(cacheDir, { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  await writeFile(tmp, body);
  await rename(tmp, cached);
  return { body, contentType };
}
