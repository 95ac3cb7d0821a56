/**
 * Pagination with gap markers (issue 17): page 1, the last page and the pages within 2 of the
 * current one, with a `"gap"` wherever pages are skipped, e.g. current 1 of 18 ->
 * `[1, 2, 3, "gap", 18]`; current 9 of 18 -> `[1, "gap", 7, 8, 9, 10, 11, "gap", 18]`.
 * A single skipped page is shown as its number rather than a gap (`[1, 2, 3, 4, 5]`, never `1 … 3`).
 * @param current 1-based current page (clamped into 1..pages)
 * @param pages total pages (0 or 1: a single `[1]` or nothing)
 * @returns page numbers in order, with "gap" markers
 */
export function paginationItems(current: number, pages: number, around = 2): (number | "gap")[] {
  if (pages < 1) return [];
  const c = Math.min(Math.max(1, current), pages);
  const keep = new Set<number>([1, pages]);
  for (let p = c - around; p <= c + around; p++) if (p >= 1 && p <= pages) keep.add(p);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const p of sorted) {
    const prev = out.length ? (out[out.length - 1] as number) : 0;
    if (out.length && p - prev === 2) out.push(p - 1);
    else if (out.length && p - prev > 2) out.push("gap");
    out.push(p);
  }
  return out;
}
