/**
 * Shopper accounts (issue 9; spec 1, 3 "Other entities", 4 "Watchlist", 6): shoppers identified
 * by a mobile number per site, database sessions, one-time sign-in codes, sign-in rate-limit
 * counters and the server-side watchlist.
 *
 * Secrets are never stored in plain text: a session row holds the SHA-256 of the session id, a
 * challenge holds a salted scrypt hash of the 6-digit code. Every row carries its site, so one
 * site's session or watchlist can never be read on another site.
 */
import { foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cars } from "./cars";
import { sites } from "./sites";

/**
 * A shopper (spec 6 "signed-in user, identified by a phone number") of ONE site, with the stored
 * user details of spec 3 (name, last_name, email, phone, postcode) that prefill lead forms.
 * The same person on two sites is two shoppers.
 */
export const shoppers = pgTable(
  "shoppers",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    /** Australian mobile number in E.164, e.g. +61412345678. */
    phone: text("phone").notNull(),
    /** spec 3 "name" (first name). */
    name: text("name"),
    lastName: text("last_name"),
    email: text("email"),
    /** 4 digits (spec 5 "Postcode"). */
    postcode: text("postcode"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  // (id, site_id) is unique so sessions and watchlist rows can reference both: the database itself
  // refuses a row whose site differs from its shopper's site.
  (t) => [uniqueIndex("shoppers_site_phone").on(t.siteId, t.phone), uniqueIndex("shoppers_id_site").on(t.id, t.siteId)],
);

/**
 * A signed-in session. `tokenHash` is the hex SHA-256 of the random session id sent in the
 * cookie; the id itself is never stored. A session is valid only on its own site, before
 * `expiresAt` and while `endedAt` is null.
 */
export const shopperSessions = pgTable(
  "shopper_sessions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    shopperId: integer("shopper_id").notNull().references(() => shoppers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set at sign-out (or when the session is rotated); the row is kept for audit. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("shopper_sessions_token_hash").on(t.tokenHash),
    index("shopper_sessions_shopper").on(t.shopperId),
    foreignKey({ name: "shopper_sessions_shopper_site_fk", columns: [t.shopperId, t.siteId], foreignColumns: [shoppers.id, shoppers.siteId] }).onDelete("cascade"),
  ],
);

/**
 * One sign-in attempt by one-time code. The public handle is a random UUID (hidden form field);
 * `codeHash` is `scrypt(code, salt)`; after `maxAttempts` wrong codes `lockedAt` is set; a used
 * code sets `consumedAt`. Codes expire at `expiresAt` (5 minutes after issue).
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: serial("id").primaryKey(),
    /** Random UUID carried by the code form; not guessable. */
    handle: text("handle").notNull(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    /** E.164 mobile number the code was sent to. */
    phone: text("phone").notNull(),
    /** Hex scrypt hash of the 6-digit code. */
    codeHash: text("code_hash").notNull(),
    /** Hex random salt of the hash. */
    codeSalt: text("code_salt").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** Client IP that asked for the code (audit; may be null). */
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sign_in_challenges_handle").on(t.handle), index("sign_in_challenges_site_phone").on(t.siteId, t.phone)],
);

/**
 * Devices that completed a sign-in for a number on a site (decision 225): their code requests for
 * that number get their own hourly share, so others using up the number's quota never lock the
 * owner out. Only the SHA-256 of the `fc_device` cookie's random id is stored.
 */
export const signInDevices = pgTable(
  "sign_in_devices",
  {
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    /** E.164, e.g. +61412345678. */
    phone: text("phone").notNull(),
    /** SHA-256 (hex) of the cookie's token. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sign_in_devices_site_phone_token").on(t.siteId, t.phone, t.tokenHash)],
);

/**
 * Fixed-window counters of code requests, shared by every app node. Buckets are per client IP,
 * per (number, IP) and per number, each scoped to a site (see app/services/auth.server.ts).
 */
export const signInRateLimits = pgTable(
  "sign_in_rate_limits",
  {
    /** e.g. "12:ip:203.0.113.9", "12:phone-ip:+61412345678:203.0.113.9", "12:phone:+61412345678". */
    bucket: text("bucket").notNull(),
    /** Start of the window (UTC). */
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("sign_in_rate_limits_bucket_window").on(t.bucket, t.windowStart)],
);

/**
 * Server-side watchlist (spec 3 "Watchlist entry: the car id", spec 4, 7). One row per
 * (shopper, car). The car's name and slug are copied at save time so a car deleted from stock
 * still reads as "no longer available" instead of vanishing or linking nowhere.
 */
export const watchlistEntries = pgTable(
  "watchlist_entries",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    shopperId: integer("shopper_id").notNull().references(() => shoppers.id, { onDelete: "cascade" }),
    carId: integer("car_id").references(() => cars.id, { onDelete: "set null" }),
    carName: text("car_name").notNull(),
    carSlug: text("car_slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("watchlist_entries_shopper_car").on(t.shopperId, t.carId),
    index("watchlist_entries_shopper_created").on(t.shopperId, t.createdAt),
    foreignKey({ name: "watchlist_entries_shopper_site_fk", columns: [t.shopperId, t.siteId], foreignColumns: [shoppers.id, shoppers.siteId] }).onDelete("cascade"),
  ],
);
