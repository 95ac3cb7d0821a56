/**
 * Demo location data for issue 12 (spec 3 "Review", "special or holiday hours"): per-location
 * review figures and sample reviews (one location carries the spec's sample set: 20 reviews
 * listed, 959 in total, average 4.1), special and holiday hours in both spec 3 shapes, and card
 * images. Deterministic, so every seed of every database looks the same.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { locations, reviews } from "../schema/index";
import { normaliseSpecialHours } from "../../app/domain/special-hours";

const DAY = 86_400_000;

function unit(key: string): number {
  return parseInt(createHash("md5").update(key).digest("hex").slice(0, 8), 16) / 0x100000000;
}

const TEXTS: Record<number, string[]> = {
  5: [
    "Smooth purchase from start to finish. The sales consultant knew the car inside out and never pushed.",
    "Traded in my old ute and drove away the same afternoon. Fair price on the trade.",
    "Service team explained every line of the invoice. Car was washed too!",
    "Finance sorted in under an hour with a better rate than my bank.",
    "Found exactly the family SUV we wanted and they held it for us overnight.",
  ],
  4: ["Good range of stock and honest answers. Paperwork took a little longer than expected.", "Test drive booked online and the car was ready when I arrived.", "Friendly team, clean yard, fair prices."],
  3: ["Car was great but I had to chase up the second key twice.", "Decent service, though the loan car was not ready on time."],
  2: ["Waited 40 minutes past my service booking time."],
  1: ["Nobody called me back about the part I ordered."],
};
const NAMES = ["Mia T.", "Jack R.", "Olivia S.", "Noah W.", "Charlotte K.", "William B.", "Ava L.", "James H.", "Isla M.", "Lucas P.", "Grace N.", "Henry D.", "Zoe F.", "Leo G.", "Ruby C.", "Oscar V.", "Chloe A.", "Ethan J.", "Sophie Y.", "Max E."];
const REPLY = "Thanks for taking the time to review us. We have passed your comments on to the team.";

/** Review plan of one location: the profile's total and average, and how many samples to list. */
interface ReviewPlan {
  total: number;
  average: number;
  samples: number;
}

/** Spec 3's sample set lives on Harbourside Parramatta; one location sits under MINIMUM_RATING 4. */
const FIXED_PLANS: Record<string, ReviewPlan> = {
  "harbour-auto-group/parramatta": { total: 959, average: 4.1, samples: 20 },
  "harbour-auto-group/alexandria-parts": { total: 37, average: 3.8, samples: 8 },
};

function planFor(siteSlug: string, slug: string): ReviewPlan {
  const key = `${siteSlug}/${slug}`;
  return FIXED_PLANS[key] ?? { total: 40 + Math.floor(unit(`${key}:total`) * 560), average: Math.round((4 + unit(`${key}:avg`) * 0.9) * 10) / 10, samples: 8 + Math.floor(unit(`${key}:n`) * 5) };
}

/** Ratings whose mean is close to `average`: mostly 5s and 4s with a few low ones (so minimums matter). */
function sampleRatings(plan: ReviewPlan, key: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < plan.samples; i++) {
    const want = plan.average * (i + 1) - out.reduce((s, r) => s + r, 0);
    const jitter = unit(`${key}:${i}`) < 0.2 ? -1 : 0;
    out.push(Math.max(1, Math.min(5, Math.round(want) + jitter)));
  }
  return out;
}

/** Christmas closures (the `start_hour` shape) and a Christmas Eve short day (the `hours.begin` shape). */
function specialHours(locationId: number, year: number) {
  return normaliseSpecialHours([
    { date: `${year}-12-24`, status: "Open", hours: { begin: "09:00", end: "13:00" }, note: "Christmas Eve" },
    { date: `${year}-12-25`, status: "Closed", location_id: locationId, start_hour: null, end_hour: null, note: "Christmas Day" },
    { date: `${year}-12-26`, status: "Closed", location_id: locationId, start_hour: null, end_hour: null, note: "Boxing Day" },
    { date: `${year + 1}-01-01`, status: "Closed", location_id: locationId, start_hour: null, end_hour: null, note: "New Year's Day" },
  ]);
}

/**
 * Seeds one demo location's reviews (replacing earlier samples), review figures, special hours
 * and card image. Idempotent.
 * @param location the stored location row
 * @param now seed time in ms (review dates count back from it)
 */
export async function seedLocationDemo(db: Database, siteSlug: string, location: { id: number; siteId: number; slug: string; locationType: string | null }, now: number): Promise<void> {
  const plan = planFor(siteSlug, location.slug);
  const key = `${siteSlug}/${location.slug}`;
  const ratings = sampleRatings(plan, key);
  const list = ratings.map((rating, i) => {
    const texts = TEXTS[rating];
    const reviewDate = new Date(now - Math.floor((i * 11 + 2 + unit(`${key}:d${i}`) * 9) * DAY));
    const replied = rating <= 3 || unit(`${key}:r${i}`) < 0.3;
    return {
      siteId: location.siteId,
      locationId: location.id,
      customerName: NAMES[(i + Math.floor(unit(key) * NAMES.length)) % NAMES.length],
      text: texts[Math.floor(unit(`${key}:t${i}`) * texts.length)],
      rating,
      reviewDate,
      replyText: replied ? REPLY : null,
      replyDate: replied ? new Date(reviewDate.getTime() + 2 * DAY) : null,
    };
  });
  await db.delete(reviews).where(eq(reviews.locationId, location.id));
  await db.insert(reviews).values(list);
  const year = new Date(now).getUTCFullYear();
  const image = location.locationType === "sales" ? "sales" : location.locationType === "parts" ? "parts" : "service";
  await db
    .update(locations)
    .set({ reviewAverage: plan.average, reviewCount: plan.total, specialHours: specialHours(location.id, year), imageUrl: `/locations/${image}.svg` })
    .where(eq(locations.id, location.id));
}
