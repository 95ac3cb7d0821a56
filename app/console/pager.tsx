/**
 * "Previous page / Page N of M / Next page" under a console list (plain links: the list's filters
 * are in the URL, so a page works without JavaScript).
 * @param href the link to page `p` (keeping the list's filters)
 */
export function Pager({ label, page, pages, href }: { label: string; page: number; pages: number; href: (p: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex gap-3 text-sm">
      {page > 1 ? (
        <a href={href(page - 1)} className="underline">
          Previous page
        </a>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={href(page + 1)} className="underline">
          Next page
        </a>
      ) : null}
    </nav>
  );
}
