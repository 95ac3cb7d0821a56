import type { ReactNode } from "react";

/**
 * A console table that scrolls sideways inside its own region on a narrow screen instead of
 * widening the page. The region is labelled and focusable, so a keyboard can scroll it (axe
 * `scrollable-region-focusable`).
 * @param label what the table lists (the region's accessible name)
 * @param className spacing around the region (e.g. `mt-4`)
 * @param children the table's caption, head and body
 */
export function ScrollingTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={`${label} (scrolls sideways on a narrow screen)`} tabIndex={0} className={`${className ?? ""} overflow-x-auto`.trim()}>
      <table className="w-full text-left text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1">{children}</table>
    </div>
  );
}
