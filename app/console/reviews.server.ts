/**
 * Reviews display in the console (issue 50 item 8): the site's reviews with their state, and
 * hiding one from the site with a reason (kept in the audit trail, written in the same
 * transaction). Hiding moves the site's config version (the reviews trigger of migration 0018),
 * so every node's location pages drop it on their next request.
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { locations, reviews } from "../../db/schema/index";
import type { SettingsActor } from "./settings.server";
import { recordAudit } from "./staff.server";
import { MAX_DB_ID } from "~/domain/db-id";

/** One review as the console lists it. */
export interface ConsoleReview {
  id: number;
  location: string | null;
  customerName: string;
  rating: number;
  text: string;
  reviewDate: Date;
  hidden: boolean;
}

/** The site's reviews, newest first (at most `limit`). */
export async function listConsoleReviews(db: Database, siteId: number, limit = 200): Promise<ConsoleReview[]> {
  const rows = await db
    .select({ id: reviews.id, location: locations.name, customerName: reviews.customerName, rating: reviews.rating, text: reviews.text, reviewDate: reviews.reviewDate, hiddenAt: reviews.hiddenAt })
    .from(reviews)
    .leftJoin(locations, eq(locations.id, reviews.locationId))
    .where(eq(reviews.siteId, siteId))
    .orderBy(desc(reviews.reviewDate), desc(reviews.id))
    .limit(limit);
  return rows.map(({ hiddenAt, ...r }) => ({ ...r, hidden: hiddenAt !== null }));
}

/** The display settings form: spec 5's minimum rating and how many a location page lists. */
export const ReviewDisplaySchema = z.object({
  minimumReviewRating: z.coerce.number({ error: "Enter a rating from 0 to 5." }).min(0, "Enter a rating from 0 to 5.").max(5, "Enter a rating from 0 to 5."),
  reviewsListed: z.coerce.number({ error: "Enter a whole number from 0 to 100." }).int("Enter a whole number from 0 to 100.").min(0, "Enter a whole number from 0 to 100.").max(100, "Enter a whole number from 0 to 100."),
});

/** Hiding needs a reason (for the audit trail). */
export const HideReviewSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_ID),
  reason: z.string({ error: "Say why it is hidden (kept in the audit trail)." }).trim().min(3, "Say why it is hidden (kept in the audit trail).").max(500, "Use at most 500 characters."),
});

/**
 * Hides one of the site's reviews from the site, or shows it again; audited with the reason.
 * @returns false when the site has no such review
 */
export async function setReviewHidden(db: Database, actor: SettingsActor, siteId: number, id: number, hidden: boolean, reason: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(and(eq(reviews.id, id), eq(reviews.siteId, siteId)))
      .returning({ id: reviews.id, customerName: reviews.customerName, rating: reviews.rating });
    if (!row) return false;
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: hidden ? "content.review-hide" : "content.review-show", entity: "review", entityId: String(id), before: { hidden: !hidden }, after: { hidden, reason, customerName: row.customerName, rating: row.rating }, ipAddress: actor.ipAddress });
    return true;
  });
}
