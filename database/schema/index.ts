export * from "./auth";
export * from "./campaigns";
export * from "./content";
export * from "./outreach";
