/** The dashboard's periods (issue 49 item 7), shared by its figures and its page. */
export const PERIODS = [
  { key: "today", label: "Today" },
  { key: "week", label: "Last 7 days" },
  { key: "month", label: "Last 30 days" },
] as const;
export type PeriodKey = (typeof PERIODS)[number]["key"];
/** A count per period. */
export type PeriodCounts = Record<PeriodKey, number>;
