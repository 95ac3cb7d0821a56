/**
 * Shared pieces of issue 14's pages: breadcrumbs, a banner, sanitised Markdown bodies, JSON-LD
 * and the head tags every content page sets (title, meta description, canonical).
 */
import { Link } from "react-router";

/** Head tags of a content page: `<title>`, meta description and the canonical URL. */
export function pageMeta(data: { title: string; description: string; canonical: string; siteName: string } | undefined) {
  if (!data) return [{ title: "Page not found" }];
  return [
    { title: `${data.title} | ${data.siteName}` },
    { name: "description", content: data.description },
    { tagName: "link", rel: "canonical", href: data.canonical },
    { property: "og:title", content: data.title },
    { property: "og:url", content: data.canonical },
  ];
}

/** Visible breadcrumbs (the last item is the current page). */
export function Breadcrumbs({ items }: { items: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap gap-1">
        {items.map((item, i) => (
          <li key={item.path} className="flex gap-1">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {i === items.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <Link to={item.path} className="underline">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A decorative page banner (spec 9 default banner images). */
export function Banner({ src }: { src: string }) {
  return <img src={src} alt="" width={1200} height={240} className="mb-6 h-32 w-full rounded object-cover sm:h-48" />;
}

/** HTML that the server rendered from Markdown and sanitised (content.server.ts renderMarkdown). */
export function ContentBody({ html }: { html: string }) {
  return (
    <div
      className="max-w-3xl leading-relaxed [&_a]:text-[var(--site-primary)] [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_table]:mt-4 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A JSON-LD script; `json` comes from serialiseLd (`<` escaped). */
export function JsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
