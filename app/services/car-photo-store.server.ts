/**
 * Where photos uploaded through the dealer console live (issue 49 item 2): their cleaned bytes
 * are rows of `car_photos` in the site's database, so every app node, on PGlite or PostgreSQL,
 * reads the same photo without a shared disk. A car's `images` list names one as
 * `/car-photos/{id}.jpg`; the image endpoint (app/services/images.server.ts) and the
 * `/car-photos/:file` route read it through here, always scoped by the site.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { carPhotos, cars } from "../../db/schema/index";

/** How every uploaded photo's path starts. */
export const CAR_PHOTO_PREFIX = "/car-photos/";
const CAR_PHOTO_PATH = /^\/car-photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;

/** The site path a car's `images` list uses for uploaded photo `id` (a UUID): `/car-photos/{id}.jpg`. */
export function carPhotoPath(id: string): string {
  return `${CAR_PHOTO_PREFIX}${id}.jpg`;
}

/** The photo id in a `/car-photos/{id}.jpg` path, else null (an imported or public-folder photo). */
export function carPhotoIdOf(src: string): string | null {
  return CAR_PHOTO_PATH.exec(src)?.[1] ?? null;
}

/**
 * A car's gallery after a feed changes its photos: the console's uploads stay, the feed's photos
 * replace the ones the last feed gave. Order rule: each upload keeps its place in the gallery (so
 * an upload staff made the primary stays first); the feed's photos, in the feed's order, take the
 * other places; when the feed has fewer photos than the places the old ones held, the later
 * uploads move up; the feed's extra photos go at the end. A feed photo staff deleted comes back if
 * the feed still sends it (the feed is the source of its own photos).
 * @param current the car's `images` list now (uploads and the last feed's photos)
 * @param feed the feed's photos for the car, in the feed's order
 */
export function mergeFeedPhotos(current: readonly { url: string }[], feed: readonly { url: string }[]): { url: string }[] {
  const merged: { url: string }[] = [];
  let next = 0;
  for (const photo of current) {
    if (carPhotoIdOf(photo.url) !== null) merged.push(photo);
    else if (next < feed.length) merged.push(feed[next++]);
  }
  return [...merged, ...feed.slice(next)];
}

/**
 * Photo `id` of site `siteId` that its car still lists: a photo deleted in the console, or dropped
 * from the car's list by a feed re-import, is no longer served.
 */
function listed(siteId: number, id: string) {
  return and(eq(carPhotos.id, id), eq(carPhotos.siteId, siteId), sql`${cars.images} @> ${JSON.stringify([{ url: carPhotoPath(id) }])}::jsonb`);
}

/** True when uploaded photo `id` belongs to site `siteId` and its car lists it. */
export async function carPhotoExists(db: Database, siteId: number, id: string): Promise<boolean> {
  const [row] = await db.select({ id: carPhotos.id }).from(carPhotos).innerJoin(cars, eq(cars.id, carPhotos.carId)).where(listed(siteId, id));
  return row !== undefined;
}

/**
 * The stored master of uploaded photo `id` of site `siteId`.
 * @returns its JPEG bytes and content type, or null when the site has no such photo or its car
 *   no longer lists it
 */
export async function readCarPhoto(db: Database, siteId: number, id: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db.select({ bytes: carPhotos.bytes, contentType: carPhotos.contentType }).from(carPhotos).innerJoin(cars, eq(cars.id, carPhotos.carId)).where(listed(siteId, id));
  return row ?? null;
}
