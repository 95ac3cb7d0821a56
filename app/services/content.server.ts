/**
 * Content as data (issue 14; spec 2.1 content and legal rows, 2.6, 9): per-site pages, articles
 * and landing copy from the `content_pages` table, rendered server-side from Markdown (marked)
 * and sanitised (sanitize-html) so no raw HTML from data reaches a page. Shared templates
 * (`site_id` null) are filled with the site's facts; a site's own row with the same slug wins.
 * Server-only: neither library ships in the client bundle.
 */
import { and, asc, desc, eq, gt, isNull, like, lte, or } from "drizzle-orm";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { decodeHTML } from "entities";
import { z } from "zod";
import type { Database } from "../../db/client";
import { contentPages, unsubscribeRequests } from "../../db/schema/index";
import { fillTemplate, fillText, type TemplateValues } from "~/domain/content/template";
import { stripControlCharacters } from "~/domain/text/control-characters";
import type { Site } from "~/sites/site";
import { listLocations, type Location } from "./locations.server";

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "br", "hr", "ul", "ol", "li", "strong", "em", "b", "i", "a", "blockquote", "code", "pre", "table", "thead", "tbody", "tr", "th", "td", "img", "del"],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height"], th: ["scope"], td: ["colspan"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Markdown "#" headings sit under the page's own h1.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy" } }),
  },
};
SANITIZE.allowedAttributes = { ...(SANITIZE.allowedAttributes as Record<string, string[]>), a: ["href", "title", "rel"], img: ["src", "alt", "width", "height", "loading"] };

/**
 * Markdown (which may hold raw HTML) to safe HTML: only the allow-listed tags and attributes,
 * links and images only over http(s), mailto and tel (no `javascript:` or `data:`), scripts,
 * styles, iframes and event handlers removed.
 * @returns an HTML string safe for `dangerouslySetInnerHTML`. Never throws.
 */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, SANITIZE);
}

/**
 * Markdown or HTML to plain text (for offer cards and meta descriptions): every tag dropped,
 * entities decoded, white space collapsed. Render the result as text (React escapes it).
 */
export function markdownToPlainText(markdown: string): string {
  const html = sanitizeHtml(marked.parse(markdown) as string, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard", nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "title"] });
  return decodeHTML(html).replace(/\s+/g, " ").trim();
}

export type ContentPageRow = typeof contentPages.$inferSelect;

/** A content page's slug: its URL path without the leading "/", lower-case words and hyphens, up to four "/". */
export const ContentSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,3}$/);

/** Where blog articles live (spec 2.1 /blog/vehicle-reviews/{slug}): a page under it is an article. */
export const ARTICLE_PREFIX = "blog/vehicle-reviews/";

/** The kind of page a slug serves: an article under {@link ARTICLE_PREFIX}, else a page. */
export function contentKindOf(slug: string): "page" | "article" {
  return slug.startsWith(ARTICLE_PREFIX) ? "article" : "page";
}

/**
 * A page as it will look, from unsaved Markdown (the console's preview): the site's facts filled
 * in, rendered and sanitised exactly as the live page.
 * @returns the title and sanitised HTML
 */
export async function renderPagePreview(db: Database, site: Site, input: { title: string; body: string }): Promise<{ title: string; html: string }> {
  const values = await templateValues(db, site);
  return { title: fillText(input.title, values), html: renderMarkdown(fillTemplate(input.body, values)) };
}

/** A page ready to render: `html` is sanitised. */
export interface ContentPageView {
  slug: string;
  kind: ContentPageRow["kind"];
  title: string;
  description: string;
  html: string;
  imageUrl: string | null;
  publishedAt: string | null;
  updatedAt: string;
}

const live = (now: Date) =>
  and(eq(contentPages.enabled, true), or(isNull(contentPages.publishedAt), lte(contentPages.publishedAt, now)), or(isNull(contentPages.unpublishedAt), gt(contentPages.unpublishedAt, now)));

/** A preview with scheduled page changes: the query takes every row and {@link isLive} judges each after. */
function hasScheduledPages(site: Site): boolean {
  return !!site.preview?.pages && Object.keys(site.preview.pages).length > 0;
}

/**
 * The site's row for a slug, else the shared template; null when neither exists, the site's row
 * disables it, or it is outside its publish dates.
 */
async function findPage(db: Database, site: Site, slug: string, now: Date): Promise<ContentPageRow | null> {
  const rows = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), or(eq(contentPages.siteId, site.id), isNull(contentPages.siteId))))
    .orderBy(asc(contentPages.siteId)); // site row (not null) sorts before the template (nulls last)
  const row = rows[0];
  return row && isLive(row, now, site) ? row : null;
}

/**
 * Enabled and inside its publish dates. In a staff preview "as of" a moment, a page's scheduled
 * publish or unpublish due by then stands for its enabled flag.
 */
function isLive(row: Pick<ContentPageRow, "id" | "enabled" | "publishedAt" | "unpublishedAt">, now: Date, site: Site): boolean {
  const t = now.getTime();
  const enabled = site.preview?.pages?.[row.id] ?? row.enabled;
  return enabled && (!row.publishedAt || row.publishedAt.getTime() <= t) && (!row.unpublishedAt || row.unpublishedAt.getTime() > t);
}

/** The facts shared templates may name, for one site. */
export async function templateValues(db: Database, site: Site, locs?: Location[]): Promise<TemplateValues> {
  const all = locs ?? (await listLocations(db, site));
  const primary = all.find((l) => l.primary) ?? all[0] ?? null;
  const c = site.config.content;
  const phone = site.config.phones.main ?? primary?.phone ?? "";
  const days = c.privacyComplaintResponseDays;
  return {
    site_name: site.name,
    group_name: site.dealerGroup?.name ?? site.name,
    phone,
    email: site.config.complaintsContact.email ?? primary?.email ?? "",
    address: primary ? `${primary.street ? `${primary.street}, ` : ""}${primary.city} ${primary.state} ${primary.postcode}` : "",
    suburbs: [...new Set(all.map((l) => l.city))].join(", "),
    certified_programme: site.config.display.certifiedProgrammeName,
    privacy_complaint_response_md: days ? `We will respond to your complaint within ${days} days.` : "",
    community_program_md: c.communityProgramAmount
      ? `Through our community program we have committed **$${c.communityProgramAmount.toLocaleString("en-AU")}** to local sporting clubs, schools and charities.`
      : "",
  };
}

function toView(row: ContentPageRow, values: TemplateValues): ContentPageView {
  return {
    slug: row.slug,
    kind: row.kind,
    title: fillText(row.title, values),
    description: markdownToPlainText(fillTemplate(row.description, values)),
    html: renderMarkdown(fillTemplate(row.body, values)),
    imageUrl: row.imageUrl,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A live content page of the site (spec 2.1 content and legal rows).
 * @param slug URL path without the leading slash
 * @param kinds kinds accepted (default: 'page')
 * @returns the rendered page, or null (the route answers 404)
 */
export async function getContentPage(db: Database, site: Site, slug: string, now: Date, kinds: ContentPageRow["kind"][] = ["page"]): Promise<ContentPageView | null> {
  const row = await findPage(db, site, slug, now);
  if (!row || !kinds.includes(row.kind)) return null;
  return toView(row, await templateValues(db, site));
}

/** Slugs (URL paths without the leading slash) and update times of the site's live pages and articles. */
export async function listLivePages(db: Database, site: Site, now: Date): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ id: contentPages.id, slug: contentPages.slug, siteId: contentPages.siteId, kind: contentPages.kind, enabled: contentPages.enabled, publishedAt: contentPages.publishedAt, unpublishedAt: contentPages.unpublishedAt, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(or(eq(contentPages.siteId, site.id), isNull(contentPages.siteId)))
    .orderBy(asc(contentPages.slug), asc(contentPages.siteId));
  const bySlug = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!bySlug.has(r.slug)) bySlug.set(r.slug, r);
  return [...bySlug.values()]
    .filter((r) => r.kind !== "landing" && isLive(r, now, site))
    .map((r) => ({ slug: r.slug, updatedAt: r.updatedAt }));
}

/** Articles under a prefix (e.g. "blog/vehicle-reviews/"), newest first, as list entries. */
export async function listArticles(db: Database, site: Site, prefix: string, now: Date): Promise<{ slug: string; title: string; description: string; imageUrl: string | null; publishedAt: string | null }[]> {
  const rows = await db
    .select()
    .from(contentPages)
    .where(and(like(contentPages.slug, `${prefix}%`), eq(contentPages.kind, "article"), or(eq(contentPages.siteId, site.id), isNull(contentPages.siteId)), hasScheduledPages(site) ? undefined : live(now)))
    .orderBy(desc(contentPages.publishedAt), asc(contentPages.slug));
  const seen = new Set<string>();
  const values = await templateValues(db, site);
  const out = [];
  for (const r of rows) {
    if (seen.has(r.slug)) continue;
    seen.add(r.slug);
    // A site row that disables a shared article hides it.
    const own = await findPage(db, site, r.slug, now);
    if (!own) continue;
    out.push({ slug: r.slug, title: fillText(r.title, values), description: markdownToPlainText(fillTemplate(r.description, values)), imageUrl: r.imageUrl, publishedAt: r.publishedAt?.toISOString() ?? null });
  }
  return out;
}

/** Spec 2.1 /pages/unsubscribe: the form's fields. */
export const UnsubscribeSchema = z.object({
  email: z.string({ error: "Please enter your email address." }).trim().max(200, "Please use at most 200 characters.").pipe(z.email("Please enter a valid email address.")),
  /** Free text: characters PostgreSQL text cannot hold (NUL, unpaired surrogates) are dropped, as on lead forms. */
  reason: z.string().transform(stripControlCharacters).pipe(z.string().trim().max(1000, "Please use at most 1000 characters.")).optional(),
});

/**
 * Records an unsubscribe request for the site (the dealer's CRM removes the address).
 * @returns the stored request's id
 */
export async function recordUnsubscribe(db: Database, site: Site, input: z.output<typeof UnsubscribeSchema>): Promise<number> {
  const [row] = await db
    .insert(unsubscribeRequests)
    .values({ siteId: site.id, email: input.email.toLowerCase(), reason: input.reason || null })
    .returning({ id: unsubscribeRequests.id });
  return row.id;
}
