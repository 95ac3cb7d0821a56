import { relations, sql } from "drizzle-orm";
import { bigint, bigserial, boolean, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { dealerGroups, sites } from "./sites";

/**
 * Staff identity for the dealer console (issue 48, decision 250). The tables are better-auth's
 * user, session, account, verification and rate-limit models (the TypeScript keys are its field
 * names, which the Drizzle adapter maps); `demo`, `failedSignIns` and `lockedUntil` are ours.
 */
export const staffUsers = pgTable("staff_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull().default(""),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** A demo sign-in made by SEED_DEMO (printed at start-up, marked in the console). */
  demo: boolean("demo").notNull().default(false),
  /** Wrong one-time codes in a row (reset by a sign-in). */
  failedSignIns: integer("failed_sign_ins").notNull().default(0),
  /** Sign-in is refused until then (lockout). */
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const staffSessions = pgTable("staff_sessions", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  userId: text("user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  /** How the session was signed in: "passkey", "email-code", "email-link" (null: before migration 0040). */
  authMethod: text("auth_method"),
});

export const staffAccounts = pgTable("staff_accounts", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The relations better-auth's joins read (its `advanced.database.joins`): a session's user and an
 * account's user (one each), a user's accounts. With them, reading a session and its user is one
 * query instead of two on every console request. The keys are better-auth's model names.
 */
export const staffSessionRelations = relations(staffSessions, ({ one }) => ({ user: one(staffUsers, { fields: [staffSessions.userId], references: [staffUsers.id] }) }));
export const staffAccountRelations = relations(staffAccounts, ({ one }) => ({ user: one(staffUsers, { fields: [staffAccounts.userId], references: [staffUsers.id] }) }));
export const staffUserRelations = relations(staffUsers, ({ many }) => ({ accounts: many(staffAccounts) }));

export const staffVerifications = pgTable("staff_verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const staffRateLimits = pgTable("staff_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  /** Epoch ms. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * A staff member's grant (decision 251): `platform_operator` (no scope), `group_admin` (one dealer
 * group) or a site role (one site; `sales` also lists its locations). The database refuses any
 * other shape (migration 0024's check).
 */
export const staffRoles = pgTable("staff_roles", {
  id: serial("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  role: text("role").notNull(),
  dealerGroupId: integer("dealer_group_id").references(() => dealerGroups.id, { onDelete: "cascade" }),
  siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
  locationIds: integer("location_ids").array().notNull().default(sql`'{}'::integer[]`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The console's signing secret when CONSOLE_SECRET is unset (made once, shared by every node). */
export const consoleKeys = pgTable("console_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Append-only audit trail (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const staffAudit = pgTable("staff_audit", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  userId: text("user_id"),
  actorEmail: text("actor_email"),
  dealerGroupId: integer("dealer_group_id"),
  siteId: integer("site_id"),
  /** e.g. "sign-in", "sign-in-failed", "staff.add". */
  action: text("action").notNull(),
  entity: text("entity"),
  entityId: text("entity_id"),
  before: jsonb("before"),
  after: jsonb("after"),
  ipAddress: text("ip_address"),
});

/** A staff member's passkey (better-auth's passkey model; the keys are its field names). */
export const staffPasskeys = pgTable("staff_passkeys", {
  id: text("id").primaryKey(),
  name: text("name"),
  publicKey: text("public_key").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  credentialID: text("credential_id").notNull().unique(),
  counter: integer("counter").notNull(),
  deviceType: text("device_type").notNull(),
  backedUp: boolean("backed_up").notNull(),
  transports: text("transports"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  aaguid: text("aaguid"),
});

/**
 * An e-mailed invitation to a site or dealer group with a role (issue 48 item 7): accepting it
 * creates the grant. Only the SHA-256 of the link's token is stored.
 */
export const staffInvitations = pgTable("staff_invitations", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  role: text("role").notNull(),
  dealerGroupId: integer("dealer_group_id").references(() => dealerGroups.id, { onDelete: "cascade" }),
  siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
  locationIds: integer("location_ids").array().notNull().default(sql`'{}'::integer[]`),
  tokenHash: text("token_hash").notNull().unique(),
  invitedBy: text("invited_by").references(() => staffUsers.id, { onDelete: "set null" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
