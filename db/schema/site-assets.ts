import { customType, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sites } from "./sites";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite answers a Uint8Array, node-postgres a Buffer: one type for the app.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Images uploaded through the console (issue 50: logos, favicons, location photos; migration
 * 0036), already re-encoded by sharp without metadata. Kept in the database so that every app node
 * serves them (`/media/{id}-{sha256 prefix}.{ext}`, immutable) without a shared disk.
 */
export const siteAssets = pgTable(
  "site_assets",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** logo, favicon or location-image. */
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Hex SHA-256 of `bytes`; its first 16 characters are in the URL, so a new upload is a new URL. */
    sha256: text("sha256").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("site_assets_site").on(t.siteId)],
);
