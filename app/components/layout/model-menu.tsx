import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { MenuModelGroup } from "~/domain/navigation/navigation";
import { NavHref } from "./nav-link";
import { StatusDot } from "./status-dot";

/**
 * The model mega menu (spec 2.7): models grouped by category with a status dot, the 'New '
 * prefix of all-new models and an Our Stock link (hidden for upcoming models).
 * `variant="desktop"` (inside the header's Radix Dropdown Menu) lays the groups out in columns
 * within the space below the button, re-measured on window resize;
 * `variant="mobile"` stacks each group in a native disclosure.
 */
export function ModelMenu({ groups, variant, onChoose, label }: { groups: MenuModelGroup[]; variant: "desktop" | "mobile"; onChoose?: () => void; label: string }) {
  if (!groups.length) return <p className="p-4 text-sm text-slate-600">No models to show yet.</p>;

  const item = (m: MenuModelGroup["models"][number]) => (
    <li key={m.slug} className="flex items-center gap-2 py-1">
      <NavHref url={m.url} onClick={onChoose} className="flex flex-1 items-center gap-2 hover:underline">
        <StatusDot status={m.status} />
        {m.label}
      </NavHref>
      {m.stockUrl ? (
        <NavHref url={m.stockUrl} onClick={onChoose} className="rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-100">
          Our Stock<span className="sr-only">: {m.label}</span>
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
  // Desktop: inside a Radix Dropdown Menu, so each link is a menu item (arrow keys move between
  // them, choosing one closes the menu). Floating-ui re-measures the space below the button on
  // every resize and scroll; the menu scrolls within it.
  return (
    <div data-testid="model-mega-menu" className="grid max-h-[calc(var(--radix-dropdown-menu-content-available-height)-8px)] grid-cols-2 gap-x-8 gap-y-4 overflow-y-auto p-5 text-slate-900 lg:grid-cols-4">
      {groups.map((g) => (
        <DropdownMenu.Group key={g.key} aria-labelledby={`models-${g.key}`}>
          <DropdownMenu.Label id={`models-${g.key}`} className="mb-1 text-xs font-bold uppercase tracking-wide text-slate-600">
            {g.label}
          </DropdownMenu.Label>
          {g.models.map((m) => (
            <div key={m.slug} className="flex items-center gap-2 py-0.5 text-sm">
              <DropdownMenu.Item asChild>
                <NavHref url={m.url} className="flex flex-1 items-center gap-2 rounded px-1 py-0.5 outline-none hover:underline data-[highlighted]:bg-slate-100">
                  <StatusDot status={m.status} />
                  {m.label}
                </NavHref>
              </DropdownMenu.Item>
              {m.stockUrl ? (
                <DropdownMenu.Item asChild>
                  <NavHref url={m.stockUrl} className="rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-700 outline-none hover:bg-slate-100 data-[highlighted]:bg-slate-100">
                    Our Stock<span className="sr-only">: {m.label}</span>
                  </NavHref>
                </DropdownMenu.Item>
              ) : null}
            </div>
          ))}
        </DropdownMenu.Group>
      ))}
    </div>
  );
}
