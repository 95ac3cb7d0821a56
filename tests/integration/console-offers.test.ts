/**
 * The console's offers (issue 50 items 1 and 7) through real HTTP on the console host and the
 * site's host: the comparison-rate rule (NCCP reg 100), drafts, scheduling in the site's time
 * zone, the scheduler job (once per change, several callers), preview "as of" a moment, duplicate
 * and retire, each change in the audit trail.
 */
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { COMPARISON_RATE_REQUIRED, publishProblem } from "../../app/console/offers.server";
import { signPreviewToken } from "../../app/console/preview-token.server";
import { addStaffMember } from "../../app/console/staff.server";
import { instantOfLocalInput, localInputOf } from "../../app/domain/content/schedule";
import { COMPARISON_RATE_WARNING } from "../../app/domain/finance/disclosure-text";
import { runDueChanges } from "../../app/services/scheduled-changes.server";
import { contentImages, offers, scheduledChanges, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { CONSOLE_HOST, CONSOLE_ORIGIN, consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
let editor: string;
let reader: string;
const ip = freshClientIp();
const ZONE = "Australia/Sydney";
const DAY = 86_400_000;

beforeAll(async () => {
  const { t, handle } = state;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await addStaffMember(handle.db, { email: `editor-${stamp}@offers.test`, role: "content_editor", target: { siteSlug: t.site.slug } });
  await addStaffMember(handle.db, { email: `reader-${stamp}@offers.test`, role: "read_only", target: { siteSlug: t.site.slug } });
  editor = await signInByLink(t, handle, `editor-${stamp}@offers.test`, ip);
  reader = await signInByLink(t, handle, `reader-${stamp}@offers.test`, ip);
});

const editPath = (id?: number) => `/sites/${state.t.site.slug}/offers/edit${id ? `?id=${id}` : ""}`;
const post = (cookie: string, form: Record<string, string>, id?: number) => consoleRequest(state.t, editPath(id), { ip, cookie, form });
const shopper = (path: string, cookie?: string) => state.t.request(path, { headers: { "x-forwarded-for": "198.51.100.9", ...(cookie ? { cookie } : {}) } });
const idOf = (response: Response) => Number(/[?&]id=(\d+)/.exec(response.headers.get("location") ?? "")?.[1]);

describe(`console offers (${ENGINE})`, () => {
  it("reg 100: a finance rate without a comparison rate is refused, the field named, every typed value kept, nothing saved", async () => {
    const name = `Finance refused ${Date.now()}`;
    const response = await post(editor, { intent: "save", name, description: "Low rate finance on every new HiLux.", financeRate: "5.99", termYears: "5" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(COMPARISON_RATE_REQUIRED.slice(0, 40));
    expect(page).toMatch(/id="f-comparisonRate"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="f-comparisonRate"/);
    expect(page).toContain(`value="${name}"`);
    expect(page).toContain("Low rate finance on every new HiLux.");
    expect(page).toContain('value="5.99"');
    expect(await state.handle.db.select().from(offers).where(eq(offers.name, name))).toHaveLength(0);
    // A comparison rate below the rate is refused too (it adds fees to it).
    const lower = await post(editor, { intent: "save", name, financeRate: "5.99", comparisonRate: "4.10" });
    expect(lower.status).toBe(400);
    expect(await lower.text()).toContain("Comparison rate cannot be below the finance rate");
  });

  it("a row whose finance source lacks its comparison rate cannot be published", () => {
    expect(publishProblem({ status: "draft", finance: { source: "offer", interestRate: 5.99, termYears: 5 } })?.field).toBe("comparisonRate");
    expect(publishProblem({ status: "draft", finance: { source: "offer", interestRate: 5.99, comparisonRate: 6.5, termYears: 5 } })).toBeNull();
    expect(publishProblem({ status: "draft", finance: null })).toBeNull();
    expect(publishProblem({ status: "retired", finance: null })?.message).toContain("retired");
  });

  it("scheduled for tomorrow 9:00 site time: hidden from shoppers, shown in a preview as of then, published by the job at that moment only", async () => {
    const now = Date.now();
    const tomorrow = `${localInputOf(now + DAY, ZONE).slice(0, 10)}T09:00`;
    const runAt = instantOfLocalInput(tomorrow, ZONE)!;
    const name = `Scheduled finance ${now}`;
    const response = await post(editor, { intent: "schedule", name, kind: "offer", description: "Finance a new RAV4.", financeRate: "5.99", comparisonRate: "6.49", termYears: "5", publishAt: tomorrow });
    expect(response.status).toBe(302);
    const id = idOf(response);
    const [row] = await state.handle.db.select().from(offers).where(eq(offers.id, id));
    expect(row).toMatchObject({ status: "draft", siteId: state.t.site.id, finance: { source: "offer", interestRate: 5.99, comparisonRate: 6.49, termYears: 5 } });
    const [change] = await state.handle.db.select().from(scheduledChanges).where(and(eq(scheduledChanges.entity, "offer"), eq(scheduledChanges.entityId, id)));
    expect(change).toMatchObject({ action: "publish", status: "pending" });
    expect(change!.runAt.toISOString()).toBe(runAt.toISOString());

    expect(await (await shopper("/special-offers")).text()).not.toContain(name);
    expect((await shopper(`/offers/${id}`)).status).toBe(404);

    const user = (await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.entity, "offer"), eq(staffAudit.entityId, String(id)), eq(staffAudit.action, "offer.create"))))[0]!.userId!;
    const asOf = async (at: number) => `fc_preview=${await signPreviewToken(state.handle.db, state.t.site.id, user, Date.now(), { asOf: at })}`;
    const before = await (await shopper("/special-offers", await asOf(runAt.getTime() - 60_000))).text();
    expect(before).not.toContain(name);
    const after = await shopper("/special-offers", await asOf(runAt.getTime() + 60_000));
    expect(after.headers.get("cache-control")).toContain("no-store");
    const previewPage = await after.text();
    expect(previewPage).toContain(name);
    expect(previewPage).toContain("Preview of the site as of");

    // The job at a minute before does nothing; two callers at the moment apply it once.
    expect(await runDueChanges(state.handle.db, runAt.getTime() - 60_000, { siteId: state.t.site.id })).toEqual({ applied: 0, failed: 0 });
    const [a, b] = await Promise.all([runDueChanges(state.handle.db, runAt.getTime() + 1000, { siteId: state.t.site.id }), runDueChanges(state.handle.db, runAt.getTime() + 1000, { siteId: state.t.site.id })]);
    expect(a.applied + b.applied).toBeGreaterThanOrEqual(1);
    const mine = await state.handle.db.select().from(scheduledChanges).where(and(eq(scheduledChanges.entity, "offer"), eq(scheduledChanges.entityId, id)));
    expect(mine.map((c) => c.status)).toEqual(["applied"]);
    const page = await (await shopper("/special-offers")).text();
    expect(page).toContain(name);
    expect(page).toContain("Comparison rate 6.49% p.a.*");
    expect(page).toContain(COMPARISON_RATE_WARNING);
    const audit = await state.handle.db.select().from(staffAudit).where(eq(staffAudit.entityId, String(id)));
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(["offer.create", "offer.schedule", "offer.scheduled-publish"]));
  });

  it("publish now, duplicate as a draft, retire (gone for shoppers, schedule cancelled)", async () => {
    const name = `Service special ${Date.now()}`;
    const created = await post(editor, { intent: "publish", name, kind: "offer", category: "Service offer", description: "Half-price first service." });
    expect(created.status).toBe(302);
    const id = idOf(created);
    expect(await (await shopper("/special-offers")).text()).toContain(name);

    const copy = await post(editor, { intent: "duplicate" }, id);
    const copyId = idOf(copy);
    expect(copyId).not.toBe(id);
    const [copied] = await state.handle.db.select().from(offers).where(eq(offers.id, copyId));
    expect(copied).toMatchObject({ name: `Copy of ${name}`, status: "draft", category: "Service offer" });

    const later = localInputOf(Date.now() + 3 * DAY, ZONE);
    expect((await post(editor, { intent: "schedule", name, unpublishAt: later }, id)).status).toBe(302);
    expect((await post(editor, { intent: "retire" }, id)).status).toBe(302);
    expect(await (await shopper("/special-offers")).text()).not.toContain(name);
    const changes = await state.handle.db.select().from(scheduledChanges).where(and(eq(scheduledChanges.entity, "offer"), eq(scheduledChanges.entityId, id)));
    expect(changes.map((c) => c.status)).toEqual(["cancelled"]);
  });

  it("an expiry on a day that does not exist is refused beside its field, not saved as no expiry", async () => {
    const name = `No such day ${Date.now()}`;
    const response = await post(editor, { intent: "save", kind: "offer", name, startsAt: "2027-02-01T09:00", expiresAt: "2027-02-30T09:00" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Expires: that day or time does not exist.");
    expect(page).toContain('value="2027-02-30T09:00"');
    expect(await state.handle.db.select().from(offers).where(eq(offers.name, name))).toHaveLength(0);
  });

  it("a schedule in the past is refused beside its field and nothing is created", async () => {
    const name = `Past schedule ${Date.now()}`;
    const response = await post(editor, { intent: "schedule", name, publishAt: localInputOf(Date.now() - DAY, ZONE) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Publish at must be in the future");
    expect(await state.handle.db.select().from(offers).where(eq(offers.name, name))).toHaveLength(0);
  });

  it("an uploaded image is re-encoded without its EXIF, kept in the database and served by /images; a non-image or an oversized file is refused beside the field", async () => {
    const upload = (file: Blob, name: string, filename: string) => {
      const body = new FormData();
      body.set("intent", "save");
      body.set("name", name);
      body.set("image", file, filename);
      return state.t.request(editPath(), { host: CONSOLE_HOST, method: "POST", body, redirect: "manual", headers: { "x-forwarded-for": ip, cookie: editor, origin: CONSOLE_ORIGIN } });
    };
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c00" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Dealer photo 2026", Make: "PhoneCam" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const name = `With image ${Date.now()}`;
    const saved = await upload(new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), name, "photo.jpg");
    expect(saved.status).toBe(302);
    const [row] = await state.handle.db.select().from(offers).where(eq(offers.id, idOf(saved)));
    const src = /src=([^&]+)/.exec(row!.imageUrl ?? "")?.[1];
    expect(decodeURIComponent(src ?? "")).toMatch(/^\/content-images\/\d+\.webp$/);
    const [stored] = await state.handle.db.select().from(contentImages).where(eq(contentImages.id, Number(/(\d+)\.webp/.exec(decodeURIComponent(src!))![1])));
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    const served = await state.t.request(row!.imageUrl!, { headers: { accept: "image/webp" } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    const text = await upload(new Blob(["not a picture"], { type: "image/jpeg" }), `${name} text`, "fake.jpg");
    expect(text.status).toBe(400);
    const page = await text.text();
    expect(page).toContain("not an image we can read");
    expect(page).toContain(`value="${name} text"`);
    const big = await upload(new Blob([new Uint8Array(5 * 1024 * 1024 + 1024)], { type: "image/jpeg" }), `${name} big`, "big.jpg");
    expect(big.status).toBe(400);
    expect(await big.text()).toContain("at most 5 MB");
    expect(await state.handle.db.select().from(offers).where(eq(offers.name, `${name} big`))).toHaveLength(0);
  });

  it("an iPhone HEIC image is decoded (on the HEIC worker), stored upright as WebP without its EXIF (issue 49 item 2)", async () => {
    // tests/fixtures/car.heic: 1024 x 768, HEVC in HEIF, with EXIF naming the camera "TestPhone";
    // a red circle at 300,380 (see console-photos.test.ts).
    const body = new FormData();
    const name = `HEIC image ${Date.now()}`;
    body.set("intent", "save");
    body.set("name", name);
    body.set("image", new Blob([new Uint8Array(readFileSync("tests/fixtures/car.heic"))], { type: "image/heic" }), "IMG_0002.HEIC");
    const saved = await state.t.request(editPath(), { host: CONSOLE_HOST, method: "POST", body, redirect: "manual", headers: { "x-forwarded-for": ip, cookie: editor, origin: CONSOLE_ORIGIN } });
    expect(saved.status).toBe(302);
    const [row] = await state.handle.db.select().from(offers).where(eq(offers.id, idOf(saved)));
    const id = Number(/content-images%2F(\d+)\.webp/.exec(row!.imageUrl ?? "")?.[1]);
    const [stored] = await state.handle.db.select().from(contentImages).where(eq(contentImages.id, id));
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 1024, 768, undefined]);
    const [r, g] = [...(await sharp(stored!.bytes).extract({ left: 300, top: 380, width: 1, height: 1 }).raw().toBuffer())];
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(90);
  });

  it("read-only staff see the offers but cannot change them", async () => {
    const list = await consoleRequest(state.t, `/sites/${state.t.site.slug}/offers`, { ip, cookie: reader });
    expect(list.status).toBe(200);
    expect(await list.text()).not.toContain("New offer or promo card");
    expect((await post(reader, { intent: "save", name: "Not allowed" })).status).toBe(403);
  });
});
