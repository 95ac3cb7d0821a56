import type { MenuModelGroup } from "~/domain/navigation/navigation";
import { NavHref } from "./nav-link";
import { StatusDot } from "./status-dot";

/**
 * The model mega menu (spec 2.7): models grouped by category with a status dot, the 'New '
 * prefix of all-new models and an Our Stock link (hidden for upcoming models).
 * This is the mobile variant (each group in a native disclosure); the desktop variant, inside the
 * header's Radix Dropdown Menu, is ModelMenuDesktop in header-menus.tsx (loaded on first use,
 * issue 15).
 */
export function ModelMenu({ groups, variant, onChoose, label }: { groups: MenuModelGroup[]; variant: "mobile"; onChoose?: () => void; label: string }) {
  if (!groups.length) return <p className="p-4 text-sm text-slate-600">No models to show yet.</p>;

  const item = (m: MenuModelGroup["models"][number]) => (
    <li key={m.slug} className="flex items-center gap-2 py-1">
      <NavHref url={m.url} onClick={onChoose} className="flex flex-1 items-center gap-2 hover:underline">
        <StatusDot status={m.status} />
        {m.label}
      </NavHref>
      {m.stockUrl ? (
        <NavHref url={m.stockUrl} onClick={onChoose} className="rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-100">
          Our Stock<span className="sr-only">{`: ${m.label}`}</span>
        </NavHref>
      ) : null}
    </li>
  );

  if (variant === "mobile") {
    return (
      <div aria-label={label} role="group" className="space-y-1">
        {groups.map((g) => (
          <details key={g.key} className="rounded border border-slate-200">
            <summary className="cursor-pointer px-3 py-2 font-medium">{g.label}</summary>
            <ul className="px-3 pb-2 text-sm">{g.models.map(item)}</ul>
          </details>
        ))}
      </div>
    );
  }
  return null;
}
