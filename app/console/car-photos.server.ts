/**
 * A car's photos in the dealer console (issue 49 item 2): upload several at once,
 * reorder, choose the primary, delete. Every function takes the scoped site first (sales reach
 * only the cars of their assigned locations), changes the car's `images` list in one transaction
 * with its audit row, and so moves the site's stock version: every node shows the change on its
 * next request. Uploads are checked by their content (sharp reads them; the file name and the
 * browser's type are not trusted) and re-encoded, which drops EXIF, GPS and every other metadata.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "../../db/client";
import { carPhotos, cars } from "../../db/schema/index";
import { heicAsSharp, isHeic } from "~/media/heic.server";
import { carPhotoIdOf, carPhotoPath } from "~/services/car-photo-store.server";
import { MAX_IMAGE_WIDTH, MAX_SOURCE_BYTES, MAX_SOURCE_PIXELS } from "~/services/images.server";
import { PHOTO_POST_MAX_BYTES } from "./photo-upload-limit";
import { recordAudit, type ScopedSite, type StaffMember } from "./staff.server";

/** The limits on uploads, shown on the page as they are enforced. */
export const PHOTO_LIMITS = {
  /** Bytes per file as uploaded (20 MB: a phone or DSLR JPEG fits; a 50 MB file does not). */
  maxFileBytes: MAX_SOURCE_BYTES,
  /** Pixels per file (width x height), so a small file cannot decode into gigabytes. */
  maxPixels: MAX_SOURCE_PIXELS,
  /** Pixels on the long side below which a photo is too small for the VDP (640 px wide). */
  minLongSide: 640,
  /** Photos per car, imported ones included. */
  maxPhotosPerCar: 40,
  /** The stored master's long side, pixels: the widest rendition the image endpoint serves. */
  masterLongSide: MAX_IMAGE_WIDTH,
  /** JPEG quality of the stored master. */
  masterQuality: 88,
  /** Bytes of one upload post (the request body limit of the page's route). */
  maxPostBytes: PHOTO_POST_MAX_BYTES,
} as const;

/** The formats accepted, as sharp names them, with what staff call them. */
const ACCEPTED_FORMATS: Record<string, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", heif: "AVIF" };
/** What the page tells staff it accepts (HEIF holds both AVIF and the iPhone's HEIC). */
export const ACCEPTED_TYPES_TEXT = "JPEG, PNG, WebP, HEIC or AVIF";

/** The car whose photos a page shows. */
export interface PhotoCar {
  id: number;
  stockNumber: string;
  name: string;
  slug: string;
  /** The car's photos in gallery order (the first is the primary, shown on cards). */
  images: string[];
}

/** What one uploaded file came to. */
export type UploadOutcome = { name: string; accepted: true; url: string } | { name: string; accepted: false; reason: string };

/** Who makes a change (audit). */
export interface PhotoActor {
  member: Pick<StaffMember, "id" | "email">;
  ipAddress: string | null;
}

/** One file as posted. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** Sales reach only the cars of their assigned locations; everyone else the whole site. */
function reachOf(scoped: ScopedSite): SQL | undefined {
  if (scoped.reach !== "assigned-locations") return undefined;
  return scoped.locationIds.length ? inArray(cars.locationId, scoped.locationIds) : sql`false`;
}

/**
 * The car with stock number `stockNumber` on the scoped site, within the member's reach, or null
 * when there is none (or it sits at a location the member does not work at).
 * @param lock lock the car's row until the transaction `db` ends (changes to its photo list)
 */
export async function findPhotoCar(db: Pick<Database, "select">, scoped: ScopedSite, stockNumber: string, lock = false): Promise<PhotoCar | null> {
  const query = db
    .select({ id: cars.id, stockNumber: cars.stockNumber, name: cars.name, slug: cars.slug, images: cars.images })
    .from(cars)
    .where(and(eq(cars.siteId, scoped.site.id), eq(cars.stockNumber, stockNumber), reachOf(scoped)));
  const [car] = lock ? await query.for("update") : await query;
  return car ? { ...car, images: car.images.map((i) => i.url).filter((u) => typeof u === "string" && u.trim() !== "") } : null;
}

/**
 * {@link findPhotoCar}, for a page about that car.
 * @throws a 404 response when there is no such car within the member's reach (they learn nothing
 *   about a car at another location)
 */
export async function photoCarFor(db: Pick<Database, "select">, scoped: ScopedSite, stockNumber: string, lock = false): Promise<PhotoCar> {
  const car = await findPhotoCar(db, scoped, stockNumber, lock);
  if (!car) throw data(`No car with stock number ${stockNumber} among the cars you can see.`, { status: 404 });
  return car;
}

/**
 * Checks one file by its content and makes the master to store: EXIF orientation applied, then
 * every metadata block dropped (EXIF, GPS, XMP, IPTC, ICC: sharp writes none unless asked),
 * transparency flattened onto white, at most {@link PHOTO_LIMITS.masterLongSide} px on the long
 * side, JPEG.
 * @returns the master and its size in pixels, or the reason the file is refused (a sentence)
 */
export async function cleanPhoto(bytes: Uint8Array): Promise<{ ok: true; jpeg: Buffer; width: number; height: number } | { ok: false; reason: string }> {
  if (bytes.byteLength === 0) return { ok: false, reason: "The file is empty (0 bytes)." };
  if (bytes.byteLength > PHOTO_LIMITS.maxFileBytes) return { ok: false, reason: `The file is ${megabytes(bytes.byteLength)}; photos can be at most ${megabytes(PHOTO_LIMITS.maxFileBytes)}.` };
  const { default: sharp } = await import("sharp");
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: `This file is not an image we can read. Upload a ${ACCEPTED_TYPES_TEXT} photo.` };
  }
  const heic = isHeic(meta);
  if (!heic && !ACCEPTED_FORMATS[meta.format ?? ""]) return { ok: false, reason: `${(meta.format ?? "This").toUpperCase()} files are not accepted. Upload a ${ACCEPTED_TYPES_TEXT} photo.` };
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > PHOTO_LIMITS.maxPixels) return { ok: false, reason: `The photo is ${width} × ${height} px; photos can have at most ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels.` };
  if (Math.max(width, height) < PHOTO_LIMITS.minLongSide) return { ok: false, reason: `The photo is ${width} × ${height} px, too small to show well; it needs at least ${PHOTO_LIMITS.minLongSide} px on its long side.` };
  try {
    const source = heic ? await heicAsSharp(bytes) : sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxPixels });
    const { data: jpeg, info } = await source
      .rotate()
      .resize({ width: PHOTO_LIMITS.masterLongSide, height: PHOTO_LIMITS.masterLongSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: PHOTO_LIMITS.masterQuality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, jpeg, width: info.width, height: info.height };
  } catch {
    return { ok: false, reason: "The photo is damaged and cannot be read to the end." };
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en-AU", { maximumFractionDigits: 1 })} MB`;
}

/**
 * Adds `files` to the car's photos, after its current ones, in the order given. Each file is
 * checked on its own: a refused file (empty, too large, not an image, too many for the car)
 * never stops the others.
 * @returns one outcome per file, in the order given
 * @throws a 404 response as {@link photoCarFor}
 */
export async function addCarPhotos(db: Database, actor: PhotoActor, scoped: ScopedSite, stockNumber: string, files: UploadedFile[]): Promise<UploadOutcome[]> {
  await photoCarFor(db, scoped, stockNumber);
  // The slow part (decoding and encoding) runs before the transaction, one file at a time, so a
  // large upload neither holds the car's row nor takes every sharp thread at once.
  const cleaned: { name: string; result: Awaited<ReturnType<typeof cleanPhoto>> }[] = [];
  for (const file of files) cleaned.push({ name: file.name, result: await cleanPhoto(file.bytes) });
  return db.transaction(async (tx) => {
    const car = await photoCarFor(tx, scoped, stockNumber, true);
    const outcomes: UploadOutcome[] = [];
    const added: string[] = [];
    for (const { name, result } of cleaned) {
      if (!result.ok) {
        outcomes.push({ name, accepted: false, reason: result.reason });
        continue;
      }
      if (car.images.length + added.length >= PHOTO_LIMITS.maxPhotosPerCar) {
        outcomes.push({ name, accepted: false, reason: `The car has ${PHOTO_LIMITS.maxPhotosPerCar} photos, the most it can have. Delete one to add another.` });
        continue;
      }
      const id = randomUUID();
      await tx.insert(carPhotos).values({ id, siteId: scoped.site.id, carId: car.id, contentType: "image/jpeg", width: result.width, height: result.height, byteSize: result.jpeg.byteLength, bytes: result.jpeg, originalName: name.slice(0, 200), uploadedBy: actor.member.id });
      added.push(carPhotoPath(id));
      outcomes.push({ name, accepted: true, url: carPhotoPath(id) });
    }
    if (added.length) await saveImages(tx, car, [...car.images, ...added]);
    await recordAudit(tx, {
      userId: actor.member.id,
      actorEmail: actor.member.email,
      action: "car.photos-upload",
      siteId: scoped.site.id,
      entity: "car",
      entityId: car.stockNumber,
      before: { images: car.images },
      after: { images: [...car.images, ...added], files: outcomes.map((o) => (o.accepted ? { name: o.name, url: o.url } : { name: o.name, refused: o.reason })) },
      ipAddress: actor.ipAddress,
    });
    return outcomes;
  });
}

/** A change to one photo of a car. */
export type PhotoChange = { intent: "move-up" | "move-down" | "primary" | "delete"; photo: string };

const CHANGE_DONE: Record<PhotoChange["intent"], string> = {
  "move-up": "Photo moved up.",
  "move-down": "Photo moved down.",
  primary: "Photo made the primary: it shows first in the gallery and on cards.",
  delete: "Photo deleted.",
};

/**
 * Moves a photo one place up or down, makes it the primary (moves it first), or deletes it
 * (an uploaded photo's bytes go too).
 * @returns the confirmation to show
 * @throws a 404 response as {@link photoCarFor}; {@link PhotoGone} when the car no longer lists
 *   the photo (another member changed it meanwhile)
 */
export async function changeCarPhoto(db: Database, actor: PhotoActor, scoped: ScopedSite, stockNumber: string, change: PhotoChange): Promise<string> {
  return db.transaction(async (tx) => {
    const car = await photoCarFor(tx, scoped, stockNumber, true);
    const at = car.images.indexOf(change.photo);
    if (at === -1) throw new PhotoGone();
    const images = [...car.images];
    if (change.intent === "delete") images.splice(at, 1);
    else {
      const to = change.intent === "primary" ? 0 : change.intent === "move-up" ? Math.max(0, at - 1) : Math.min(images.length - 1, at + 1);
      images.splice(at, 1);
      images.splice(to, 0, change.photo);
    }
    const id = carPhotoIdOf(change.photo);
    if (change.intent === "delete" && id) await tx.delete(carPhotos).where(and(eq(carPhotos.id, id), eq(carPhotos.siteId, scoped.site.id), eq(carPhotos.carId, car.id)));
    await saveImages(tx, car, images);
    await recordAudit(tx, {
      userId: actor.member.id,
      actorEmail: actor.member.email,
      action: `car.photo-${change.intent}`,
      siteId: scoped.site.id,
      entity: "car",
      entityId: car.stockNumber,
      before: { images: car.images },
      after: { images, photo: change.photo },
      ipAddress: actor.ipAddress,
    });
    return CHANGE_DONE[change.intent];
  });
}

/** The photo a change names is no longer one of the car's. */
export class PhotoGone extends Error {
  constructor() {
    super("That photo is no longer one of this car's (someone may have changed them meanwhile). The list below is up to date.");
  }
}

/** Writes the car's photo list: the first is its primary image; the count follows the list. */
async function saveImages(tx: Pick<Database, "update">, car: PhotoCar, images: string[]): Promise<void> {
  await tx
    .update(cars)
    .set({ images: images.map((url) => ({ url })), primaryImageUrl: images[0] ?? null, photosCount: images.length, updatedAt: new Date() })
    .where(eq(cars.id, car.id));
}

/** What the page shows of each stored upload (staff only): its name as uploaded and size. */
export async function uploadDetails(db: Database, scoped: ScopedSite, car: PhotoCar): Promise<Map<string, { originalName: string; width: number; height: number; byteSize: number }>> {
  const rows = await db
    .select({ id: carPhotos.id, originalName: carPhotos.originalName, width: carPhotos.width, height: carPhotos.height, byteSize: carPhotos.byteSize })
    .from(carPhotos)
    .where(and(eq(carPhotos.siteId, scoped.site.id), eq(carPhotos.carId, car.id)));
  return new Map(rows.map(({ id, ...r }) => [carPhotoPath(id), r]));
}

/** A short tag naming a photo, for URLs that must change when the photo at a position does. */
export function photoVersion(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 12);
}
