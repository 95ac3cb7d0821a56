/** Opening hours table (spec 2.5: Mon-Fri grouped, Sat and Sun separate). */
import type { HoursRow } from "~/domain/opening-hours";

export function OpeningHoursTable({ rows, caption }: { rows: HoursRow[]; caption: string }) {
  return (
    <table className="mt-3 text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.days}>
            <th scope="row" className="pr-4 text-left align-top font-normal text-slate-700">
              <abbr title={r.daysLong} className="no-underline">
                {r.days}
              </abbr>
            </th>
            <td>{r.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'Open now, closes 5:30pm' / 'Closed, opens Mon 8:30am' (spec 2.5, in the site's time zone). */
export function OpenStatus({ status }: { status: { open: boolean; text: string } }) {
  return (
    <p className={`text-sm font-semibold ${status.open ? "text-green-800" : "text-slate-700"}`} data-testid="open-status">
      {status.text}
    </p>
  );
}
