import { FieldErrors } from "./forms";

/**
 * The top of a site's console page: the document title, a link back to the site's dashboard and
 * the page heading (`id` names the heading for the page's `aria-labelledby`).
 */
export function SitePageHeading({ site, title, id }: { site: { slug: string; name: string }; title: string; id: string }) {
  return (
    <>
      <title>{`${title} · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id={id} className="text-2xl font-bold">
        {title}
      </h1>
    </>
  );
}

/**
 * A labelled select of a list's GET filter form, with its message beside it.
 * @param options value -> label, after an "any" option with value ""
 */
export function FilterSelect({ id, name, label, any, options, value, error }: { id: string; name: string; label: string; any: string; options: Record<string, string>; value: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="mt-1 rounded border border-slate-500 px-2 py-1">
        <option value="">{any}</option>
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} messages={error ? [error] : []} />
    </div>
  );
}
