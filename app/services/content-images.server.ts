/**
 * Images staff upload for content (issue 50 item 1, decision 325): checked (JPEG, PNG, WebP,
 * AVIF or an iPhone's HEIC, at most {@link MAX_UPLOAD_BYTES} and {@link MAX_UPLOAD_PIXELS}), turned upright and
 * re-encoded by sharp as WebP at most {@link MAX_UPLOAD_WIDTH} wide, which drops EXIF (GPS, camera)
 * and every other metadata, then kept in the database so every node can serve it through the
 * /images endpoint (`/content-images/{id}.webp` is its source path there). An image of a dealer
 * group's or the network's offer belongs to no site: it is served on every site the offer shows on.
 */
import { and, eq } from "drizzle-orm";
import type { Metadata } from "sharp";
import type { Database } from "../../db/client";
import { contentImages } from "../../db/schema/index";
import type { Site } from "~/sites/site";
import { heicAsSharp, isHeic } from "../media/heic.server";
import { ownedForSite, type ContentOwner } from "./content-owner.server";

/** Largest upload, bytes (5 MB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Largest upload, pixels (a 40-megapixel photo). */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Widest stored image, pixels (renditions are made from it). */
export const MAX_UPLOAD_WIDTH = 2400;
/** sharp's format names accepted ("heif" holds both AVIF and the iPhone's HEIC). */
const FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif"]);
const ACCEPTED_TEXT = "a JPEG, PNG, WebP, AVIF or HEIC";
/** A stored image's source path for the /images endpoint. */
export const CONTENT_IMAGE_PATH = /^\/content-images\/(\d{1,9})\.webp$/;

/** Why an upload was refused (shown beside the field). */
export class ImageUploadError extends Error {}

/**
 * Checks, cleans and stores an uploaded image for a site, a dealer group or the network.
 * @returns the image's URL for pages: `/images?src=/content-images/{id}.webp&w=1200&q=80`
 * @throws ImageUploadError for a file too large, not an image, or of another type
 */
export async function storeContentImage(db: Database, owner: ContentOwner, file: File, createdBy: string | null): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ImageUploadError(`Image: at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB (this file is ${(file.size / 1024 / 1024).toFixed(1)} MB).`);
  const input = Buffer.from(await file.arrayBuffer());
  const { default: sharp } = await import("sharp");
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageUploadError(`Image: this file is not an image we can read (use ${ACCEPTED_TEXT}).`);
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw new ImageUploadError(`Image: use ${ACCEPTED_TEXT} file.`);
  // Checked from the header, before any decoding: HEIC's pixels are decoded outside sharp, which
  // would not apply its own limit to them.
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS) throw new ImageUploadError(`Image: too large (at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels).`);
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    const source = isHeic(meta) ? await heicAsSharp(input) : sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS });
    // No withMetadata(): sharp writes none of the source's EXIF, XMP or ICC comments.
    out = await source.rotate().resize({ width: MAX_UPLOAD_WIDTH, withoutEnlargement: true }).webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageUploadError(`Image: too large or damaged (at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels).`);
  }
  const [row] = await db.insert(contentImages).values({ siteId: owner.siteId, dealerGroupId: owner.siteId === null ? owner.dealerGroupId : null, contentType: "image/webp", width: out.info.width, height: out.info.height, bytes: out.data, createdBy }).returning({ id: contentImages.id });
  return `/images?src=${encodeURIComponent(`/content-images/${row!.id}.webp`)}&w=1200&q=80`;
}

/**
 * Whether a content image a site may show still exists (the same rule as {@link readContentImage}:
 * the site's own, its dealer group's or the network's), by its source path; one lookup by primary
 * key that reads no bytes. A cached rendition is served only when this holds, so a deleted image
 * stops showing at once, and a rendition cached for an id that now names another owner's image
 * (a fresh database reusing ids under an old cache folder) is not served.
 * @param src `/content-images/{id}.webp`
 * @returns false for another site's or group's image, none, or a path that is not a content image
 */
export async function contentImageVisible(db: Database, site: Pick<Site, "id" | "dealerGroup">, src: string): Promise<boolean> {
  const id = CONTENT_IMAGE_PATH.exec(src)?.[1];
  if (!id) return false;
  const [row] = await db
    .select({ id: contentImages.id })
    .from(contentImages)
    .where(and(eq(contentImages.id, Number(id)), ownedForSite(contentImages, site)));
  return row !== undefined;
}

/**
 * The stored bytes of a content image a site may show, by its source path: the site's own, its
 * dealer group's or the network's; null for another site's or group's, or none.
 * @param src `/content-images/{id}.webp`
 */
export async function readContentImage(db: Database, site: Pick<Site, "id" | "dealerGroup">, src: string): Promise<Buffer | null> {
  const id = CONTENT_IMAGE_PATH.exec(src)?.[1];
  if (!id) return null;
  const [row] = await db
    .select({ bytes: contentImages.bytes })
    .from(contentImages)
    .where(
      and(
        eq(contentImages.id, Number(id)),
        ownedForSite(contentImages, site),
      ),
    );
  return row?.bytes ?? null;
}
