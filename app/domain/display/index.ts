/**
 * Display rules for car cards and the vehicle detail page (spec 2.3, 2.4, 4, 5 "Buttons and
 * display", 7, 8, 9 "Display"): pure functions, no I/O. Options are plain interfaces with
 * `DEFAULT_*` constants; the site's zod SiteConfig supplies them.
 */
export * from "./price-display";
export * from "./tags";
export * from "./certified";
export * from "./rego";
export * from "./spec-list";
export * from "./dealer-comments";
export * from "./call-number";
export * from "./phone";
export * from "./market-price";
export * from "./caravan";
export * from "./share";
export * from "./buttons";
export * from "./images";
export * from "./service-plan";
