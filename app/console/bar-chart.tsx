/**
 * A horizontal bar chart drawn as SVG on the server (issue 49 item 7: plots where people would
 * rather look than read, readable without colour alone). Each series has its own fill pattern
 * (solid, hatched, dotted, cross-hatched) shown in a legend, every bar carries its value as text,
 * the SVG's title and description read out every figure, and the same figures follow as a table.
 * No script runs in the browser.
 */

/** One series (e.g. a period): its legend label. Up to four series (one pattern each). */
export interface BarSeries {
  label: string;
}

/** One row of bars (e.g. a lead form): its label and one value per series, in series order. */
export interface BarGroup {
  label: string;
  values: readonly number[];
}

const WIDTH = 640;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 60;
const BAR = 14;
const GROUP_GAP = 10;
const LEGEND = 26;

/** Fill patterns, one per series: drawn in different shapes so they differ without colour too. */
function Patterns({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-p0`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#1e293b" />
      </pattern>
      <pattern id={`${id}-p1`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#ffffff" />
        <rect width="3" height="6" fill="#1d4ed8" />
      </pattern>
      <pattern id={`${id}-p2`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#ffffff" />
        <circle cx="3" cy="3" r="1.6" fill="#047857" />
      </pattern>
      <pattern id={`${id}-p3`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#ffffff" />
        <path d="M0 0L6 6M6 0L0 6" stroke="#9a3412" strokeWidth="1.2" />
      </pattern>
    </defs>
  );
}

/**
 * The chart, its text alternative and its table.
 * @param id unique on the page (pattern and title ids derive from it)
 * @param title what the chart counts (its figure caption)
 * @param groupHeading the table's first column heading (e.g. "Form")
 * @param empty shown instead when there is nothing to plot
 */
export function BarChart({ id, title, groupHeading, series, groups, empty }: { id: string; title: string; groupHeading: string; series: readonly BarSeries[]; groups: readonly BarGroup[]; empty: string }) {
  if (!groups.length) {
    return (
      <figure aria-labelledby={`${id}-caption`} className="mt-2">
        <figcaption id={`${id}-caption`} className="font-medium">
          {title}
        </figcaption>
        <p className="text-sm text-slate-700">{empty}</p>
      </figure>
    );
  }
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const scale = (WIDTH - LABEL_WIDTH - VALUE_WIDTH) / max;
  const groupHeight = series.length * BAR + GROUP_GAP;
  const height = LEGEND + groups.length * groupHeight;
  const description = groups.map((g) => `${g.label}: ${series.map((s, i) => `${s.label} ${g.values[i] ?? 0}`).join(", ")}`).join("; ");
  return (
    <figure aria-labelledby={`${id}-caption`} className="mt-2">
      <figcaption id={`${id}-caption`} className="font-medium">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="mt-1 h-auto w-full max-w-2xl" fontSize="12" fontFamily="inherit">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <Patterns id={id} />
        {series.length > 1
          ? series.map((s, i) => (
              <g key={s.label} transform={`translate(${LABEL_WIDTH + i * 115}, 4)`}>
                <rect width="14" height="14" fill={`url(#${id}-p${i})`} stroke="#0f172a" />
                <text x="20" y="12" fill="#0f172a">
                  {s.label}
                </text>
              </g>
            ))
          : null}
        {groups.map((g, gi) => {
          const top = LEGEND + gi * groupHeight;
          return (
            <g key={g.label}>
              <text x={LABEL_WIDTH - 8} y={top + (series.length * BAR) / 2 + 4} textAnchor="end" fill="#0f172a">
                {g.label.length > 26 ? `${g.label.slice(0, 25)}…` : g.label}
              </text>
              {series.map((s, i) => {
                const value = g.values[i] ?? 0;
                const width = Math.max(value > 0 ? 2 : 0, value * scale);
                return (
                  <g key={s.label}>
                    <rect x={LABEL_WIDTH} y={top + i * BAR + 1} width={width} height={BAR - 2} fill={`url(#${id}-p${i})`} stroke={value > 0 ? "#0f172a" : "none"} strokeWidth="0.75" />
                    <text x={LABEL_WIDTH + width + 4} y={top + i * BAR + BAR - 3} fill="#0f172a">
                      {value.toLocaleString("en-AU")}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer underline">{title}: the figures as a table</summary>
        <table className="mt-1 text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                {groupHeading}
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="pr-3 text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.label}>
                <th scope="row" className="pr-3 font-normal">
                  {g.label}
                </th>
                {series.map((s, i) => (
                  <td key={s.label} className="pr-3 text-right">
                    {(g.values[i] ?? 0).toLocaleString("en-AU")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
