import { customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { cars } from "./cars";
import { staffUsers } from "./console";
import { sites } from "./sites";

/** PostgreSQL `bytea` as a Node Buffer (pg gives a Buffer, PGlite a Uint8Array: both are wrapped). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * A photo uploaded through the dealer console (issue 49 item 2, migration 0031): the cleaned
 * master (re-encoded JPEG, no EXIF, GPS or other metadata), at most 2400 px on its long side.
 * The car's `images` list names it as `/car-photos/{id}.jpg`; the image endpoint resizes it.
 */
export const carPhotos = pgTable(
  "car_photos",
  {
    id: uuid("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    carId: integer("car_id").notNull().references(() => cars.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    /** Pixels of the stored master. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Bytes of the stored master. */
    byteSize: integer("byte_size").notNull(),
    bytes: bytea("bytes").notNull(),
    /** The file name as uploaded (shown to staff only). */
    originalName: text("original_name").notNull(),
    uploadedBy: text("uploaded_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("car_photos_car").on(t.carId), index("car_photos_site").on(t.siteId)],
);
