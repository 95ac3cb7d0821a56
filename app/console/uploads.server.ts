/**
 * Images uploaded through the console (issue 50 items 5 and 6: location photo, logo, favicon).
 * sharp decodes the upload (so a file that only claims to be an image is refused), applies its
 * EXIF orientation, resizes it for its use and encodes it again WITHOUT metadata (EXIF, GPS, XMP
 * and ICC are not copied: sharp keeps none unless asked). The result is stored in `site_assets`
 * (the database every node shares) and served by `/media/{file}` on the site's host.
 */
import { createHash } from "node:crypto";
import type { Database } from "../../db/client";
import { siteAssets } from "../../db/schema/index";

/** Largest upload accepted, in bytes (2 MiB: a logo or photo never needs more). */
export const CONSOLE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Image types accepted (sniffed by sharp from the bytes, not from the name or the browser's type). */
export const ACCEPTED_IMAGE_FORMATS = ["png", "jpeg", "webp", "gif", "svg"] as const;

/** What each use keeps: the box an image is fitted into (never enlarged) and the stored format. */
const KINDS = {
  logo: { width: 800, height: 200, fit: "inside", format: "png" },
  favicon: { width: 64, height: 64, fit: "contain", format: "png" },
  "location-image": { width: 1280, height: 960, fit: "inside", format: "webp" },
} as const;
export type AssetKind = keyof typeof KINDS;

/** Why an upload was refused (the message is shown next to the file field). */
export class UploadRefused extends Error {}

/** A processed image, ready to store. */
export interface ProcessedImage {
  bytes: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * Checks and re-encodes an uploaded image for `kind`.
 * @param file the posted file (a File from the form data)
 * @throws UploadRefused when the file is empty, larger than {@link CONSOLE_UPLOAD_MAX_BYTES}, not
 *   an image sharp can read, of a type not in {@link ACCEPTED_IMAGE_FORMATS}, or over 40 megapixels
 */
export async function processImageUpload(file: File, kind: AssetKind): Promise<ProcessedImage> {
  if (file.size === 0) throw new UploadRefused("Choose an image file.");
  if (file.size > CONSOLE_UPLOAD_MAX_BYTES) throw new UploadRefused(`The image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB.`);
  const input = Buffer.from(await file.arrayBuffer());
  // Loaded on first use, like the other sharp callers: a node that never takes an upload or resizes
  // an image does not hold libvips (about 20 MB).
  const { default: sharp } = await import("sharp");
  const options = { limitInputPixels: 40_000_000, failOn: "error" as const };
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    throw new UploadRefused("This file is not an image we can read. Use PNG, JPEG, WebP, GIF or SVG.");
  }
  if (!format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format)) throw new UploadRefused(`${format ? format.toUpperCase() : "This"} images are not accepted. Use PNG, JPEG, WebP, GIF or SVG.`);
  const spec = KINDS[kind];
  try {
    const pipeline = sharp(input, options)
      .rotate()
      .resize({ width: spec.width, height: spec.height, fit: spec.fit, withoutEnlargement: spec.fit === "inside", background: { r: 0, g: 0, b: 0, alpha: 0 } });
    const { data, info } = await (spec.format === "png" ? pipeline.png({ compressionLevel: 9 }) : pipeline.webp({ quality: 80 })).toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: `image/${spec.format}`, extension: spec.format, width: info.width, height: info.height };
  } catch {
    throw new UploadRefused("This image could not be processed. Try saving it again as PNG or JPEG.");
  }
}

/**
 * Stores a processed image for a site.
 * @param db the database or the change's transaction
 * @returns the path it is served at on the site's host, `/media/{id}-{hash}.{ext}` (a new upload
 *   is a new path, so it can be cached for ever)
 */
export async function storeSiteAsset(db: Pick<Database, "insert">, siteId: number, kind: AssetKind, image: ProcessedImage, createdBy: string | null): Promise<string> {
  const sha256 = createHash("sha256").update(image.bytes).digest("hex");
  const [row] = await db.insert(siteAssets).values({ siteId, kind, contentType: image.contentType, bytes: image.bytes, width: image.width, height: image.height, sha256, createdBy }).returning({ id: siteAssets.id });
  return mediaPath(row.id, sha256, image.extension);
}

/** The public path of a stored asset. */
export function mediaPath(id: number, sha256: string, extension: string): string {
  return `/media/${id}-${sha256.slice(0, 16)}.${extension}`;
}

/**
 * The file posted as `name`, or null when the field is absent or empty (no new file chosen).
 */
export function uploadedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}
