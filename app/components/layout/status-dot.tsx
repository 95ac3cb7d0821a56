import type { ModelStatus } from "~/domain/navigation/navigation";

const DOT: Record<ModelStatus, { colour: string; text: string }> = {
  current: { colour: "bg-emerald-600", text: "On sale" },
  all_new: { colour: "bg-sky-600", text: "All-new" },
  coming_soon: { colour: "bg-amber-500", text: "Upcoming" },
  discontinued: { colour: "bg-slate-400", text: "Discontinued" },
};

/** The model status dot of the mega menu (spec 2.7), with its status as screen-reader text. */
export function StatusDot({ status }: { status: ModelStatus }) {
  const d = DOT[status];
  return (
    <>
      <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${d.colour}`} data-status={status} />
      <span className="sr-only">{`${d.text}: `}</span>
    </>
  );
}
