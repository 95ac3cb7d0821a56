export * from "./sites";
export * from "./locations";
export * from "./catalogue";
export * from "./cars";
export * from "./content";
export * from "./phone-reveals";
export * from "./leads";
export * from "./site-content";
