/** The stock list's choices, shared by its page and its server code (issue 49 item 1). */

/** Age-in-stock bands (days since the car was listed), as the list filters by them. */
export const AGE_BANDS = {
  "0-30": { label: "Up to 30 days", from: 0, to: 31 },
  "31-60": { label: "31 to 60 days", from: 31, to: 61 },
  "61-90": { label: "61 to 90 days", from: 61, to: 91 },
  "90+": { label: "Over 90 days", from: 91, to: null },
} as const;
export type AgeBand = keyof typeof AGE_BANDS;

export const STOCK_SORTS = {
  newest: "Newest in stock first",
  oldest: "Oldest in stock first",
  "price-asc": "Price, low to high",
  "price-desc": "Price, high to low",
  stock: "Stock number",
} as const;

/** The bulk actions of the stock list. */
export const BULK_ACTIONS = {
  "price-amount": "Change the price by an amount",
  "price-percent": "Change the price by a percentage",
  hide: "Hide from the website",
  show: "Show on the website",
  move: "Move to a location",
  sold: "Mark sold",
} as const;
export type BulkAction = keyof typeof BULK_ACTIONS;

