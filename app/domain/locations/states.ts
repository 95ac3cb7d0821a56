/** Australia's states and territories as location rows store them (spec 3 `state`). */
export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
