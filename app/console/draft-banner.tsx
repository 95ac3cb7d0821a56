/**
 * The settings draft's banner (issue 48 item 5; issue 50's brand theme page saves the same draft):
 * that shoppers do not see it, and the buttons the member's role allows: preview, publish, discard.
 * Each button is a plain form post with `intent` to the page showing it.
 */
export function DraftBanner({ slug, draft, may, discard = false }: { slug: string; draft: { revision: number; updatedAt?: string }; may: { edit: boolean; publish: boolean }; discard?: boolean }) {
  return (
    <div className="mt-3 rounded border border-amber-600 bg-amber-50 p-3">
      <p>
        <strong>Unpublished draft</strong> (revision {draft.revision}
        {draft.updatedAt ? `, saved ${draft.updatedAt.replace("T", " ").slice(0, 16)} UTC` : ""}). Shoppers do not see it.
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        {may.edit ? (
          <a href={`/sites/${slug}/settings/preview`} className="rounded border border-slate-700 px-3 py-1 underline">
            Preview the draft
          </a>
        ) : null}
        {may.publish ? (
          <form method="post">
            <button type="submit" name="intent" value="publish" className="rounded bg-slate-900 px-3 py-1 text-white">
              Publish the draft
            </button>
          </form>
        ) : null}
        {discard && may.edit ? (
          <form method="post">
            <button type="submit" name="intent" value="discard" className="rounded border border-slate-700 px-3 py-1">
              Discard the draft
            </button>
          </form>
        ) : null}
      </div>
    </div>
  );
}
